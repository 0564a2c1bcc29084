/** What the ZIP reader needs of a Blob: slices of its bytes. A Blob is one. @internal */
export interface ZipSource { readonly size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> } }

/** The bytes one read of the Blob brings in: 1 MiB (about 100 conversations' JSON), held until a read falls outside them. */
const WINDOW_BYTES = 2 ** 20;
/**
 * A read this large goes to the Blob itself: an attachment through the window was copied twice
 * (window, then slice), and those dead copies drove importAll's peak heap (DESIGN §20).
 */
const DIRECT_BYTES = 256 * 2 ** 10;

/**
 * A Blob read front to back in windows of {@link WINDOW_BYTES}: each `arrayBuffer()` of a slice
 * is a copy out of the window in memory. Reading a backup's entries one by one straight from the
 * Blob cost two asynchronous Blob reads per entry (a local header, then the data), which in
 * Chromium dwarfed the parsing (DESIGN §20); in order, most reads now fall into the window
 * already read. A large slice (an attachment) is read from the Blob as it is.
 * @internal
 */
export class BlobWindow implements ZipSource {
  #start = 0;
  #bytes = new Uint8Array(0);

  constructor(readonly blob: Blob) {}

  get size(): number {
    return this.blob.size;
  }

  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> } {
    return { arrayBuffer: () => this.#read(start, Math.min(end, this.blob.size)) };
  }

  async #read(start: number, end: number): Promise<ArrayBuffer> {
    if (end - start > DIRECT_BYTES) return this.blob.slice(start, end).arrayBuffer();
    if (start < this.#start || end > this.#start + this.#bytes.byteLength) {
      this.#bytes = new Uint8Array(await this.blob.slice(start, Math.min(this.blob.size, start + WINDOW_BYTES)).arrayBuffer());
      this.#start = start;
    }
    return this.#bytes.slice(start - this.#start, Math.max(start, end) - this.#start).buffer;
  }
}
