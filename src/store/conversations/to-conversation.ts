import type { ConversationRecord } from '../database/schema.js';
import type { Conversation } from '../types/conversation.js';

/** The public view of a stored conversation record (internal bookkeeping left out). @internal */
export function toConversation(record: ConversationRecord): Conversation {
  const conversation: Conversation = {
    id: record.id,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastSeq: record.lastSeq,
    headId: record.headId,
  };
  if (record.appData !== undefined) conversation.appData = record.appData;
  return conversation;
}
