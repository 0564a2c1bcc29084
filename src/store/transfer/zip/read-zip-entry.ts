import { Inflate } from 'fflate';
import { ConvologError } from '../../../core/error.js';
import type { ZipSource } from './blob-window.js';
import { invalidArchive } from './invalid-archive.js';
import type { ZipEntry } from './zip-directory.js';

/** What a ZIP import may still inflate, over all its entries: `maxBytes` as it caps JSON. @internal */
export interface InflateBudget { readonly maxBytes: number; left: number }

// Deflate expands at most ~1,032×: a 16 KB slice gives at most ~16.5 MB in one synchronous
// call, so the running count stops a bomb within that of the cap (bench/zip/RESULTS.md).
const SLICE = 16 * 1024;

/**
 * The bytes of one entry, sliced from the Blob (or a {@link ZipSource} over it) where the directory says it is: stored as they
 * are, deflated through fflate's `Inflate` fed in 16 KB slices. The inflated bytes are counted as
 * they come: more than the entry declares is `invalid_archive` (`size_mismatch`), more than the
 * budget left is `too_large`, each before the next slice is inflated.
 * @internal
 */
export async function readZipEntry(blob: ZipSource, entry: ZipEntry, budget: InflateBudget): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const total = await streamZipEntry(blob, entry, budget, (data) => parts.push(data));
  return concat(parts, total);
}

/**
 * {@link readZipEntry}, handing each inflated piece to `sink` as it comes instead of gathering
 * them: a reader that decodes text as it goes never holds the pieces and their concatenation at
 * once. Same checks; returns the size.
 * @internal
 */
export async function streamZipEntry(blob: ZipSource, entry: ZipEntry, budget: InflateBudget, sink: (data: Uint8Array) => void): Promise<number> {
  if (entry.size > budget.left) throw tooLarge(budget, entry.name);
  if (entry.method !== 0 && entry.method !== 8) {
    throw invalidArchive('unsupported', `The ZIP entry "${entry.name}" uses compression method ${entry.method}; convolog reads stored and deflated entries.`, { entry: entry.name });
  }
  const local = new DataView(await blob.slice(entry.headerOffset, entry.headerOffset + 30).arrayBuffer());
  if (local.byteLength < 30 || local.getUint32(0, true) !== 0x04034b50) throw damaged(entry, 'its local header is missing');
  const start = entry.headerOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  const input = new Uint8Array(await blob.slice(start, start + entry.compressedSize).arrayBuffer());
  if (input.byteLength < entry.compressedSize) throw damaged(entry, 'its data is cut off');
  let total = 0;
  const take = (data: Uint8Array): void => {
    total += data.byteLength;
    if (total > entry.size) throw invalidArchive('size_mismatch', `The ZIP entry "${entry.name}" inflates to more than the ${entry.size} bytes it declares: it was tampered with.`, { entry: entry.name });
    sink(data);
  };
  if (entry.method === 0) take(input);
  else inflate(input, take, entry);
  if (total !== entry.size) throw invalidArchive('size_mismatch', `The ZIP entry "${entry.name}" holds ${total} bytes, not the ${entry.size} it declares: it is damaged.`, { entry: entry.name });
  budget.left -= total;
  return total;
}

function inflate(input: Uint8Array, take: (data: Uint8Array) => void, entry: ZipEntry): void {
  const inflater = new Inflate((data) => take(data));
  try {
    for (let offset = 0; offset < input.byteLength; offset += SLICE) inflater.push(input.subarray(offset, offset + SLICE));
    inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ConvologError) throw error;
    throw damaged(entry, `its deflated data does not inflate (${error instanceof Error ? error.message : String(error)})`, error);
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

function damaged(entry: ZipEntry, what: string, cause?: unknown) {
  return invalidArchive('corrupt', `The ZIP entry "${entry.name}" is damaged: ${what}. Download or copy the export again.`, { entry: entry.name }, cause);
}

/** The `too_large` of an archive that would inflate past the budget: what `maxBytes` says for JSON. @internal */
export function tooLarge(budget: InflateBudget, entry: string): ConvologError {
  return new ConvologError({
    code: 'too_large',
    message: `The ZIP inflates to more than the limit of ${budget.maxBytes} bytes (at "${entry}"). Raise maxBytes if you trust the source. Nothing was imported.`,
    details: { maxBytes: budget.maxBytes, entry },
  });
}
