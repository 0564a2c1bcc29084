/**
 * A folder of small text files outside IndexedDB, one per database name (DESIGN §21): where the
 * reset marker, the journal's segments and its snapshot live. OPFS in browsers that have it; an
 * in-memory folder in tests (Node has no OPFS); `localStorage` for the marker alone elsewhere.
 * @internal
 */
export interface JournalStorage {
  /** `false` where only a small marker fits (the `localStorage` fallback): detection, no journal. */
  readonly canJournal: boolean;
  /** The names of the files in the folder, in no particular order. */
  list(): Promise<string[]>;
  /** A file's text, `undefined` when there is no such file. */
  read(file: string): Promise<string | undefined>;
  /**
   * Creates or replaces a file whole: a reader sees the old text or the new one, never a mix. A
   * `Blob` (UTF-8 text) is written as it is: a large snapshot never has to be one string.
   */
  write(file: string, text: string | Blob): Promise<void>;
  /** A binary file's bytes (attachment bytes), `undefined` when there is no such file; absent where only text fits. */
  readBytes?(file: string): Promise<Uint8Array | undefined>;
  /** Creates or replaces a binary file whole, like {@link write}; absent where only text fits. */
  writeBytes?(file: string, bytes: Uint8Array): Promise<void>;
  /** A file's size in bytes, 0 when there is no such file (`estimateStorage`); absent where only a marker fits. */
  size?(file: string): Promise<number>;
  /** Removes a file; no error when it is already gone. */
  remove(file: string): Promise<void>;
  /** The folder's path under the OPFS root, where a journal worker can append to it (`undefined`: elsewhere). */
  readonly opfsFolder?: readonly string[];
}

/**
 * Opens the {@link JournalStorage} of a database name; rejects when the engine refuses
 * (private mode, no OPFS). @internal
 */
export type JournalBackend = (database: string) => Promise<JournalStorage>;
