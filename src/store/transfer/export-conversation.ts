import type { Entry } from '../../core/entry.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport } from './conversation-export.js';
import { readEntryRange } from '../log/read-entry-range.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { ConversationRecord } from '../database/schema.js';

/**
 * `store.exportConversation`: the conversation (with its head) and its whole log, every branch, as plain JSON, read in one
 * transaction (a consistent snapshot). A corrupt record throws `corrupt_entry`: an export never
 * drops an entry silently.
 * @internal
 */
export async function exportConversation(context: StoreContext, id: string): Promise<ConversationExport> {
  const { record, entries } = await runTransaction(context, ['conversations', 'entries'], 'readonly', 'Exporting a conversation',
    async (transaction) => {
      const record = await readRecord(transaction, id);
      const { entries } = await readEntryRange(transaction, context.keyRange, id, 1, record.lastSeq);
      return { record, entries };
    });
  return exportOf(context.now(), record, entries);
}

function exportOf(now: Date, record: ConversationRecord, entries: Entry[]): ConversationExport {
  const conversation: ConversationExport['conversation'] = {
    id: record.id, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, headId: record.headId,
  };
  if (record.appData !== undefined) conversation.appData = record.appData;
  return {
    format: CONVERSATION_FORMAT, formatVersion: CONVERSATION_FORMAT_VERSION, exportedAt: now.toISOString(), conversation, entries,
  };
}
