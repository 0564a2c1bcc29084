import type { Conversation } from '../types/conversation.js';
import { toConversation } from '../conversations/to-conversation.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { checkEntryId, findEntry } from './find-entry.js';
import { LineTable } from './line-table.js';

/**
 * `store.checkout`: moves the head to the newest leaf at or below `entryId` (found from the
 * lines, without reading the subtree) and emits `conversation_updated`. Not activity:
 * `updatedAt` and `lastSeq` stay, so an `expectedLastSeq` read before stays valid. Checking out
 * the branch already shown writes and emits nothing.
 * @internal
 */
export async function checkout(context: StoreContext, id: string, entryId: string): Promise<Conversation> {
  checkEntryId(entryId, 'checkout: entryId', false);
  const { record, moved } = await runTransaction(context, ['conversations', 'entries'], 'readwrite', 'Switching branches',
    async (transaction) => {
      const record = await readRecord(transaction, id);
      const entry = await findEntry(transaction, id, entryId, 'the entry to check out');
      const tip = new LineTable(record.lines).newestTipBelow({ seq: entry.seq, line: entry.tree.line });
      if (tip === record.headSeq) return { record, moved: false };
      const leaf = tip === entry.seq ? entry : await transaction.objectStore('entries').get([id, tip]);
      const next = movedHead(record, leaf ?? entry);
      await transaction.objectStore('conversations').put(next);
      return { record: next, moved: true };
    });
  const conversation = toConversation(record);
  if (moved) context.changes.publish({ type: 'conversation_updated', conversationId: id, conversation });
  return conversation;
}

function movedHead(record: ConversationRecord, leaf: EntryRecord): ConversationRecord {
  return { ...record, headId: leaf.id, headSeq: leaf.seq, keptFromSeq: leaf.tree.keptFrom, windowStartSeq: leaf.tree.window };
}
