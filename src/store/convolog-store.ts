import type { CompactionEntry, Entry, MessageEntry } from '../core/entry.js';
import type { Message } from '../core/message.js';
import type { Conversation } from './types/conversation.js';
import type { ConversationExport } from './transfer/conversation-export.js';
import type { StoreChange } from './types/store-change.js';
import type {
  CompactionInput, ConversationUpdate, CreateConversationOptions, EntriesOptions, ImportOptions, ImportResult,
  ListConversationsOptions, StorageEstimate, SubscribeOptions, WriteOptions,
} from './types/options.js';

export type {
  CompactionInput, ConversationUpdate, CorruptEntry, CreateConversationOptions, EntriesOptions, ImportOptions, ImportResult,
  ListConversationsOptions, StorageEstimate, SubscribeOptions, WriteOptions,
} from './types/options.js';

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
