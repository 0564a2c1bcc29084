import type { Entry } from '../../core/entry.js';
import type { EntriesOptions } from '../types/options.js';
import { readEntryRange } from './read-entry-range.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.entries`: ascending seq. `limit` takes the first N after `afterSeq`, or, when
 * `beforeSeq` is given, the last N before it (a chat opens at the bottom and pages up). Seqs are
 * contiguous, so the page is one bounded key range read in one request.
 * @internal
 */
export async function readEntries(context: StoreContext, id: string, options: EntriesOptions = {}): Promise<Entry[]> {
  checkPageOptions(options);
  const { entries, corrupt } = await runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading entries',
    async (transaction) => {
      const record = await readRecord(transaction, id);
      const [from, to] = pageBounds(record.lastSeq, options);
      return readEntryRange(transaction, context.keyRange, id, from, to, options.onCorrupt !== undefined);
    });
  for (const item of corrupt) options.onCorrupt?.(item);
  return entries;
}

/** The inclusive seq bounds of the requested page. */
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
}
