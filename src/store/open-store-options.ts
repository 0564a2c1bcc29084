/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** The IndexedDB database name. Default `'convolog'`. */
  name?: string;
  /** A custom IndexedDB factory (used through idb's `wrap`); give the matching `IDBKeyRange` with it. */
  indexedDB?: IDBFactory;
  /** The `IDBKeyRange` of the same implementation as `indexedDB`. Default: the global one. */
  IDBKeyRange?: typeof IDBKeyRange;
  /** Transaction durability. Default `'strict'`: a resolved write is on disk. */
  durability?: IDBTransactionDurability;
  /** While the open is blocked by another tab, aborting rejects it with `blocked`. */
  signal?: AbortSignal;
  /** Called when another tab keeps an older version open and blocks this open. */
  onBlocked?: () => void;
  /**
   * Mirror every committed write into a journal outside IndexedDB (OPFS) and restore from it when
   * the browser threw the database away (DESIGN §21). Default: `true` in Chromium-based engines
   * (the ones seen deleting a database after a crash), `false` in Firefox and Safari (which lost
   * nothing in 80+ kills, and where the journal costs an append most). Needs OPFS. `false` keeps
   * only the reset marker: `openReport.reset` still tells.
   */
  journal?: boolean;
  /**
   * Inline base64 images and files over this many decoded bytes are stored as attachments by
   * `append`, and the entry keeps the reference (DESIGN §18). Default `Infinity` (all stay inline)
   * in this release: sync, exports and the journal do not carry attachment bytes yet, so a moved
   * picture would not reach another device, an exported file or a restored database. 65536 is the
   * value §18 plans as the default once they do.
   */
  inlineMediaLimit?: number;
  /** The clock for timestamps and the attachments' grace period (tests). */
  now?: () => Date;
  /** Ids for conversations and entries (tests). Default: UUID v7. */
  generateId?: () => string;
}

/** Options of {@link deleteStore}. */
export interface DeleteStoreOptions {
  /** The IndexedDB database name. Default `'convolog'`. */
  name?: string;
  /** A custom IndexedDB factory. Default: the global `indexedDB`. */
  indexedDB?: IDBFactory;
  /** Called when a connection that does not close (not a convolog store) blocks the deletion. */
  onBlocked?: () => void;
}

/** The default database name. */
export const DEFAULT_STORE_NAME = 'convolog';
