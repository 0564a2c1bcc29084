// The CRC-32 the ZIP writer records (slicing-by-8): the standard check value, and the same
// result as the plain byte-at-a-time definition on every length and split. Node and browsers.
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/store/transfer/zip/crc32.js';

/** CRC-32 by its definition, one bit at a time: the reference. */
function bitwise(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function bytesOf(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 7919 + seed * 31 + (index >> 7)) & 0xff;
  return bytes;
}

describe('crc32', () => {
  it('gives the standard check value and an empty input 0', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('matches the bitwise definition on every length 0–40 and a long input, whole or continued in parts', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = bytesOf(length, length);
      expect(crc32(bytes), `length ${length}`).toBe(bitwise(bytes));
    }
    const long = bytesOf(100_003, 7);
    expect(crc32(long)).toBe(bitwise(long));
    for (const split of [1, 7, 8, 9, 65_536]) expect(crc32(long.subarray(split), crc32(long.subarray(0, split))), `split ${split}`).toBe(bitwise(long));
  });
});
