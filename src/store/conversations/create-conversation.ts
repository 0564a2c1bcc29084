import { checkAppData } from './check-app-data.js';
import { checkConversationId } from './check-conversation-id.js';
import { checkTitle } from './check-title.js';
import { toConversation } from './to-conversation.js';
import type { Conversation } from '../types/conversation.js';
import type { CreateConversationOptions } from '../types/options.js';
import { duplicateConversation } from './duplicate-conversation.js';
import { runTransaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/** `store.createConversation`: an empty conversation; a given id already in use throws `duplicate_id`. @internal */
export async function createConversation(
  context: StoreContext, options: CreateConversationOptions = {},
): Promise<Conversation> {
  const timestamp = context.now().toISOString();
  const record: ConversationRecord = {
    id: options.id === undefined ? context.generateId() : checkConversationId(options.id),
    title: checkTitle(options.title ?? ''),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastSeq: 0,
    headId: null,
    headSeq: 0,
    keptFromSeq: 1,
    lastCompactionSeq: 0,
    windowStartSeq: 0,
    lines: [],
    incarnation: context.indexer.incarnation(),
  };
  if (options.appData !== undefined) record.appData = checkAppData(options.appData);
  await runTransaction(context, ['conversations'], 'readwrite', 'Creating a conversation', async (transaction) => {
    const store = transaction.objectStore('conversations');
    if ((await store.getKey(record.id)) !== undefined) throw duplicateConversation(record.id);
    await store.add(record);
  });
  const conversation = toConversation(record);
  context.changes.publish({ type: 'conversation_created', conversationId: record.id, conversation });
  return conversation;
}
