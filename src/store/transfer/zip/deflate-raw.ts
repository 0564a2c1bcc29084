import { deflateSync } from 'fflate';

let native: boolean | undefined;

/** Whether this engine deflates natively (`CompressionStream('deflate-raw')`: Chromium 103+, Firefox 113+, Safari 16.4+, Node 21.2+). */
function deflatesNatively(): boolean {
  if (native !== undefined) return native;
  try {
    new CompressionStream('deflate-raw');
    native = true;
  } catch {
    native = false;
  }
  return native;
}

/**
 * Raw DEFLATE of `bytes`, as ZIP's method 8 holds it: by the engine's own zlib where it has
 * `CompressionStream('deflate-raw')`, else by fflate at level 6. fflate in JS was ~40% of
 * exportAll's time in Chromium (DESIGN §20). `native`: which of the two (tests take both).
 * @internal
 */
export async function deflateRaw(bytes: Uint8Array<ArrayBuffer>, native = deflatesNatively()): Promise<Uint8Array[]> {
  if (!native) return [deflateSync(bytes, { level: 6 })];
  const stream = new CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Not awaited: the stream takes the bytes as its readable side is read; a failure surfaces there.
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}
