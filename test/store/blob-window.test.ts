// The Blob window importAll reads a backup through: every slice it gives is the Blob's own bytes,
// in order, backwards, across window edges, past the end, and large slices read directly.
import { describe, expect, it } from 'vitest';
import { BlobWindow } from '../../src/store/transfer/zip/blob-window.js';

const MiB = 2 ** 20;

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 131 + (index >> 11)) & 0xff;
  return bytes;
}

describe('BlobWindow', () => {
  it('gives the same bytes as slicing the Blob, for reads inside, across and outside its window', async () => {
    const bytes = bytesOf(3 * MiB + 12_345);
    const blob = new Blob([bytes]);
    const window = new BlobWindow(blob);
    const reads: [number, number][] = [
      [0, 30], [30, 10_030], [MiB - 10, MiB + 10], [MiB + 10, MiB + 300_000], [2 * MiB, 2 * MiB + 4], [5, 40],
      [3 * MiB, 3 * MiB + 20_000], [blob.size - 3, blob.size + 100], [100, 100], [MiB / 2, MiB / 2 + 256 * 1024],
    ];
    for (const [start, end] of reads) {
      const got = new Uint8Array(await window.slice(start, end).arrayBuffer());
      const expected = bytes.subarray(start, Math.min(end, blob.size));
      expect(got.byteLength, `${start}–${end}`).toBe(expected.byteLength);
      // The first differing byte, if any (a deep equal over 300 KB is too slow for a unit test).
      expect(got.findIndex((byte, index) => byte !== expected[index]), `${start}–${end}`).toBe(-1);
    }
    expect(window.size).toBe(blob.size);
  });
});
