import type { CompactionEntry, Entry, MessageEntry } from '../core/entry.js';
import type { AppData, Message } from '../core/message.js';
import type { Warning } from '../core/warning.js';
import type { Conversation } from './conversation.js';
import type { ConversationExport } from './conversation-export.js';
import type { StoreChange } from './store-change.js';

/** Options of {@link ConvologStore.createConversation}. */
export interface CreateConversationOptions { id?: string; title?: string; appData?: AppData }

/** Options of {@link ConvologStore.listConversations}. */
export interface ListConversationsOptions {
  limit?: number;
  /** The last conversation of the previous page: the page continues after it. */
  startAfter?: Pick<Conversation, 'id' | 'updatedAt'>;
}

/** What {@link ConvologStore.updateConversation} changes. `appData` replaces the whole map. */
export interface ConversationUpdate { title?: string; appData?: AppData }

/** Optimistic concurrency for writes to a log. */
export interface WriteOptions {
  /** The `lastSeq` the caller last saw: if the log has moved on since, the write throws `conflict`. */
  expectedLastSeq?: number;
}

/** A corrupt record that `entries` skipped. */
export interface CorruptEntry { seq: number; error: unknown }

/** Options of {@link ConvologStore.entries}. */
export interface EntriesOptions {
  /** Only entries with a larger seq. */
  afterSeq?: number;
  /** Only entries with a smaller seq. */
  beforeSeq?: number;
  /** At most this many: the first N after `afterSeq`, or, when `beforeSeq` is given, the last N before it. */
  limit?: number;
  /** Skip records that no longer parse and report them here, instead of throwing `corrupt_entry`. */
  onCorrupt?: (corrupt: CorruptEntry) => void;
}

/** What {@link ConvologStore.appendCompaction} writes. */
export interface CompactionInput { summary: string; firstKeptId: string; tokensBefore?: number }

/** Options of {@link ConvologStore.importConversation}. */
export interface ImportOptions {
  /**
   * The data comes from this app itself (a backup it made): provider data and escape-hatch
   * content are kept. Default `false`: every message passes `retainPortableContent`.
   */
  trusted?: boolean;
  /** Refuse larger input with `too_large`. Default 64 MiB. */
  maxBytes?: number;
  /** An id already in the store: give a fresh one (`'new_id'`, default, with an `id_reassigned` warning) or throw `duplicate_id`. */
  onConflict?: 'new_id' | 'error';
  signal?: AbortSignal;
}

/** What an import created. */
export interface ImportResult { conversation: Conversation; warnings: Warning[] }

/** Options of {@link ConvologStore.subscribe}. */
export interface SubscribeOptions {
  /** Only changes to this conversation (plus `cleared` and `closed`, which concern every one). */
  conversationId?: string;
  /** Unsubscribes when it aborts. */
  signal?: AbortSignal;
}

/** What `navigator.storage` reports; fields are absent where the platform does not tell. */
export interface StorageEstimate { usage?: number; quota?: number; persisted?: boolean }

/**
 * The append-only conversation log in IndexedDB (DESIGN §6). Get one with `openStore`.
 * Every method given an unknown conversation id throws `not_found`, except `getConversation`
 * (`undefined`) and `deleteConversation` (`false`).
 */
export interface ConvologStore {
  /** The database name. */
  readonly name: string;
  /** Creates an empty conversation. A given `id` already in use throws `duplicate_id`. */
  createConversation(options?: CreateConversationOptions): Promise<Conversation>;
  /** The conversation with this id, or `undefined` when there is none (no `not_found`). */
  getConversation(id: string): Promise<Conversation | undefined>;
  /** Most recently updated first; ties by id, descending. Page with `limit` and `startAfter`. */
  listConversations(options?: ListConversationsOptions): Promise<Conversation[]>;
  /** Renames or replaces `appData`. Not activity: `updatedAt` stays. */
  updateConversation(id: string, update: ConversationUpdate): Promise<Conversation>;
  /** Removes the conversation and its whole log in one transaction; `false` when already gone. */
  deleteConversation(id: string): Promise<boolean>;
  /**
   * Appends finalized messages in one transaction, all or nothing, and moves `updatedAt`. Throws
   * `invalid_message` (`path[0]` is the index in `messages`), `pairing` (with `issues`), `conflict`
   * or `not_found`. In `pairing` issues, `messageIndex` counts from the first message of the
   * batch; messages already in the log have negative indices (-1 is the entry just before the batch).
   *
   * @example
   * const { lastSeq } = conversation
   * const { message } = fromOpenAIChatCompletion(await response.json())
   * // conflict if another tab appended since `lastSeq` was read: reload the context and decide again
   * await store.append(conversation.id, [message], { expectedLastSeq: lastSeq })
   */
  append(id: string, messages: readonly Message[], options?: WriteOptions): Promise<MessageEntry[]>;
  /** Answers every pending tool call of the trailing window with a synthetic error result. */
  settle(id: string, options?: { reason?: string }): Promise<MessageEntry[]>;
  /** Appends a compaction. `firstKeptId` must be a user message entry of this conversation. */
  appendCompaction(id: string, compaction: CompactionInput, options?: WriteOptions): Promise<CompactionEntry>;
  /** Entries in ascending seq order. */
  entries(id: string, options?: EntriesOptions): Promise<Entry[]>;
  /** What to send the model (`buildContext`), reading only the kept tail. */
  context(id: string): Promise<Message[]>;
  /** The same selection as entries, with the compaction that applies. */
  contextEntries(id: string): Promise<{ compaction?: CompactionEntry; entries: MessageEntry[] }>;
  /** The conversation and its whole log as plain JSON, read as one consistent snapshot. */
  exportConversation(id: string): Promise<ConversationExport>;
  /** The export as JSON Lines: line 1 everything but `entries`, then one entry per line. */
  exportConversationJsonl(id: string): Promise<string>;
  /**
   * Imports an export, its JSON Lines form or a serialized history as a new conversation, in one
   * transaction. Untrusted by default (see {@link ImportOptions.trusted}); never changes an
   * existing conversation.
   *
   * @example
   * const { conversation, warnings } = await store.importConversation(await file.text())
   * for (const warning of warnings) console.info(warning.message) // e.g. id_reassigned, truncated_tail
   */
  importConversation(data: unknown, options?: ImportOptions): Promise<ImportResult>;
  /**
   * Listens to changes from this instance (`this_tab`) and others on the same database
   * (`other_tab`), each delivered after its transaction committed. Returns the unsubscribe function.
   *
   * @example
   * const controller = new AbortController() // abort when the view goes away
   * store.subscribe((change) => {
   *   if (change.type === 'entries_appended') view.appendEntries(change.entries)
   * }, { conversationId: id, signal: controller.signal })
   */
  subscribe(listener: (change: StoreChange) => void, options?: SubscribeOptions): () => void;
  /** Usage, quota and persistence as `navigator.storage` reports them; absent fields where it does not. */
  estimateStorage(): Promise<StorageEstimate>;
  /** Asks the browser not to evict the data; `false` where `persist()` is unavailable or refused. */
  requestPersistence(): Promise<boolean>;
  /** Removes every conversation (for privacy). */
  clear(): Promise<void>;
  /** Closes the connection; later calls throw `closed`. */
  close(): void;
  /** The same as {@link ConvologStore.close}, for `using store = await openStore()`. */
  [Symbol.dispose](): void;
}
