// The third option the figures call for: fflate's Inflate alone (or no library at all for stored
// entries) behind a small central-directory reader of our own, so one entry is read by slicing
// the Blob where the directory says it is. Enough for the bench (no ZIP64, no comments longer
// than 64 KB); a shipped reader would add ZIP64 and the name checks §18 asks for.
import { Inflate } from 'fflate';
import type { ReadFigures } from './fflate-paths.js';

interface Entry { name: string; method: number; compressedSize: number; headerOffset: number }

const SLICE = 16 * 1024;

async function bytesOf(blob: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await blob.slice(start, end).arrayBuffer());
}

async function entriesOf(blob: Blob): Promise<Entry[]> {
  const tailStart = Math.max(0, blob.size - 65_557);
  const tail = await bytesOf(blob, tailStart, blob.size);
  let end = tail.byteLength - 22;
  while (end >= 0 && tail.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  const count = tail.getUint16(end + 10, true);
  const size = tail.getUint32(end + 12, true);
  const offset = tail.getUint32(end + 16, true);
  const directory = await bytesOf(blob, offset, offset + size);
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  for (let at = 0, index = 0; index < count; index++) {
    if (directory.getUint32(at, true) !== 0x02014b50) throw new Error('bad central directory');
    const nameLength = directory.getUint16(at + 28, true);
    const skip = nameLength + directory.getUint16(at + 30, true) + directory.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(new Uint8Array(directory.buffer, at + 46, nameLength)),
      method: directory.getUint16(at + 10, true),
      compressedSize: directory.getUint32(at + 20, true),
      headerOffset: directory.getUint32(at + 42, true),
    });
    at += 46 + skip;
  }
  return entries;
}

async function readEntry(blob: Blob, entry: Entry, figures: ReadFigures, cap: number, native: boolean): Promise<void> {
  const local = await bytesOf(blob, entry.headerOffset, entry.headerOffset + 30);
  const start = entry.headerOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  if (native) return readNative(blob.slice(start, start + entry.compressedSize), entry.method, figures, cap);
  let entryBytes = 0;
  const count = (data: Uint8Array) => {
    entryBytes += data.length;
    figures.bytes += data.length;
    if (entryBytes > cap) figures.stopped = true;
  };
  const inflate = entry.method === 8 ? new Inflate((data) => count(data)) : undefined;
  const reader = blob.slice(start, start + entry.compressedSize).stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) { inflate?.push(new Uint8Array(0), true); return; }
    for (let offset = 0; offset < value.length && !figures.stopped; offset += SLICE) {
      const slice = value.subarray(offset, offset + SLICE);
      if (inflate) inflate.push(slice); else count(slice);
    }
    if (figures.stopped) { await reader.cancel(); return; }
  }
}

/** The engine's own DecompressionStream('deflate-raw'): no library bytes at all. */
async function readNative(slice: Blob, method: number, figures: ReadFigures, cap: number): Promise<void> {
  const stream = method === 8 ? slice.stream().pipeThrough(new DecompressionStream('deflate-raw')) : slice.stream();
  const reader = stream.getReader();
  let entryBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    entryBytes += value.length;
    figures.bytes += value.length;
    if (entryBytes > cap) { figures.stopped = true; await reader.cancel(); return; }
  }
}

/** Every entry (or the one named), each sliced from the Blob; stops an entry that passes `cap`. */
export async function readDirectory(blob: Blob, cap: number, only?: string, native = false): Promise<ReadFigures> {
  const figures = { entries: 0, bytes: 0, stopped: false };
  for (const entry of await entriesOf(blob)) {
    if (only !== undefined && entry.name !== only) continue;
    figures.entries++;
    await readEntry(blob, entry, figures, cap, native);
    if (figures.stopped) break;
  }
  return figures;
}
