import { ConvologError } from '../core/error.js';
import { AppDataSchema } from '../core/message.js';
import { toConversation, type Conversation } from './conversation.js';
import type { CreateConversationOptions } from './convolog-store.js';
import { runTransaction } from './run-transaction.js';
import type { ConversationRecord } from './schema.js';
import type { StoreContext } from './store-context.js';

/** `store.createConversation`: an empty conversation; a given id already in use throws `duplicate_id`. @internal */
export async function createConversation(
  context: StoreContext, options: CreateConversationOptions = {},
): Promise<Conversation> {
  const timestamp = context.now().toISOString();
  const record: ConversationRecord = {
    id: options.id ?? context.generateId(),
    title: checkTitle(options.title ?? ''),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastSeq: 0,
    keptFromSeq: 1,
    lastCompactionSeq: 0,
    windowStartSeq: 0,
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

/** The `duplicate_id` error for a conversation id in use. @internal */
export function duplicateConversation(id: string): ConvologError {
  return new ConvologError({
    code: 'duplicate_id',
    message: `A conversation with id "${id}" already exists in this store; choose another id or leave it out to get a fresh one.`,
    details: { conversationId: id },
  });
}

/** A title must be a string. @internal */
export function checkTitle(title: unknown): string {
  if (typeof title === 'string') return title;
  throw new ConvologError({ code: 'invalid_message', path: ['title'], message: 'A conversation title must be a string.' });
}

/** `appData` must be a plain JSON object map; a copy is stored. @internal */
export function checkAppData(appData: unknown): Record<string, unknown> {
  const parsed = AppDataSchema.safeParse(appData);
  if (parsed.success) return parsed.data;
  throw new ConvologError({
    code: 'invalid_app_data', path: ['appData'],
    message: 'A conversation\'s appData must be an object (a map from your app\'s keys to JSON values).',
  });
}
