import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Writes a ZIP as Blob parts, file by file (fflate's `Zip`, synchronous): only the parts are
 * kept, so a backup is built from one conversation at a time. JSON is deflated; attachments are
 * stored as they are (images and PDFs are compressed already, and a stored entry is read back
 * by slicing, with no inflating at all).
 * @internal
 */
export class ZipWriter {
  #parts: Uint8Array<ArrayBuffer>[] = [];
  readonly #written: Blob[] = [];
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

  /**
   * Moves what is written so far into a Blob: the engine may keep a Blob's bytes outside the JS
   * heap (Chromium pages large ones to disk), so a backup flushed after each conversation holds
   * one conversation at a time in JS.
   */
  flush(): void {
    if (this.#parts.length === 0) return;
    this.#written.push(new Blob(this.#parts));
    this.#parts = [];
  }

  /** The finished archive. */
  finish(): Blob {
    this.#zip.end();
    this.#check();
    this.flush();
    return new Blob(this.#written, { type: 'application/zip' });
  }

  #check(): void {
    if (this.#error !== undefined) throw this.#error;
  }
}
