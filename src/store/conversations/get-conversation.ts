import { toConversation } from './to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/** `store.getConversation`: `undefined` when there is none with this id (an id that is not a string names none). @internal */
export async function getConversation(context: StoreContext, id: string): Promise<Conversation | undefined> {
  if (typeof id !== 'string') return undefined;
  const record = await runTransaction(context, ['conversations'], 'readonly', 'Reading a conversation',
    (transaction) => transaction.objectStore('conversations').get(id));
  return record === undefined ? undefined : toConversation(record);
}
