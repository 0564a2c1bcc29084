import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { AppData } from '../../core/message.js';
import type { Entry } from '../../core/entry.js';
import { migrateToBranches } from './migrate-to-branches.js';
import { migrateToPackedSearch } from './migrate-to-packed-search.js';
import { migrateToAttachments } from './migrate-to-attachments.js';
import { migrateToSearch } from './migrate-to-search.js';
import { migrateToSearchSix } from './migrate-to-search-six.js';

/**
 * The conversation as stored. Besides the public {@link Conversation} fields it remembers where
 * things are, so append and context never read the whole log. The public fields are spelled out
 * here rather than inherited: this is the persisted shape, which changes only with a migration,
 * and a change to the public type must not change it unnoticed.
 * @internal
 */
export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  lastSeq: number;
  appData?: AppData;
  /** The current leaf (the branch the user is on); `null` while the log is empty. */
  headId: string | null;
  /** The seq of the head, 0 while the log is empty. */
  headSeq: number;
  /** Where the kept tail of the last compaction on the head's branch starts (1 without one): context reads from here. */
  keptFromSeq: number;
  /** The seq of the last compaction entry written, 0 without one. */
  lastCompactionSeq: number;
  /**
   * On the head's branch, the seq of the last assistant message with tool calls while nothing but
   * tool messages followed it (the trailing tool window, answered or not), 0 otherwise. The
   * pairing check reads only from here.
   */
  windowStartSeq: number;
  /** The lines of the tree, in the order they started (see {@link LineRecord}). */
  lines: LineRecord[];
  /** The packed search index holds this conversation's entries up to this seq (DESIGN §17); 0 when absent. */
  indexedSeq?: number;
  /** Present (1) while `indexedSeq < lastSeq`: the sparse index `byUnindexed` lists what the indexer has left to do, and `searchBehind` holds the id. */
  unindexed?: 1;
  /**
   * Random, written whenever a record is created (and by the indexer on a record without one),
   * kept by every write that only adds entries: while it is the same, the entry at a seq is the
   * same entry, so a search may keep the folded text of entries not yet indexed between queries
   * (DESIGN §17.12). Absent on records written by older builds: those are read at every query.
   */
  incarnation?: string;
}

/**
 * A line of a conversation's tree: a chain of entries, each the first child of the one before.
 * A write under an entry that already has children starts a new line, so lines are few (one per
 * fork, plus one) and each ends at a leaf (its tip). They answer "is X on the branch of leaf L",
 * "the newest leaf at or below X" and "which seq ranges make up a branch" without reading entries.
 * @internal
 */
export interface LineRecord {
  /** The seq of the line's first entry; also its id. */
  start: number;
  /** The seq of the first entry's parent; 0 when the line starts at the root. */
  forkFrom: number;
  /** The line of that parent; 0 at the root. */
  parentLine: number;
  /** The seq of the line's last entry: a leaf. */
  tip: number;
}

/**
 * What the store keeps beside each entry, about the branch that ends at it: copied from the
 * parent on every write, so a fork or a checkout knows them without walking the branch.
 * @internal
 */
export interface EntryTreeFields {
  /** The {@link LineRecord.start} of the entry's line. */
  line: number;
  /** Where the kept tail of the last compaction on the branch starts; 1 without one. */
  keptFrom: number;
  /** Where the branch's trailing tool window starts; 0 without one. */
  window: number;
}

/**
 * One key of the search index (DESIGN §11): an index term of the entry's text, the entry's
 * timestamp in milliseconds and its seq. Each term's keys sort oldest to newest, so a query walks
 * them backwards and stops when its page is full.
 * @internal
 */
export type SearchKey = [term: string, time: number, seq: number];

/**
 * An entry as stored: the public entry plus its {@link EntryTreeFields} and its {@link SearchKey}s
 * (absent when the store was opened with indexing off, for the benchmark), which reads strip.
 * @internal
 */
export type EntryRecord = Entry & { tree: EntryTreeFields; search?: SearchKey[] };

/** One client tool call id of a conversation: the index that keeps call ids unique. @internal */
export interface ToolCallRecord {
  conversationId: string;
  toolCallId: string;
  /** The seq of the assistant message entry carrying the call. */
  seq: number;
}

/**
 * The key of a packed search record (DESIGN §17): its name (a term or a shard prefix), then its
 * newest posting; a shard record's also a filter of the terms it holds (`term-filter.ts`, §17.18;
 * none in records written before 0.3.0-alpha.12), which sorts after the posting, so it orders nothing.
 * @internal
 */
export type PackedKey = [name: string, time: number, seq: number, conversation: number] | [name: string, time: number, seq: number, conversation: number, filter: ArrayBuffer | Uint8Array<ArrayBuffer>];

/** A shard record: the terms of one prefix with few postings in one indexer batch, their postings one after another. @internal */
export interface ShardRecord {
  /** The terms, in no order. */
  t: string[];
  /** Where each term's postings start in `d`. */
  o: number[];
  /** The postings of every term, each term's part encoded on its own (`encodePostings`). */
  d: Uint8Array;
  /** Its prefix while the record is small: the sparse index `byFresh` finds the records compaction merges (DESIGN §17.5). */
  f?: string;
}

/**
 * A stored attachment's metadata (DESIGN §18); its bytes are `chunks` {@link AttachmentChunkRecord}s.
 * @internal
 */
