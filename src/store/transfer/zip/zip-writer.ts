import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import { crc32 } from './crc32.js';

/**
 * Written parts are moved into a Blob once they hold this many bytes: the engine may keep a
 * Blob's bytes outside the JS heap (Chromium pages large ones to disk), so JS holds at most about
 * this much of the archive. A Blob per conversation instead cost ~1 ms each (DESIGN §20).
 */
const FLUSH_BYTES = 2 * 2 ** 20;

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

  /** Adds a stored file from its parts, in order, each passed through as it is (CRC by {@link crc32}). */
  addStored(name: string, parts: readonly ArrayBuffer[]): void {
    const bytes = parts.map((part) => new Uint8Array(part));
    this.#addWhole(name, 0, bytes, bytes.reduce((crc, part) => crc32(part, crc), 0), bytes.reduce((size, part) => size + part.byteLength, 0));
  }

  /**
   * Adds a file deflated already (raw DEFLATE, e.g. by `CompressionStream('deflate-raw')`), given
   * the CRC-32 and the size of its bytes before deflating.
   */
  addDeflated(name: string, deflated: readonly Uint8Array[], crc: number, size: number): void {
    this.#addWhole(name, 8, deflated, crc, size);
  }

  /** The finished archive. */
  finish(): Blob {
    this.#zip.end();
    this.#check();
    this.#flush();
    return new Blob(this.#written, { type: 'application/zip' });
  }

  /** A file whose data is ready: fflate's `Zip` takes any input file that says its method, CRC and size. */
  #addWhole(name: string, compression: 0 | 8, data: readonly Uint8Array[], crc: number, size: number): void {
    const file: ZipInputFile = { filename: name, compression, crc, size };
    this.#zip.add(file);
    data.forEach((part, index) => file.ondata!(null, part as Uint8Array<ArrayBuffer>, index === data.length - 1));
    if (data.length === 0) file.ondata!(null, new Uint8Array(0), true);
    this.#check();
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
