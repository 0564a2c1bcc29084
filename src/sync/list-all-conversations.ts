import type { Conversation } from '../store/types/conversation.js';
import type { SyncStore } from './sync-store.js';

const PAGE = 500;

/** Every conversation of the store, read in pages. @internal */
export async function listAllConversations(store: SyncStore): Promise<Conversation[]> {
  const all: Conversation[] = [];
  for (;;) {
    const last = all[all.length - 1];
    const page = await store.listConversations({ limit: PAGE, ...(last === undefined ? {} : { startAfter: last }) });
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}
