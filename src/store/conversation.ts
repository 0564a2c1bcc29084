import type { AppData } from '../core/message.js';
import type { ConversationRecord } from './schema.js';

/** A conversation as the store shows it. Its messages live in the entry log. */
export interface Conversation {
  id: string;
  title: string;
  /** UTC ISO timestamps. `updatedAt` moves with activity (appends), not with renames. */
  createdAt: string;
  updatedAt: string;
  /** The seq of the last entry, 0 for an empty log. Pass it as `expectedLastSeq`. */
  lastSeq: number;
  /** The application's own data, such as what rebuilds its system prompt. */
  appData?: AppData;
}

/** The public view of a stored conversation record (internal bookkeeping left out). @internal */
export function toConversation(record: ConversationRecord): Conversation {
  const conversation: Conversation = {
    id: record.id,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastSeq: record.lastSeq,
  };
  if (record.appData !== undefined) conversation.appData = record.appData;
  return conversation;
}
