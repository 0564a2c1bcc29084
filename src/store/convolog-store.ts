import type { CompactionEntry, Entry, MessageEntry } from '../core/entry.js';
import type { Fork } from '../core/fork.js';
import type { Message } from '../core/message.js';
import type { Conversation } from './types/conversation.js';
import type { ConversationExport, ExportOptions, ZipExportOptions } from './transfer/conversation-export.js';
import type { ExportAllOptions, ImportAllOptions, ImportAllResult } from './transfer/backup-format.js';
import type { OpenReport } from './types/open-report.js';
import type { StoreChange } from './types/store-change.js';
import type { SearchOptions, SearchResult } from './types/search.js';
import type { AttachmentFetcher } from './types/attachment-fetcher.js';
import type { AttachmentRef, PutAttachmentOptions } from './attachments/attachment-ref.js';
import type {
  CompactionInput, ConversationUpdate, CreateConversationOptions, EntriesOptions, ImportOptions, ImportResult, LeafOptions,
  MergeEntriesOptions, MergeEntriesResult,
  ListConversationsOptions, SettleOptions, StorageEstimate, SubscribeOptions, WriteOptions,
} from './types/options.js';

export type {
  CompactionInput, ConversationUpdate, CorruptEntry, CreateConversationOptions, EntriesOptions, ImportOptions, ImportOutcome, ImportResult,
  MergeEntriesOptions, MergeEntriesResult, MergedConversation,
  LeafOptions, ListConversationsOptions, SettleOptions, StorageEstimate, StorageParts, SubscribeOptions, WriteOptions,
} from './types/options.js';
export type { SearchHit, SearchOptions, SearchResult } from './types/search.js';
export type { AttachmentFetcher } from './types/attachment-fetcher.js';
export type { AttachmentRef, PutAttachmentOptions, ResolveAttachmentsOptions } from './attachments/attachment-ref.js';

/**
 * The append-only conversation log in IndexedDB (DESIGN §6, §10). Get one with `openStore`.
 * Every method given an unknown conversation id throws `not_found`, except `getConversation`
 * (`undefined`) and `deleteConversation` (`false`); an unknown entry id (`parentId`, `leafId`,
 * an entry of another conversation included) throws `not_found` too.
 *
 * The log is a tree: each entry names its parent, and the conversation's `headId` is the leaf
 * of the branch the user is on. Editing or regenerating appends beside the old version (one
 * append, nothing copied or rewritten); `checkout` switches branches. Reads and writes without
 * `leafId`/`parentId` use the head's branch, so an app that never branches sees a linear log.
 */
