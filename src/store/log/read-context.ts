import { buildContext } from '../../core/build-context.js';
import type { Message } from '../../core/message.js';
import { keptTail, type KeptTail } from '../../core/kept-tail.js';
import type { Entry } from '../../core/entry.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { LeafOptions } from '../types/options.js';
import { checkEntryId, findNode } from './find-entry.js';
import { LineTable } from './line-table.js';
import { readPath } from './read-path.js';

/**
 * The entries of the branch ending at the head (or `leafId`) from where the kept tail of its last
 * compaction starts: the kept messages and that compaction (which follows the first kept entry).
 * Costs O(kept tail), not O(log): every entry remembers where its branch's kept tail starts.
 * @internal
 */
async function readTail(context: StoreContext, id: string, options: LeafOptions): Promise<Entry[]> {
  if (options.leafId !== undefined) checkEntryId(options.leafId, 'context: leafId', false);
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading the context', async (transaction) => {
    const record = await readRecord(transaction, id);
    const leaf = await findNode(transaction, record, options.leafId, 'leafId');
    if (leaf.seq === 0) return [];
    const { entries } = await readPath(transaction, context.keyRange, id, new LineTable(record.lines), leaf, { from: leaf.keptFrom });
    return entries;
  });
}

/** `store.contextEntries`: `keptTail` over the stored tail of the branch. @internal */
export async function readContextEntries(context: StoreContext, id: string, options: LeafOptions = {}): Promise<KeptTail> {
  return keptTail(await readTail(context, id, options));
}

/** `store.context`: `buildContext` over the stored tail of the branch. @internal */
export async function readContext(context: StoreContext, id: string, options: LeafOptions = {}): Promise<Message[]> {
  return buildContext(await readTail(context, id, options));
}
