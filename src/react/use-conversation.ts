import { useMemo, useSyncExternalStore } from 'react';
import type { Entry } from '../core/entry.js';
import type { Fork } from '../core/fork.js';
import type { ConvologStore } from '../store/convolog-store.js';
import type { Conversation } from '../store/types/conversation.js';
import { useStoreHandle } from './convolog-provider.js';
import { LiveQuery, type QueryLifecycle, type QueryState } from './live-query.js';
import type { StoreHandle } from './store-handle.js';

/** What {@link useConversation} returns. */
export interface ConversationSnapshot extends QueryState {
  /** `undefined` while loading, without an id, or when there is no such conversation (or it was deleted). */
  conversation?: Conversation;
  /** The newest entries of the head's branch, oldest first. */
  entries: Entry[];
  /** Every fork point of the conversation (DESIGN §10), for ‹ n/m › switches. */
  forks: Fork[];
  /** Whether older entries remain to be loaded. */
  hasOlder: boolean;
  /** Loads `pageSize` more entries above the oldest one shown. */
  loadOlder(): void;
}

interface View { conversation?: Conversation; entries: Entry[]; forks: Fork[]; hasOlder: boolean }

async function readView(store: ConvologStore, id: string, count: number): Promise<View> {
  const conversation = await store.getConversation(id);
  if (conversation === undefined) return { entries: [], forks: [], hasOlder: false };
  // The head's branch, newest last; one more than shown tells whether there are older ones.
  const [entries, forks] = await Promise.all([
    store.entries(id, { beforeSeq: conversation.lastSeq + 1, limit: count + 1 }),
    store.forks(id),
  ]);
  return { conversation, entries: entries.slice(-count), forks, hasOlder: entries.length > count };
}

/** @internal */
class ConversationQuery {
  private pages = 1;
  readonly loadOlder = (): void => {
    if (this.live.getSnapshot().hasOlder) {
      this.pages++;
      this.live.refresh();
    }
  };

  readonly live: LiveQuery<View, ConversationSnapshot>;

  constructor(handle: StoreHandle, id: string, pageSize: number, lifecycle: QueryLifecycle) {
    this.live = new LiveQuery<View, ConversationSnapshot>(handle.getStore, {
      conversationId: id,
      load: (store) => readView(store, id, pageSize * this.pages),
      gone: (change) => change.type === 'conversation_deleted' || change.type === 'cleared',
      reset: () => {
        this.pages = 1;
      },
    }, (state, view) => snapshotOf(state, view, this.loadOlder), lifecycle);
  }
}

function snapshotOf(state: QueryState, view: View | undefined, loadOlder: () => void): ConversationSnapshot {
  const snapshot: ConversationSnapshot = { ...state, entries: view?.entries ?? [], forks: view?.forks ?? [], hasOlder: view?.hasOlder ?? false, loadOlder };
  if (view?.conversation !== undefined) snapshot.conversation = view.conversation;
  return snapshot;
}

const NO_CONVERSATION: ConversationSnapshot = snapshotOf({ status: 'ready' }, undefined, () => {});
const noSubscription = (): (() => void) => () => {};
const noConversation = (): ConversationSnapshot => NO_CONVERSATION;

/**
 * One conversation, live: its record, the newest `pageSize` entries of the head's branch (more
 * with `loadOlder`), and its fork points. Follows appends, renames, branch switches and deletion
 * in this tab and in others. Without an id it is `'ready'` and empty.
 *
 * @example
 * const { conversation, entries, hasOlder, loadOlder } = useConversation(id, { pageSize: 40 })
 */
export function useConversation(id: string | undefined, options: { pageSize?: number } = {}): ConversationSnapshot {
  const pageSize = options.pageSize ?? 50;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${String(pageSize)}`);
  const handle = useStoreHandle('useConversation');
  const query = useMemo(
    () => (id === undefined ? undefined : handle.cached(`conversation:${pageSize}:${id}`, (lifecycle) => new ConversationQuery(handle, id, pageSize, lifecycle))),
    [handle, id, pageSize],
  );
  const live = query?.live;
  return useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noConversation, live?.getServerSnapshot ?? noConversation);
}
