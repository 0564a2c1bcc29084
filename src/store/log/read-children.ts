import type { Entry } from '../../core/entry.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { checkEntryId, findEntry } from './find-entry.js';
import { LineTable } from './line-table.js';
import { parseEntryRecords } from './read-entry-range.js';
import type { TreeNode } from './tree-node.js';
import { nodeOfRecord, ROOT_NODE } from './tree-node.js';

/**
 * `store.children`: the direct children of an entry (`null`: the root entries), in seq order.
 * The first child continues the entry's line; every other one starts a line forking from it, so
 * the lines say where each child is and only the children are read.
 * @internal
 */
export async function readChildren(context: StoreContext, id: string, entryId: string | null): Promise<Entry[]> {
  checkEntryId(entryId, 'children: entryId', true);
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading children', async (transaction) => {
    const record = await readRecord(transaction, id);
    const parent = entryId === null || entryId === undefined ? ROOT_NODE : nodeOfRecord(await findEntry(transaction, id, entryId, 'entryId'));
    return childrenOf(context, transaction, record, parent);
  });
}

/** The children of `parent`, read in one round of requests. @internal */
export async function childrenOf(
  context: StoreContext, transaction: Transaction<IDBTransactionMode>, record: ConversationRecord, parent: TreeNode,
): Promise<Entry[]> {
  const table = new LineTable(record.lines);
  const store = transaction.objectStore('entries');
  const starts = table.linesForkingFrom(parent.seq).map((line) => line.start);
  const reads: Promise<unknown>[] = starts.map((start) => store.get([record.id, start]));
  const own = table.line(parent.line);
  if (parent.seq !== 0 && own !== undefined && own.tip > parent.seq) {
    const range = context.keyRange.bound([record.id, parent.line, parent.seq + 1], [record.id, parent.line, own.tip]);
    reads.push(store.index('byLine').getAll(range, 1).then((found) => found[0]));
  }
  const records = await Promise.all(reads);
  const { entries } = await parseEntryRecords(records, record.id, false, async () => []);
  return entries.sort((left, right) => left.seq - right.seq);
}
