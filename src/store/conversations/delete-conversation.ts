import { releaseAttachments } from '../attachments/attachment-refs.js';
import { awaitRequests } from '../database/await-requests.js';
import { conversationRange } from './conversation-range.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.deleteConversation`: the conversation, its whole log and the attachments nothing else
 * references, in one transaction; `false` when already gone.
 * @internal
 */
export async function deleteConversation(context: StoreContext, id: string): Promise<boolean> {
  // An id that is not a string names no conversation; as a key range it would throw a DataError.
  if (typeof id !== 'string') return false;
  const range = conversationRange(context.keyRange, id);
  // Its search postings stay until the indexer reclaims them, but its number goes: they point nowhere from now on (DESIGN §17).
  const existed = await runTransaction(context, [...ALL_STORES, 'searchNames'], 'readwrite', 'Deleting a conversation', async (transaction) => {
    const conversations = transaction.objectStore('conversations');
    if ((await conversations.getKey(id)) === undefined) return false;
    // In this transaction: an attachment only this conversation referenced goes with it (DESIGN §18).
    await releaseAttachments(transaction, context.keyRange, range, context.now().getTime());
    await awaitRequests((track) => {
      track(conversations.delete(id));
      track(transaction.objectStore('entries').delete(range));
      track(transaction.objectStore('toolCalls').delete(range));
      track(transaction.objectStore('searchBehind').delete(id));
    });
    const number = await transaction.objectStore('searchNames').index('byId').getKey(id);
    if (number !== undefined) await transaction.objectStore('searchNames').delete(number);
    return true;
  });
  if (existed) context.changes.publish({ type: 'conversation_deleted', conversationId: id });
  return existed;
}
