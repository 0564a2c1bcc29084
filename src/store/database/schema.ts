import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { AppData } from '../../core/message.js';
import type { Entry } from '../../core/entry.js';
import { migrateToBranches } from './migrate-to-branches.js';
import { migrateToAttachments } from './migrate-to-attachments.js';
import { migrateToSearch } from './migrate-to-search.js';

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
  conversations: { key: string; value: ConversationRecord; indexes: { byUpdated: [string, string] } };
  entries: {
    key: [string, number]; value: EntryRecord;
    indexes: { byId: string; byLine: [string, number, number]; byTerm: SearchKey };
  };
  toolCalls: { key: [string, string]; value: ToolCallRecord };
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
  // 0.3: attachments (DESIGN §18). New stores only; version 4 (the packed search index) may or may not come before it.
  { version: 5, migrate: migrateToAttachments },
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
export const ALL_STORES: StoreName[] = ['conversations', 'entries', 'toolCalls', 'attachments', 'attachmentChunks', 'attachmentRefs'];
