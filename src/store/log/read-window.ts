import type { MessageEntry } from '../../core/entry.js';
import { readEntryRange } from './read-entry-range.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * The message entries of the trailing tool window (empty when there is none): all the pairing
 * check needs from the stored log, besides the call-id index.
 * @internal
 */
export async function readWindow(
  context: StoreContext, transaction: Transaction<IDBTransactionMode>, record: ConversationRecord,
): Promise<MessageEntry[]> {
  if (record.windowStartSeq === 0) return [];
  const { entries } = await readEntryRange(transaction, context.keyRange, record.id, record.windowStartSeq, record.lastSeq);
  return entries.filter((entry): entry is MessageEntry => entry.type === 'message');
}
