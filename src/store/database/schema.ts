import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { AppData } from '../../core/message.js';
import type { Entry } from '../../core/entry.js';

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
  /** Where the last compaction's kept tail starts (1 without a compaction): context reads from here. */
  keptFromSeq: number;
  /** The seq of the last compaction entry, 0 without one. */
  lastCompactionSeq: number;
  /**
   * The seq of the last assistant message with tool calls while nothing but tool messages
   * followed it (the trailing tool window, answered or not), 0 otherwise. The pairing check reads
   * only from here.
   */
  windowStartSeq: number;
}

/** One client tool call id of a conversation: the index that keeps call ids unique. @internal */
export interface ToolCallRecord {
  conversationId: string;
  toolCallId: string;
  /** The seq of the assistant message entry carrying the call. */
  seq: number;
}

/** The IndexedDB schema (current version). @internal */
export interface ConvologSchema extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { byUpdated: [string, string] } };
  entries: { key: [string, number]; value: Entry; indexes: { byId: string } };
  toolCalls: { key: [string, string]; value: ToolCallRecord };
}

/** @internal */
export type ConvologDatabase = IDBPDatabase<ConvologSchema>;
/** @internal */
export type StoreName = StoreNames<ConvologSchema>;
/** @internal */
export type UpgradeTransaction = IDBPTransaction<ConvologSchema, StoreName[], 'versionchange'>;

/** A numbered schema migration. Each runs once, in order, inside the upgrade transaction. @internal */
export interface Migration {
  version: number;
  // The database is typed loosely: a migration is written against the schema of its own time.
  migrate(database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>): void;
}

/**
 * Every schema version, in order. Never edit a migration that has shipped: add the next one
 * (and a test that data written by every earlier version opens intact).
 * @internal
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    migrate(database) {
      const conversations = database.createObjectStore('conversations', { keyPath: 'id' });
      conversations.createIndex('byUpdated', ['updatedAt', 'id']);
      const entries = database.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
      entries.createIndex('byId', 'id', { unique: true });
      database.createObjectStore('toolCalls', { keyPath: ['conversationId', 'toolCallId'] });
    },
  },
];

/** The database version this build writes: the number of the last migration. @internal */
export const DATABASE_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Applies every migration newer than `oldVersion`, in order. @internal */
export function runMigrations(
  database: IDBPDatabase<unknown>,
  transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
): void {
  for (const migration of MIGRATIONS) {
    if (migration.version > oldVersion) migration.migrate(database, transaction);
  }
}

/** The object stores every read or write of a conversation's log may touch. @internal */
export const ALL_STORES: StoreName[] = ['conversations', 'entries', 'toolCalls'];
