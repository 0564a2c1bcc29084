import type { Entry } from '../../core/entry.js';
import type { EntriesOptions } from '../types/options.js';
import { readEntryRange, type EntryRange } from './read-entry-range.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { checkEntryId, findNode } from './find-entry.js';
import { LineTable } from './line-table.js';
import { readPath } from './read-path.js';

/**
 * `store.entries`: the branch ending at the head (or `leafId`), root first; with `allBranches`
 * every entry of the tree in seq order. `limit` takes the first N after `afterSeq`, or, when
 * `beforeSeq` is given, the last N before it (a chat opens at the bottom and pages up). Seqs
 * strictly increase along a branch, so paging works the same on a branch and on the whole tree.
 * @internal
 */
export async function readEntries(context: StoreContext, id: string, options: EntriesOptions = {}): Promise<Entry[]> {
  checkPageOptions(options);
  const { entries, corrupt } = await runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading entries',
    async (transaction) => {
      const record = await readRecord(transaction, id);
      if (options.allBranches === true) {
        const [from, to] = pageBounds(record.lastSeq, options);
        return readEntryRange(transaction, context.keyRange, id, from, to, options.onCorrupt !== undefined);
      }
      return readBranch(context, transaction, record, options);
    });
  for (const item of corrupt) options.onCorrupt?.(item);
  return entries;
}

async function readBranch(
  context: StoreContext, transaction: Transaction<'readonly'>, record: ConversationRecord, options: EntriesOptions,
): Promise<EntryRange> {
  const leaf = await findNode(transaction, record, options.leafId, 'leafId');
  if (leaf.seq === 0 || options.limit === 0) return { entries: [], corrupt: [] };
  const from = Math.max(1, Math.floor(options.afterSeq ?? 0) + 1);
  const to = Math.min(leaf.seq, Math.ceil(options.beforeSeq ?? Number.POSITIVE_INFINITY) - 1);
  if (from > to) return { entries: [], corrupt: [] };
  const window = { from, to, skipCorrupt: options.onCorrupt !== undefined, newestFirst: options.beforeSeq !== undefined };
  return readPath(transaction, context.keyRange, record.id, new LineTable(record.lines), leaf,
    options.limit === undefined ? window : { ...window, limit: options.limit });
}

/** The inclusive seq bounds of the requested page of the whole tree. */
function pageBounds(lastSeq: number, options: EntriesOptions): [number, number] {
  let from = Math.max(1, Math.floor(options.afterSeq ?? 0) + 1);
  let to = Math.min(lastSeq, Math.ceil(options.beforeSeq ?? Number.POSITIVE_INFINITY) - 1);
  const limit = options.limit;
  if (limit === undefined) return [from, to];
  if (limit <= 0) return [1, 0];
  if (options.beforeSeq !== undefined) from = Math.max(from, to - limit + 1);
  else to = Math.min(to, from + limit - 1);
  return [from, to];
}

/**
 * A NaN or negative bound is a bug in the caller, not a storage failure: say so before
 * IndexedDB turns it into a DataError. `beforeSeq` may be `Infinity` (the bottom of the log).
 */
function checkPageOptions(options: EntriesOptions): void {
  for (const name of ['afterSeq', 'beforeSeq', 'limit'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new RangeError(`entries: \`${name}\` must be a number ≥ 0, got ${String(value)}.`);
    }
  }
  if (options.leafId !== undefined) checkEntryId(options.leafId, 'entries: leafId', false);
  if (options.allBranches === true && options.leafId !== undefined) {
    throw new TypeError('entries: pass `leafId` (one branch) or `allBranches: true` (the whole tree), not both.');
  }
}
