import { useMemo, useSyncExternalStore } from 'react';
import type { Conversation } from '../store/types/conversation.js';
import { useStoreHandle } from './convolog-provider.js';
import { LiveQuery, type QueryLifecycle, type QueryState } from './live-query.js';
import type { StoreHandle } from './store-handle.js';

/** What {@link useConversations} returns. */
export interface ConversationsSnapshot extends QueryState {
  /** Most recently updated first. */
  conversations: Conversation[];
  /** Whether older conversations remain to be loaded. */
  hasMore: boolean;
  /** Loads the next `limit` conversations. */
  loadMore(): void;
}

interface Page { conversations: Conversation[]; hasMore: boolean }

/** @internal */
class ConversationsQuery {
  private pages = 1;
  readonly loadMore = (): void => {
    if (this.live.getSnapshot().hasMore) {
      this.pages++;
      this.live.refresh();
    }
  };

  readonly live: LiveQuery<Page, ConversationsSnapshot>;

  constructor(handle: StoreHandle, limit: number, lifecycle: QueryLifecycle) {
    this.live = new LiveQuery<Page, ConversationsSnapshot>(handle.getStore, {
      load: async (store) => {
        const count = limit * this.pages;
        // One more than shown tells whether there is more.
        const conversations = await store.listConversations({ limit: count + 1 });
        return { conversations: conversations.slice(0, count), hasMore: conversations.length > count };
      },
      reset: () => {
        this.pages = 1;
      },
    }, (state, page) => ({ ...state, conversations: page?.conversations ?? [], hasMore: page?.hasMore ?? false, loadMore: this.loadMore }), lifecycle);
  }
}

/**
 * The conversation list, most recently updated first, live: it follows every change in this tab
 * and in others. `status` is `'loading'` until the first read (and during server rendering).
 *
 * @example
 * const { conversations, hasMore, loadMore } = useConversations({ limit: 30 })
 */
export function useConversations(options: { limit?: number } = {}): ConversationsSnapshot {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${String(limit)}`);
  const handle = useStoreHandle('useConversations');
  const query = useMemo(() => handle.cached(`conversations:${limit}`, (lifecycle) => new ConversationsQuery(handle, limit, lifecycle)), [handle, limit]);
  return useSyncExternalStore(query.live.subscribe, query.live.getSnapshot, query.live.getServerSnapshot);
}
