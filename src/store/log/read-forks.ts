import type { Fork } from '../../core/fork.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { LineTable } from './line-table.js';
import { childrenOf } from './read-children.js';
import { ROOT_NODE } from './tree-node.js';

/**
 * `store.forks`: every fork point of the conversation (the root first, then by the seq of the
 * parent), each with its children's ids in seq order. The lines name the fork points; only their
 * children are read.
 * @internal
 */
export async function readForks(context: StoreContext, id: string): Promise<Fork[]> {
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading forks', async (transaction) => {
    const record = await readRecord(transaction, id);
    const table = new LineTable(record.lines);
    const points = table.forkPoints();
    const lines = points.map((seq) => (seq === 0 ? ROOT_NODE : { ...ROOT_NODE, seq, line: lineOf(table, seq) }));
    const children = await Promise.all(lines.map((node) => childrenOf(context, transaction, record, node)));
    return children.map((entries) => ({ parentId: entries[0]?.parentId ?? null, childIds: entries.map((entry) => entry.id) }));
  });
}

/** The line holding the fork point at `seq`: the parent line of the lines forking from it. */
function lineOf(table: LineTable, seq: number): number {
  return table.linesForkingFrom(seq)[0]?.parentLine ?? 0;
}
