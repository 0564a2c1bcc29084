// @zip.js/zip.js's paths as convolog would use them: ZipReader over a BlobReader (the central
// directory first, then each entry sliced from the Blob and inflated by DecompressionStream, in a
// worker or not), ZipWriter into a BlobWriter.
import { BlobReader, BlobWriter, configure, TextReader, ZipReader, ZipWriter } from '@zip.js/zip.js';
import type { ReadFigures } from './fflate-paths.js';

class CapReached extends Error {}

function counter(figures: ReadFigures, cap: number): WritableStream<Uint8Array> {
  let entryBytes = 0;
  return new WritableStream({
    write(chunk) {
      entryBytes += chunk.length;
      figures.bytes += chunk.length;
      // The bomb guard: a running count; erroring the sink makes getData() abort the inflate.
      if (entryBytes > cap) { figures.stopped = true; throw new CapReached(`over ${cap} bytes`); }
    },
  });
}

export async function readZipJs(blob: Blob, workers: boolean, cap: number, only?: string): Promise<ReadFigures> {
  configure({ useWebWorkers: workers });
  const figures = { entries: 0, bytes: 0, stopped: false };
  const reader = new ZipReader(new BlobReader(blob));
  try {
    for await (const entry of reader.getEntriesGenerator()) {
      if (entry.directory || (only !== undefined && entry.filename !== only)) continue;
      figures.entries++;
      try {
        await entry.getData!(counter(figures, cap));
      } catch (error) {
        if (!figures.stopped) throw error;
        return figures;
      }
    }
  } finally {
    await reader.close();
  }
  return figures;
}

/** One named entry, found through the central directory: only its own bytes are read. */
export function readZipJsOne(blob: Blob, name: string, workers: boolean): Promise<ReadFigures> {
  return readZipJs(blob, workers, Infinity, name);
}

export async function writeZipJs(attachments: Blob[], json: string, workers: boolean): Promise<{ size: number; zip: Blob }> {
  configure({ useWebWorkers: workers });
  const writer = new ZipWriter(new BlobWriter('application/zip'));
  await writer.add('conversation.json', new TextReader(json), { level: 6 });
  for (const [index, attachment] of attachments.entries()) {
    await writer.add(`attachments/${String(index).padStart(64, '0')}`, new BlobReader(attachment), { level: 0 });
  }
  const zip = await writer.close();
  return { size: zip.size, zip };
}