export interface ConvologStore {
  /** The database name. */
  readonly name: string;
  /**
   * What the open found (DESIGN §21): `reset` when the browser had thrown this database away (a
   * crash, a corrupted LevelDB in Chromium), what the journal restored then, and any issue with
   * the marker or the journal.
   *
   * @example
   * const store = await openStore()
   * if (store.openReport.reset) showNotice(`Restored ${store.openReport.restored?.conversations ?? 0} chats`)
   */
  readonly openReport: OpenReport;
  /** Creates an empty conversation. A given `id` already in use throws `duplicate_id`. */
  createConversation(options?: CreateConversationOptions): Promise<Conversation>;
  /** The conversation with this id, or `undefined` when there is none (no `not_found`). */
  getConversation(id: string): Promise<Conversation | undefined>;
  /**
   * Most recently updated first; ties by id, descending. Page with `limit` and `startAfter`.
   * `titleQuery` keeps the conversations whose title holds every word, by search's rules:
   *
   * ```ts
   * const page = await store.listConversations({ titleQuery: 'cafe oslo', limit: 50 });
   * const next = await store.listConversations({ titleQuery: 'cafe oslo', limit: 50, startAfter: page.at(-1) });
   * ```
   */
  listConversations(options?: ListConversationsOptions): Promise<Conversation[]>;
  /** Renames or replaces `appData`. Not activity: `updatedAt` stays. */
  updateConversation(id: string, update: ConversationUpdate): Promise<Conversation>;
  /** Removes the conversation and its whole log in one transaction; `false` when already gone. */
  deleteConversation(id: string): Promise<boolean>;
  /**
   * Appends finalized messages in one transaction, all or nothing, under the head (or
   * `parentId`: an entry that already has children gets a new branch beside them), moves the
   * head to the last new entry and moves `updatedAt`. The batch is checked against the branch
   * it extends. Throws `invalid_message` (`path[0]` is the index in `messages`), `pairing` (with
   * `issues`; also for a fork inside an unsettled tool window), `conflict` or `not_found`. In
   * `pairing` issues, `messageIndex` counts from the first message of the batch; messages
   * already in the log have negative indices by seq (-1 is the parent).
   *
   * @example
   * const { lastSeq } = conversation
   * const { message } = fromOpenAIChatCompletion(await response.json())
   * // conflict if another tab appended since `lastSeq` was read: reload the context and decide again
   * await store.append(conversation.id, [message], { expectedLastSeq: lastSeq })
   * // edit user message `entry`: its new text goes beside it, and the head moves there
   * await store.append(conversation.id, [user('better question')], { parentId: entry.parentId })
   */
  append(id: string, messages: readonly Message[], options?: WriteOptions): Promise<MessageEntry[]>;
  /**
   * Answers every pending tool call of the trailing window of the head's branch (or `leafId`'s)
   * with a synthetic error result, after it, and moves the head to the last one. `[]` when nothing
   * is pending.
   */
  settle(id: string, options?: SettleOptions): Promise<MessageEntry[]>;
  /**
   * Appends a compaction under the head (or `parentId`) and moves the head to it. `firstKeptId`
   * must be a user message entry on that branch (`not_found` when unknown, `invalid_cut` when not
   * a user message or on another branch). It applies to that branch only.
   */
  appendCompaction(id: string, compaction: CompactionInput, options?: WriteOptions): Promise<CompactionEntry>;
  /**
   * The branch ending at the head (or `leafId`), root first; with `allBranches: true` every
   * entry of the tree in seq order. Seqs increase along a branch, so `afterSeq`/`beforeSeq`/`limit`
   * page a branch as they page the tree. Reads only the branch's entries.
   */
  entries(id: string, options?: EntriesOptions): Promise<Entry[]>;
  /** What to send the model (`buildContext`) for the head's branch (or `leafId`'s), reading only its kept tail. */
  context(id: string, options?: LeafOptions): Promise<Message[]>;
  /** The same selection as entries, with the compaction that applies on that branch. */
  contextEntries(id: string, options?: LeafOptions): Promise<{ compaction?: CompactionEntry; entries: MessageEntry[] }>;
  /**
   * Switches branches: the head becomes the newest leaf at or below `entryId` (found without
   * reading the subtree) and `conversation_updated` is emitted with the new `headId`, here and in
   * other tabs. Not activity: `updatedAt` and `lastSeq` stay. `not_found` for an unknown entry.
   *
   * @example
   * // ‹ 2/3 ›: show the next version of a message
   * const versions = await store.children(conversation.id, entry.parentId)
   * const next = versions[versions.findIndex((version) => version.id === entry.id) + 1]
   * if (next) await store.checkout(conversation.id, next.id)
   */
  checkout(id: string, entryId: string): Promise<Conversation>;
  /** The direct children of an entry (`null`: the first entries of every branch from the root), in seq order: its versions. */
  children(id: string, entryId: string | null): Promise<Entry[]>;
  /** Every fork point (an entry, or the root, with 2+ children): the root first, then by the parent's seq. */
  forks(id: string): Promise<Fork[]>;
  /**
   * The conversation and its whole log (every branch, and the head) as plain JSON (format 3),
   * read as one consistent snapshot, with the bytes of every attachment its entries reference
   * once, base64, in `attachments` (`{ attachments: 'omit' }`: references only). With
   * `{ format: 'zip' }`: a ZIP `Blob` of `conversation.json` and each attachment's bytes as
   * `attachments/<id>` (the ZIP writer loads on first use).
   *
   * @example
   * const zip = await store.exportConversation(id, { format: 'zip' })
   * download(new File([zip], 'chat.zip'))
   * const json = await store.exportConversation(id, { attachments: 'omit' }) // references only
   */
  exportConversation(id: string, options?: ExportOptions): Promise<ConversationExport>;
  exportConversation(id: string, options: ZipExportOptions): Promise<Blob>;
  /** The export as JSON Lines: line 1 everything but `entries` (the `attachments` section included), then one entry per line. */
  exportConversationJsonl(id: string, options?: ExportOptions): Promise<string>;
  /**
   * Imports an export (an object, its JSON or JSON Lines text, a `Blob` of either, or the ZIP
   * `Blob` of `exportConversation(id, { format: 'zip' })`, told apart by its `PK\x03\x04` start)
   * or a serialized history as a new conversation, in one transaction with the attachments it
   * carries, each checked against its SHA-256 id (`attachment_mismatch`). A damaged ZIP is
   * `invalid_archive`; one that inflates past `maxBytes` is `too_large`; nothing is written then. Untrusted by default (see {@link ImportOptions.trusted}). A conversation imported
   * from another app before (see {@link ImportOptions.onReimport}) is skipped by default, or
   * replaced or duplicated; no other existing conversation is changed.
   *
   * @example
   * const { conversation, warnings, outcome } = await store.importConversation(await file.text())
   * for (const warning of warnings) console.info(warning.message) // e.g. id_reassigned, truncated_tail
   * if (outcome === 'skipped') console.info(`${conversation.title} was imported before`)
   */
  importConversation(data: unknown, options?: ImportOptions): Promise<ImportResult>;
  /**
   * A backup of every conversation as one ZIP `Blob` (DESIGN §20): each conversation's format-3
   * export (every branch, compactions, appData) and each attachment's bytes once. Read
   * conversation by conversation, each in its own transaction: a write in another tab meanwhile
   * is in the backup whole or not at all. `importAll` restores it.
   *
   * @example
   * const backup = await store.exportAll({ onProgress: ({ done, total }) => showProgress(done / total) })
   * download(new File([backup], `chats-${new Date().toISOString().slice(0, 10)}.zip`))
   */
  exportAll(options?: ExportAllOptions): Promise<Blob>;
  /**
   * Restores a backup of `exportAll`, conversation by conversation, each whole (with its
   * attachments, checked against their ids) or not at all. A conversation already here is
   * skipped (`onConflict: 'new_id'` restores a copy). A damaged or tampered conversation is left
   * out and reported in `skipped`; a file that is no backup or is cut off is `invalid_archive`
   * before anything is written.
   *
   * @example
   * const { restored, skipped } = await store.importAll(file, { onConflict: 'skip' })
   * if (skipped.length > 0) warn(`${skipped.length} chats of the backup are damaged and were not restored`)
   */
  importAll(backup: Blob, options?: ImportAllOptions): Promise<ImportAllResult>;
  /**
   * Writes entries that were written elsewhere (another device, through `convolog/sync`) into a
   * conversation, creating it from `options.conversation` when it is missing. Entries keep their
   * ids, `parentId`s and timestamps and get the next local seqs in arrival order, parents first,
   * in one transaction. Each entry passes the checks of an untrusted import (schema; unless
   * `trusted`, `retainPortableContent`; the pairing invariant of its branch; a compaction's cut on
   * its branch; unique call ids): one that fails is skipped with a `skipped_entry` warning (with
   * its descendants) and never blocks the rest. One whose parent is in neither the store nor the
   * batch is returned in `waiting`: pass it again once its parent arrived. An entry already in the
   * conversation is skipped silently, so merging twice writes nothing twice. The head moves only
   * by a fast-forward: if it gained children, to the newest leaf below it (from an empty log, the
   * newest leaf); a head that is still a leaf stays. Emits `entries_appended` (or
   * `conversation_created`) and moves `updatedAt` to the newest timestamp that arrived.
   *
   * @example
   * const { added, waiting, warnings } = await store.mergeEntries(id, pulledEntries, { conversation: { title, createdAt } })
   */
  mergeEntries(conversationId: string, entries: readonly unknown[], options?: MergeEntriesOptions): Promise<MergeEntriesResult>;
  /**
   * Finds the entries of every conversation (or of `conversationId`), on every branch, whose
   * searchable text (user text, assistant text and refusals, tool results, compaction summaries)
   * contains every query word at the start of a word, ignoring case, width and accents; in Han,
   * kana and Hangul text a word matches anywhere. Newest first, `limit` (20) at a time: pass
   * `nextCursor` as `cursor` for the next page (no repeats, also when newer entries arrive
   * meanwhile). A blank query finds nothing; a query that is not a string is a `TypeError`; a
   * cursor that no search returned is `invalid_cursor`; an aborted `signal` rejects with `aborted`.
   * Reads the postings of the query's rarest word, newest first, and stops when the page is full.
   *
   * @example
   * const { hits, nextCursor } = await store.search('oslo trip')
   * for (const hit of hits) console.log(hit.conversationId, hit.snippet, hit.highlights)
   * const more = nextCursor ? await store.search('oslo trip', { cursor: nextCursor }) : undefined
   */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /**
   * Resolves once every entry committed before the call is in the packed search index (DESIGN
   * §17): for tests, benchmarks, or an app about to go offline for long. Search is complete
   * without it (it matches entries not yet indexed directly); this only makes it as fast as it gets.
   *
   * @example
   * await store.importConversation(exported)
   * await store.flushSearchIndex()
   */
  flushSearchIndex(): Promise<void>;
  /**
   * How many committed entries the search index does not hold yet, for a progress display while
   * a large import or an upgrade is being indexed in the background.
   *
   * @example
   * const { pending } = await store.searchIndexStatus()
   * if (pending > 0) showIndexing(pending)
   */
  searchIndexStatus(): Promise<{ pending: number }>;
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
  /**
   * Stores bytes (an image, a PDF) once, content-addressed by their SHA-256, in one transaction
   * (all chunks or none; `quota_exceeded` leaves nothing behind), and returns the reference to put
   * in a message as an image's or file's `source`. The same bytes put again are stored once. Bytes
   * no entry references are removed 24 hours after their last put (DESIGN §18).
   *
   * @example
   * const source = await store.putAttachment(file, { mediaType: file.type, filename: file.name })
   * await store.append(id, [user([{ type: 'text', text: 'What is this?' }, { type: 'image', source }])])
   * const { body } = toOpenAIChatMessages(await resolveAttachments(store, await store.context(id)))
   */
  putAttachment(data: Blob | ArrayBuffer | ArrayBufferView, options: PutAttachmentOptions): Promise<AttachmentRef>;
  /**
   * The stored bytes of an attachment as a Blob of its stored media type; `not_found` when not
   * stored. Bytes not stored here are asked of the fetchers added with
   * {@link ConvologStore.addAttachmentFetcher} (lazy sync), checked against the id
   * (`attachment_mismatch`), stored, then returned; a fetcher's failure (offline) is thrown as it is.
   */
  getAttachment(id: string): Promise<Blob>;
  /**
   * Advanced: adds a source `getAttachment` asks for bytes this store lacks (DESIGN §18). You do
   * not call it for sync: `createCouchSync(store, { attachments: 'lazy' })` adds its server.
   * Returns the function that removes it.
   *
   * @example
   * const remove = store.addAttachmentFetcher({
   *   fetchAttachment: async (id) => { const r = await fetch(`/files/${id}`); return r.status === 404 ? undefined : { bytes: await r.arrayBuffer(), mediaType: r.headers.get('content-type') ?? 'application/octet-stream' } },
   * })
   */
  addAttachmentFetcher(fetcher: AttachmentFetcher): () => void;
  /**
   * Usage, quota and persistence as `navigator.storage` reports them (absent fields where it does
   * not), the exact bytes of stored attachments, and this store's data by part (`parts`: messages and
   * the search index estimated from samples of at most 96 records, attachments and the journal exact;
   * see {@link StorageParts}). It never throws for a platform without `navigator.storage`.
   */
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
