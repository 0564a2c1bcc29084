import type { Entry } from '../core/entry.js';
import type { ConvologStore, EntriesOptions } from '../store/convolog-store.js';
import type { MergeEntriesOptions, MergeEntriesResult } from '../store/types/options.js';

/**
 * The part of a {@link ConvologStore} that sync uses: reads for the push (`getAttachment` for the
 * bytes it uploads), `mergeEntries` and `putAttachment` for the pull (`addAttachmentFetcher` for a lazy one), `subscribe` for live mode. Spelled out so sync depends on the store's public API only.
 */
export interface SyncStore extends Pick<ConvologStore,
  'listConversations' | 'getConversation' | 'updateConversation' | 'deleteConversation' | 'subscribe' | 'putAttachment' | 'getAttachment' | 'addAttachmentFetcher'> {
  entries(id: string, options?: EntriesOptions & { allBranches?: boolean }): Promise<Entry[]>;
  mergeEntries(conversationId: string, entries: readonly unknown[], options?: MergeEntriesOptions): Promise<MergeEntriesResult>;
}
