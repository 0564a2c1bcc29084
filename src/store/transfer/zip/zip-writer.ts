import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Written parts are moved into a Blob once they hold this many bytes: the engine may keep a
 * Blob's bytes outside the JS heap (Chromium pages large ones to disk), so JS holds at most about
 * this much of the archive. A Blob per conversation instead cost ~1 ms each (DESIGN §20).
 */
const FLUSH_BYTES = 4 * 2 ** 20;

/**
 * Writes a ZIP as Blob parts, file by file (fflate's `Zip`, synchronous): only the parts are
 * kept, so a backup is built from a few conversations at a time. JSON is deflated; attachments are
 * stored as they are (images and PDFs are compressed already, and a stored entry is read back
 * by slicing, with no inflating at all), from their stored chunks, never joined into one copy.
 * @internal
 */
export class ZipWriter {
  #parts: Uint8Array[] = [];
  #pending = 0;
  readonly #written: Blob[] = [];
  readonly #zip: Zip;
  #error: unknown;

  constructor() {
    this.#zip = new Zip((error, data) => {
      if (error !== null) this.#error = error;
      else this.#take(data);
    });
  }

  /** Adds a file: `deflate` for text, stored otherwise. */
  add(name: string, bytes: Uint8Array, deflate: boolean): void {
    const file = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.#zip.add(file);
    file.push(bytes, true);
    this.#check();
  }

  /** Adds a stored file from its parts, in order, each passed through as it is. */
  addStored(name: string, parts: readonly ArrayBuffer[]): void {
    const file = new ZipPassThrough(name);
    this.#zip.add(file);
    parts.forEach((part, index) => file.push(new Uint8Array(part), index === parts.length - 1));
    if (parts.length === 0) file.push(new Uint8Array(0), true);
    this.#check();
  }

  /** The finished archive. */
  finish(): Blob {
    this.#zip.end();
    this.#check();
    this.#flush();
    return new Blob(this.#written, { type: 'application/zip' });
  }

  #take(data: Uint8Array): void {
    this.#parts.push(data);
    this.#pending += data.byteLength;
    if (this.#pending >= FLUSH_BYTES) this.#flush();
  }

  #flush(): void {
    if (this.#parts.length === 0) return;
    this.#written.push(new Blob(this.#parts as Uint8Array<ArrayBuffer>[]));
    this.#parts = [];
    this.#pending = 0;
  }

  #check(): void {
    if (this.#error !== undefined) throw this.#error;
  }
}
