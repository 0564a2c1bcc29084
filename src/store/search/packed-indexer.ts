import { ConvologError } from '../../core/error.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import { behindRecords } from './behind-records.js';
import { indexPipelined } from './index-pipeline.js';

/**
 * Entries per indexer batch: bounds the memory a batch holds and how long its write locks the
 * search stores. A batch writes a record per frequent term and one per shard prefix whatever its
 * size, and a prefix's small records are merged every `MERGE_AT` batches, so fewer, larger
 * batches write fewer records an entry: 5,000 imported messages wrote 9,646 records in batches of
 * 500 and 5,162 in batches of 2,000 (DESIGN §17.9); flushing 20,000 took the browser process 1.5-1.7
 * CPU seconds in batches of 4,000 against 3.0-3.3 in batches of 2,000, the renderer 3.1-3.2 against
 * 4.0-4.5 (§17.10). The live heap while flushing 20,000 peaked at 21.6 MB (14.8 MB in batches of
 * 2,000; the bench's messages average 80 words: it grows with the text a batch holds).
 * @internal
 */
export const INDEX_BATCH = 4000;

/** The batch size of this store's indexer. @internal */
export function indexBatch(context: StoreContext): number {
  return context.indexer.batchSize ?? INDEX_BATCH;
}

/** The name of the Web Lock the indexer of every tab takes (DESIGN §17.4). @internal */
export function indexLockName(context: StoreContext): string {
  return `convolog-search-index:${context.name}`;
}

/**
 * Runs `body` under the indexer's Web Lock where the platform has one: a flush waits for the
 * background indexer's run (which indexes what it would have) instead of reading and tokenizing
 * the same batch beside it, to have its write skipped.
 * @internal
 */
export async function underIndexLock<T>(context: StoreContext, body: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'object' && context.indexer.webLocks ? (navigator as { locks?: LockManager | null }).locks : undefined;
  if (typeof locks?.request !== 'function') return body();
  return locks.request(indexLockName(context), body);
}

/** `store.searchIndexStatus`: how many committed entries the packed index does not hold yet. @internal */
export async function searchIndexStatus(context: StoreContext): Promise<{ pending: number }> {
  return runTransaction(context, ['conversations', 'searchBehind'], 'readonly', 'Reading the search index status', async (transaction) => {
    const behind = await behindRecords(transaction);
    let pending = 0;
    for (const record of behind) pending += record.lastSeq - (record.indexedSeq ?? 0);
    return { pending };
  });
}

/**
 * `store.flushSearchIndex`: resolves once every entry committed before the call is indexed. Writes
 * that come after it may still be pending; batches run until the conversations behind at the call
 * have caught up to where they were (or are gone).
 * @internal
 */
export async function flushSearchIndex(context: StoreContext): Promise<void> {
  const goals = await runTransaction(context, ['conversations', 'searchBehind'], 'readonly', 'Flushing the search index', async (transaction) =>
    new Map((await behindRecords(transaction)).map((record) => [record.id, record.lastSeq])));
  const progress = { stalled: 0, lastPending: Number.POSITIVE_INFINITY };
  const afterBatch = async (indexed: number): Promise<boolean> => {
    await dropReached(context, goals);
    if (goals.size === 0) return false;
    if (indexed === 0) await checkProgress(context, goals, progress);
    return true;
  };
  while (goals.size > 0) {
    await underIndexLock(context, () => indexPipelined(context, { size: indexBatch(context), fullOnly: () => false, afterBatch }));
    await dropReached(context, goals);
    if (goals.size > 0) await checkProgress(context, goals, progress);
  }
}

/**
 * Forgets the goals of conversations indexed up to their goal, or gone. The records are asked for
 * all at once: one after the other, an import's 200 conversations were 200 round trips after
 * every batch, while the next batch waited (DESIGN §17.14).
 */
async function dropReached(context: StoreContext, goals: Map<string, number>): Promise<void> {
  await runTransaction(context, ['conversations'], 'readonly', 'Flushing the search index', async (transaction) => {
    const conversations = transaction.objectStore('conversations');
    const records = await Promise.all([...goals.keys()].map((id) => conversations.get(id)));
    [...goals].forEach(([id, lastSeq], index) => {
      const record = records[index];
      // min: a chat deleted and re-created under its id since the call may never reach the old lastSeq.
      if (record === undefined || (record.indexedSeq ?? 0) >= Math.min(lastSeq, record.lastSeq)) goals.delete(id);
    });
  });
}

/**
 * After a run or batch that wrote nothing with goals left: another indexer (a tab without Web
 * Locks) wrote the same batch first, which shows as fewer pending; nothing pending gone either,
 * several times over, is a bug, never a wait.
 */
async function checkProgress(context: StoreContext, goals: Map<string, number>, progress: { stalled: number; lastPending: number }): Promise<void> {
  const { pending } = await searchIndexStatus(context);
  if (pending < progress.lastPending) progress.stalled = 0;
  progress.lastPending = pending;
  if (pending > 0 && ++progress.stalled > 3) {
    throw new ConvologError({ code: 'internal_error', message: 'flushSearchIndex: the search indexer made no progress; this is a bug in convolog.', details: { conversations: goals.size } });
  }
}
