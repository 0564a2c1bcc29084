import { toConversation } from './to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import type { ListConversationsOptions } from '../types/options.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.listConversations`: most recently updated first, ties by id (descending), read from the
 * `[updatedAt, id]` index so a page boundary never skips or repeats a conversation.
 * @internal
 */
export async function listConversations(
  context: StoreContext, options: ListConversationsOptions = {},
): Promise<Conversation[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (limit <= 0) return [];
  const range = options.startAfter === undefined
    ? undefined
    : context.keyRange.upperBound([options.startAfter.updatedAt, options.startAfter.id], true);
  return runTransaction(context, ['conversations'], 'readonly', 'Listing conversations', async (transaction) => {
    const found: Conversation[] = [];
    let cursor = await transaction.objectStore('conversations').index('byUpdated').openCursor(range, 'prev');
    while (cursor !== null && found.length < limit) {
      found.push(toConversation(cursor.value));
      cursor = await cursor.continue();
    }
    return found;
  });
}
