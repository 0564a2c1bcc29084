import { toConversation } from './to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import type { ListConversationsOptions } from '../types/options.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.listConversations`: most recently updated first, ties by id (descending), read from the
 * `[updatedAt, id]` index so a page boundary never skips or repeats a conversation. With a
 * `titleQuery` holding a word, the title filter (DESIGN §20) answers, loaded on first use.
 * @internal
 */
export async function listConversations(
  context: StoreContext, options: ListConversationsOptions = {},
): Promise<Conversation[]> {
  const { titleQuery } = options;
  if (titleQuery !== undefined && typeof titleQuery !== 'string') throw new TypeError('listConversations: titleQuery must be a string');
  if (titleQuery !== undefined && titleQuery.trim() !== '') {
    return (await import('./filter-conversations.js')).filterConversations(context, titleQuery, options);
  }
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
