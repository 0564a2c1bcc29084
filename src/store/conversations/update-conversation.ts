import { checkAppData } from './check-app-data.js';
import { checkTitle } from './check-title.js';
import { toConversation } from './to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import type { ConversationUpdate } from '../types/options.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/** `store.updateConversation`: title and/or appData (replacing the map); `updatedAt` stays. @internal */
export async function updateConversation(
  context: StoreContext, id: string, update: ConversationUpdate,
): Promise<Conversation> {
  const title = update.title === undefined ? undefined : checkTitle(update.title);
  const appData = update.appData === undefined ? undefined : checkAppData(update.appData);
  const record = await runTransaction(context, ['conversations'], 'readwrite', 'Updating a conversation', async (transaction) => {
    const current = await readRecord(transaction, id);
    const next = { ...current };
    if (title !== undefined) next.title = title;
    if (appData !== undefined) next.appData = appData;
    await transaction.objectStore('conversations').put(next);
    return next;
  });
  const conversation = toConversation(record);
  context.changes.publish({ type: 'conversation_updated', conversationId: id, conversation });
  return conversation;
}
