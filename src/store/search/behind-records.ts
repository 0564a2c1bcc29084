import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';

/**
 * Up to this many conversations behind, their records are read by id; more (an import not yet
 * indexed), with one read of `byUnindexed`, whose stale entries cost little beside that many records.
 * @internal
 */
export const READ_EACH_UP_TO = 32;

/**
 * The records of the conversations the packed index is behind on (at most `limit`, in id order):
 * the ids from `searchBehind` (DESIGN §17.17), not from the sparse index `byUnindexed`, which
 * Chromium reads entry by entry through every record that ever had the mark until an idle sweep
 * removes them (5–6 ms of every query at 2,000 conversations, for an empty answer). The
 * transaction must have `conversations` and `searchBehind` in scope.
 * @internal
 */
export async function behindRecords(transaction: Transaction<IDBTransactionMode>, limit?: number): Promise<ConversationRecord[]> {
  const ids = await transaction.objectStore('searchBehind').getAllKeys(undefined, limit);
  if (ids.length === 0) return [];
  const conversations = transaction.objectStore('conversations');
  if (ids.length > READ_EACH_UP_TO) return conversations.index('byUnindexed').getAll(undefined, limit);
  const records = await Promise.all(ids.map((id) => conversations.get(id)));
  // Written in the same transactions as the mark, so always there; checked all the same.
  return records.filter((record): record is ConversationRecord => record?.unindexed === 1);
}
