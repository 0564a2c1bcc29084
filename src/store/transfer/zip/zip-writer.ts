import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Writes a ZIP as Blob parts, file by file (fflate's `Zip`, synchronous): only the parts are
 * kept, so a backup is built from one conversation at a time. JSON is deflated; attachments are
 * stored as they are (images and PDFs are compressed already, and a stored entry is read back
 * by slicing, with no inflating at all).
 * @internal
 */
export class ZipWriter {
  readonly #parts: Uint8Array<ArrayBuffer>[] = [];
  readonly #zip: Zip;
  #error: unknown;

  constructor() {
    this.#zip = new Zip((error, data) => {
      if (error !== null) this.#error = error;
      else this.#parts.push(data);
    });
  }

  /** Adds a file: `deflate` for text, stored otherwise. */
  add(name: string, bytes: Uint8Array, deflate: boolean): void {
    const file = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.#zip.add(file);
    file.push(bytes, true);
    this.#check();
  }

  /** The finished archive. */
  finish(): Blob {
    this.#zip.end();
    this.#check();
    return new Blob(this.#parts, { type: 'application/zip' });
  }

  #check(): void {
    if (this.#error !== undefined) throw this.#error;
  }
}
