// The JSON deflater of exportAll: the engine's CompressionStream where it has one, fflate where
// not; both give raw DEFLATE that inflates back to the same bytes. Node and browsers.
import { inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deflateRaw } from '../../src/store/transfer/zip/deflate-raw.js';

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

describe('deflateRaw', () => {
  it('natively and by fflate, inflates back to the same bytes, smaller than they were', async () => {
    const text = new TextEncoder().encode(JSON.stringify({ entries: Array.from({ length: 400 }, (_, index) => ({ index, text: `message ${index} lorem ipsum` })) }));
    for (const native of [true, false]) {
      if (native && typeof CompressionStream === 'undefined') continue;
      const deflated = joined(await deflateRaw(text, native));
      expect(deflated.byteLength, `native ${native}`).toBeLessThan(text.byteLength / 3);
      expect(inflateSync(deflated), `native ${native}`).toEqual(text);
    }
    expect(inflateSync(joined(await deflateRaw(new Uint8Array(0), false)))).toEqual(new Uint8Array(0));
  });
});
