// The options and results of the store's methods: shared by the face (`ConvologStore`) and the
// layers that implement it, so they sit at the bottom of the store's imports.
import type { AppData, AttachmentSource } from '../../core/message.js';
import type { Entry } from '../../core/entry.js';
import type { Warning } from '../../core/warning.js';
import type { Conversation } from './conversation.js';

/** Options of {@link ConvologStore.createConversation}. */
export interface CreateConversationOptions { id?: string; title?: string; appData?: AppData }

/** Options of {@link ConvologStore.listConversations}. */
export interface ListConversationsOptions {
  limit?: number;
  /** The last conversation of the previous page: the page continues after it. */
  startAfter?: Pick<Conversation, 'id' | 'updatedAt'>;
  /**
   * Only conversations whose title holds every word of this query, by search's rules (DESIGN §11:
   * word starts, case, accents and width ignored, Han/kana/Hangul as substrings), in the same
   * order and pages. Blank, or without a letter or digit: no filter. The first filtered call of a
   * store reads every title once (then follows changes); with `limit: 0` it only does that, to
   * have it done before the user's first keystroke.
   */
  titleQuery?: string;
}

/** What {@link ConvologStore.updateConversation} changes. `appData` replaces the whole map. */
export interface ConversationUpdate { title?: string; appData?: AppData }

/** Where a write goes, and optimistic concurrency. */
export interface WriteOptions {
  /**
   * The entry the write follows. Left out: the head (the branch the user is on). An entry that
   * already has children: the write starts a new branch beside them (an edit, a regeneration).
   * `null`: a new branch from the root (the first message edited). Unknown here: `not_found`.
   */
  parentId?: string | null;
  /** The `lastSeq` the caller last saw: if the log has moved on since, the write throws `conflict`. */
  expectedLastSeq?: number;
}

/** Which branch a read is about. */
export interface LeafOptions {
  /** The last entry of the branch. Default: the head. Unknown here: `not_found`. */
  leafId?: string;
}

/** Options of {@link ConvologStore.settle}. */
export interface SettleOptions extends LeafOptions {
  /** The content of each synthetic error result. */
  reason?: string;
}

/** A corrupt record that `entries` skipped. */
export interface CorruptEntry { seq: number; error: unknown }

/** Options of {@link ConvologStore.entries}. */
export interface EntriesOptions extends LeafOptions {
  /** Every entry of every branch, in seq order (exports, tree views, sync), instead of one branch. */
  allBranches?: boolean;
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
  /** Refuse larger input with `too_large`. Default 64 MiB. For a ZIP, every byte it inflates to counts (a bomb stops there). */
  maxBytes?: number;
  /** An id already in the store: give a fresh one (`'new_id'`, default, with an `id_reassigned` warning) or throw `duplicate_id`. */
  onConflict?: 'new_id' | 'error';
  /**
   * The import is a conversation already imported from another app (the same
   * `appData['convolog.importedFrom']`, which the importers set): `'skip'` it (default: a second
   * import of the same file changes nothing, and whatever was added to the earlier copy stays),
   * `'replace'` the earlier copy with this one in one transaction (under a fresh id; what was added
   * to the earlier copy is gone), or `'duplicate'` it (a second copy, with fresh ids).
   */
  onReimport?: 'skip' | 'replace' | 'duplicate';
  signal?: AbortSignal;
}

/** What an import did: `'created'` a new conversation, or, for a conversation imported before, `'skipped'`, `'replaced'` or `'duplicated'` it. */
export type ImportOutcome = 'created' | 'skipped' | 'replaced' | 'duplicated';

/** What an import created (or, when `outcome` is `'skipped'`, the conversation imported before). */
export interface ImportResult {
  conversation: Conversation;
  warnings: Warning[];
  outcome: ImportOutcome;
  /** With `'replaced'`: the id of the earlier copy, now deleted. */
  replacedId?: string;
  /** With `'duplicated'`: the id of the earlier copy, left as it was. */
  duplicateOf?: string;
}

/** Options of {@link ConvologStore.subscribe}. */
export interface SubscribeOptions {
  /** Only changes to this conversation (plus `cleared` and `closed`, which concern every one). */
  conversationId?: string;
  /** Unsubscribes when it aborts. */
  signal?: AbortSignal;
}

