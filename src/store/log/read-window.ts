import type { MessageEntry } from '../../core/entry.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { LineTable } from './line-table.js';
import { readPath } from './read-path.js';
import type { TreeNode } from './tree-node.js';

/**
 * The message entries of the trailing tool window of the branch ending at `node` (empty when
 * there is none): all the pairing check needs from the stored log, besides the call-id index.
 * @internal
 */
export async function readWindow(
  context: StoreContext, transaction: Transaction<IDBTransactionMode>, record: ConversationRecord, node: TreeNode,
): Promise<MessageEntry[]> {
  if (node.window === 0) return [];
  const { entries } = await readPath(transaction, context.keyRange, record.id, new LineTable(record.lines), node, { from: node.window });
  return entries.filter((entry): entry is MessageEntry => entry.type === 'message');
}
