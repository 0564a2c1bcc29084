// The IndexedDB store (DESIGN §6): the append-only conversation log, on idb.
// Touches `indexedDB`, `navigator` and `BroadcastChannel` only inside functions, so it imports anywhere.
export { openStore } from './open-store.js';
export { deleteStore } from './delete-store.js';
export { openZipArchive, type OpenZipArchiveOptions, type ZipArchive } from './open-zip-archive.js';
export { resolveAttachments } from './attachments/resolve-attachments.js';
export {
  compactConversation, type CompactConversationOptions, type SummarizeRequest,
} from './compact-conversation.js';
export { DEFAULT_STORE_NAME, type OpenStoreOptions, type DeleteStoreOptions } from './open-store-options.js';
export type { Conversation } from './types/conversation.js';
export type { StoreChange, ChangeOrigin, ClosedReason } from './types/store-change.js';
export type { JournalIssue, JournalIssueCode, OpenReport, RestoredCounts } from './types/open-report.js';
export {
  CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport, type ExportedAttachment, type ExportOptions, type ZipExportOptions,
} from './transfer/conversation-export.js';
export type { BackupProgress, ExportAllOptions, ImportAllOptions, ImportAllResult, SkippedConversation } from './transfer/backup-format.js';
export type {
  ConvologStore, CreateConversationOptions, ListConversationsOptions, ConversationUpdate, WriteOptions,
  EntriesOptions, CorruptEntry, CompactionInput, ImportOptions, ImportOutcome, ImportResult, SubscribeOptions, StorageEstimate, StorageParts,
  LeafOptions, SettleOptions, MergeEntriesOptions, MergeEntriesResult, MergedConversation,
  SearchHit, SearchOptions, SearchResult, AttachmentFetcher, AttachmentRef, PutAttachmentOptions, ResolveAttachmentsOptions,
} from './convolog-store.js';