/**
 * What this store's data takes, part by part, in bytes (DESIGN §20). `conversations`, `entries` and
 * `searchIndex` are **estimates of the data's size, not of the engine's bytes on disk**: each is the
 * count of its records times the mean serialized size (JSON, binary at its byte length) of at most
 * 96 of them. No value is read beyond the samples; the one cost that follows the store is counting
 * the chats (Chromium's `count()` walks their keys): about 107 ms at 10,000 chats vs 25 ms at 10.
 * Engines compress, keep indexes and free pages, and may lag: `usage − the parts` is that overhead
 * and everything else of the origin.
 */
export interface StorageParts {
  /** About: the conversations' records (title, appData, where things are in the log). */
  conversations: number;
  /** About: the entries (messages, compactions) with their tool call and attachment reference rows. */
  entries: number;
  /** About: the packed search index; 0 until the indexer has run, and without search. */
  searchIndex: number;
  /** Exact: as {@link StorageEstimate.attachments}. */
  attachments: number;
  /** Exact: the files of the OPFS journal (DESIGN §21), every tab's; 0 when the journal is off or absent. */
  journal: number;
}

/**
 * What `navigator.storage` reports (fields are absent where the platform does not tell), and what
 * this store's data takes.
 * @example
 * const { usage, quota, parts } = await store.estimateStorage();
 * const messages = parts.conversations + parts.entries; // about
 */
export interface StorageEstimate {
  /** The origin's bytes as the browser counts them (everything of the site, not this store alone). */
  usage?: number; quota?: number; persisted?: boolean;
  /** Chromium's non-standard split of `usage` by storage API (`indexedDB`, `fileSystem`, …), passed through where present. */
  usageDetails?: Record<string, number>;
  /** The bytes of every stored attachment, each counted once however many messages name it (exact, from the store itself). */
  attachments: number;
  /** This store's data by part; see {@link StorageParts}. */
  parts: StorageParts;
}

/** The conversation {@link ConvologStore.mergeEntries} creates when it does not exist yet. */
export interface MergedConversation { title: string; createdAt: string; appData?: AppData }

/** Options of {@link ConvologStore.mergeEntries}. */
export interface MergeEntriesOptions {
  /** Creates the conversation with these fields (and the given id) when the store has none. */
  conversation?: MergedConversation;
  /**
   * The entries come from the app's own devices and keep provider data and escape-hatch content.
   * Default `false`: every message passes `retainPortableContent`, as an untrusted import, which
   * keeps an attachment reference only when its bytes are stored in this store.
   */
  trusted?: boolean;
  /**
   * Called before the merge's transaction with the attachments that entries new to this store
   * reference and whose bytes it does not have (each id once). Put the bytes you can get with
   * `putAttachment` (checking them: the id is their SHA-256) and resolve; the merge then reads what
   * is stored and, unless `trusted`, drops the other references with a `dropped_block` warning.
   * `convolog/sync` fetches them from the server here. Resolve with ids instead (lazy sync) to
   * vouch that those bytes, not fetched now, can be fetched later through a fetcher added with
   * `addAttachmentFetcher`: their references are kept without bytes, as a trusted merge keeps them.
   */
  fetchAttachments?: (missing: AttachmentSource[]) => Promise<void | readonly string[]>;
}

/** What {@link ConvologStore.mergeEntries} did. */
export interface MergeEntriesResult {
  /** The conversation after the merge (its head moved only by a fast-forward). */
  conversation: Conversation;
  /** The entries written, in their new local seq order (parents first). */
  added: Entry[];
  /** Ids of entries left out because their parent is in neither the store nor the batch: give them again later. */
  waiting: string[];
  /** One `skipped_entry` warning per entry refused (schema, ids, pairing on its branch), plus what sanitizing removed. */
  warnings: Warning[];
  /** Whether this merge created the conversation (decided inside its transaction). */
  created: boolean;
  /**
   * The conversation's `lastSeq` when the merge's transaction began (0 when it created it): the
   * merge wrote exactly the seqs after it up to `conversation.lastSeq`. A caller that read the
   * conversation before merging must use this, not its own read: another writer (a tab, a
   * streaming reply) may have appended in between.
   */
  previousLastSeq: number;
}
