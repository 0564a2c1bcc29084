// fflate's streaming paths as convolog would use them: Unzip over Blob.stream() for reading (it
// walks local headers in order), Zip with ZipPassThrough/ZipDeflate for writing, each output
// chunk handed to a Blob at once so the heap never holds the archive.
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ReadFigures { entries: number; bytes: number; stopped: boolean }

/**
 * Unzip inflates synchronously everything one push() can give: 1 MB of deflated zeros is 1 GB
 * in one ondata call, before any count can stop it. Deflate expands at most ~1,032×, so input
 * pushed in 16 KB slices bounds one call's output to ~16.5 MB and lets the cap act.
 */
const SLICE = 16 * 1024;

/** Reads every entry, counting inflated bytes; stops (cancels the stream) once an entry passes `cap`. */
export async function readFflate(blob: Blob, cap: number, only?: string): Promise<ReadFigures> {
  const figures = { entries: 0, bytes: 0, stopped: false };
  let failure: unknown;
  const unzip = new Unzip((file) => {
    // An entry not started is buffered whole by Unzip (its chunks wait for start()), so a
    // skipped entry must still be started, into a sink that drops its bytes.
    if (only !== undefined && file.name !== only) {
      file.ondata = (error) => { if (error) failure = error; };
      file.start();
      return;
    }
    figures.entries++;
    let entryBytes = 0;
    file.ondata = (error, data) => {
      if (error) { failure = error; return; }
      entryBytes += data.length;
      figures.bytes += data.length;
      // The bomb guard: a running count, and the inflater is told to stop.
      if (entryBytes > cap) { figures.stopped = true; file.terminate(); }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) { unzip.push(new Uint8Array(0), true); break; }
    for (let offset = 0; offset < value.length && !figures.stopped; offset += SLICE) {
      unzip.push(value.subarray(offset, offset + SLICE));
    }
    if (failure) throw failure;
    if (figures.stopped) { await reader.cancel(); break; }
  }
  return figures;
}

/** One named entry: fflate has no central-directory reader, so this still streams (and inflates) every entry before it. */
export function readFflateOne(blob: Blob, name: string): Promise<ReadFigures> {
  return readFflate(blob, Infinity, name);
}

/** 20 stored attachments and one deflated JSON into a Blob. */
export function writeFflate(attachments: Blob[], json: string): Promise<{ size: number; zip: Blob }> {
  return new Promise((resolve, reject) => {
    const parts: Blob[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) { reject(error); return; }
      parts.push(new Blob([chunk]));
      if (!final) return;
      const zip = new Blob(parts, { type: 'application/zip' });
      resolve({ size: zip.size, zip });
    });
    void (async () => {
      const document = new ZipDeflate('conversation.json', { level: 6 });
      zip.add(document);
      document.push(new TextEncoder().encode(json), true);
      for (const [index, attachment] of attachments.entries()) {
        const entry = new ZipPassThrough(`attachments/${String(index).padStart(64, '0')}`);
        zip.add(entry);
        entry.push(new Uint8Array(await attachment.arrayBuffer()), true);
      }
      zip.end();
    })().catch(reject);
  });
}