export interface AttachmentRecord {
  /** The SHA-256 of the bytes, lowercase hex. */
  id: string;
  /** The media type of the first put (a reference carries its own). */
  mediaType: string;
  /** Bytes. */
  size: number;
  filename?: string;
  createdAt: string;
  /** How many chunks hold the bytes. */
  chunks: number;
  /**
   * When the bytes were last put, in ms; absent once the collection found them referenced. A put
   * sets it: until the grace period has passed no deletion or collection removes the bytes,
   * referenced or not, because the append that will reference them may still come.
   */
  pendingSince?: number;
}

/** At most {@link ATTACHMENT_CHUNK_BYTES} of an attachment's bytes (an ArrayBuffer: never a Blob, see DESIGN §18). @internal */
export interface AttachmentChunkRecord { id: string; index: number; bytes: ArrayBuffer }

/** An entry's reference to an attachment: what keeps the bytes alive. @internal */
export interface AttachmentRefRecord { conversationId: string; seq: number; attachmentId: string }

/** The largest chunk of attachment bytes in one record: 1 MiB. @internal */
export const ATTACHMENT_CHUNK_BYTES = 1 << 20;

/** The IndexedDB schema (current version). @internal */
export interface ConvologSchema extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byUpdated: [string, string]; byUnindexed: number } };
  entries: {
    key: [string, number]; value: EntryRecord;
    indexes: { byId: string; byLine: [string, number, number] };
  };
  toolCalls: { key: [string, string]; value: ToolCallRecord };
  /** A frequent term's postings of one indexer batch (DESIGN §17). */
  searchSegments: { key: PackedKey; value: Uint8Array };
  /** The rarer terms of one prefix and batch (DESIGN §17). */
  searchShards: { key: PackedKey; value: ShardRecord; indexes: { byFresh: string } };
  /** The id of every conversation whose record carries `unindexed` (DESIGN §17.17): what a search reads directly. */
  searchBehind: { key: string; value: 1 };
  /** Conversation numbers of the packed postings (a key generator: never reused, even after `clear`), so a deleted conversation's postings point nowhere. */
  searchNames: { key: number; value: { id: string }; indexes: { byId: string } };
  attachments: { key: string; value: AttachmentRecord; indexes: { byPending: number } };
  attachmentChunks: { key: [string, number]; value: AttachmentChunkRecord };
  attachmentRefs: { key: [string, number, string]; value: AttachmentRefRecord; indexes: { byAttachment: string } };
}

/** @internal */
export type ConvologDatabase = IDBPDatabase<ConvologSchema>;
/** @internal */
export type StoreName = StoreNames<ConvologSchema>;
/** @internal */
export type UpgradeTransaction = IDBPTransaction<ConvologSchema, StoreName[], 'versionchange'>;

/**
 * A numbered schema migration. Each runs once, in order, inside the upgrade transaction; one
 * that works by request callbacks calls `done` when its last request has answered, and the next
 * migration starts only then (so it sees the data as the one before left it).
 * @internal
 */
export interface Migration {
  version: number;
  // The database is typed loosely: a migration is written against the schema of its own time.
  // `keyRange`: the IDBKeyRange of the factory in use (the global one when left out).
  migrate(
    database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>, keyRange?: typeof IDBKeyRange,
    done?: () => void,
  ): void;
}

/**
 * Every schema version, in order. Never edit a migration that has shipped: add the next one
 * (and a test that data written by every earlier version opens intact).
 * @internal
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    migrate(database, _transaction, _keyRange, done) {
      const conversations = database.createObjectStore('conversations', { keyPath: 'id' });
      conversations.createIndex('byUpdated', ['updatedAt', 'id']);
      const entries = database.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
      entries.createIndex('byId', 'id', { unique: true });
      database.createObjectStore('toolCalls', { keyPath: ['conversationId', 'toolCallId'] });
      done?.();
    },
  },
  // 0.2: the log becomes a tree (DESIGN §10). Each old entry's parent is the entry before it, the head the last entry.
  { version: 2, migrate: migrateToBranches },
  // 0.3: search (DESIGN §11). Every existing entry gets its search keys, so old messages are found.
  { version: 3, migrate: migrateToSearch },
  // 0.4: deferred, packed search postings (DESIGN §17). Every conversation is marked unindexed; the indexer rebuilds in the background.
  { version: 4, migrate: migrateToPackedSearch },
  // 0.4: attachments (DESIGN §18). New stores only: it never touches what version 4 made.
  { version: 5, migrate: migrateToAttachments },
  // 0.4: large shard records written as pieces, and the conversations behind listed in a store of their own (DESIGN §17.17).
  { version: 6, migrate: migrateToSearchSix },
];

/** The database version this build writes: the number of the last migration. @internal */
export const DATABASE_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/**
 * Applies every migration newer than `oldVersion`, in order, each once the one before called its
 * `done`. A migration that throws, synchronously or in a request callback, aborts the upgrade.
 * @internal
 */
export function runMigrations(
  database: IDBPDatabase<unknown>,
  transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
  keyRange?: typeof IDBKeyRange,
): void {
  const pending = MIGRATIONS.filter((migration) => migration.version > oldVersion);
  const next = (index: number): void => {
    pending[index]?.migrate(database, transaction, keyRange, () => next(index + 1));
  };
  next(0);
}

/** The object stores every read or write of a conversation's log may touch. @internal */
export const ALL_STORES: StoreName[] = ['conversations', 'entries', 'toolCalls', 'attachments', 'attachmentChunks', 'attachmentRefs', 'searchBehind'];

/** The packed search index's stores (DESIGN §17): written by the indexer, never by a write of the log. @internal */
export const SEARCH_STORES: StoreName[] = ['searchSegments', 'searchShards', 'searchNames'];
