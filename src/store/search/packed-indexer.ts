import { ConvologError } from '../../core/error.js';
import { readEntry } from '../../core/read-entry.js';
import { indexTerms } from '../../core/search-terms.js';
import { searchableText } from '../../core/search-text.js';
import { awaitRequests } from '../database/await-requests.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import type { StoreContext } from '../database/store-context.js';
import { writeShards } from './compact-shards.js';
import { packBatch } from './pack-batch.js';
import type { Posting } from './posting-codec.js';

/**
 * Entries per indexer batch: bounds the memory a batch holds and how long its write locks the
 * search stores. 2,000, not 500: a batch writes a record per frequent term and one per shard
 * prefix whatever its size, so 5,000 imported messages wrote 9,646 records in batches of 500
 * and 5,162 in batches of 2,000 (DESIGN §17.9); the peak heap indexing one batch measured
 * 13–31 MB (figure 22b; batches of 500: 27–30 MB, the samples catch uncollected garbage).
 * @internal
 */
export const INDEX_BATCH = 2000;
/** The most entries one read request of a batch asks for (the demo's long-chat test bounds reads at 1,000). */
const READ_CHUNK = 1000;

/**
 * A conversation's part of a batch: its entries from `from` to `to`, read when its `indexedSeq`
 * was `from - 1`; `lastId` is the id of entry `to`, which tells the write that the conversation
 * is still the one read (not deleted and re-created under its id in between).
 */
interface Part { id: string; from: number; to: number; lastId: string | undefined; terms: Array<{ time: number; seq: number; terms: string[] }> }

/**
 * Entries `from`..`to` of a conversation, in requests of at most {@link READ_CHUNK} records, all
 * issued at once: a batch of one long chat must not be one request as large as the batch, which
 * would hold a page that opens that chat behind a read of thousands of records.
 */
async function readRange(context: StoreContext, transaction: Transaction<'readonly'>, id: string, from: number, to: number): Promise<EntryRecord[]> {
  const reads: Promise<EntryRecord[]>[] = [];
  for (let start = from; start <= to; start += READ_CHUNK) {
    reads.push(transaction.objectStore('entries').getAll(context.keyRange.bound([id, start], [id, Math.min(to, start + READ_CHUNK - 1)])));
  }
  return (await Promise.all(reads)).flat();
}

/** Reads up to `size` unindexed entries: one key range per conversation behind, in one short read-only transaction. */
async function readBatch(context: StoreContext, size: number, fullOnly: boolean): Promise<Part[]> {
  const read = await runTransaction(context, ['conversations', 'entries'], 'readonly', 'Indexing for search', async (transaction) => {
    const behind = await transaction.objectStore('conversations').index('byUnindexed').getAll(undefined, size);
    if (fullOnly && behind.reduce((sum, record) => sum + record.lastSeq - (record.indexedSeq ?? 0), 0) < size) return [];
    const ranges: Array<{ record: ConversationRecord; to: number }> = [];
    let left = size;
    for (const record of behind) {
      if (left <= 0) break;
      const from = (record.indexedSeq ?? 0) + 1;
      const to = Math.min(record.lastSeq, from + left - 1);
      ranges.push({ record, to });
      left -= to - from + 1;
    }
    // All at once: one at a time waited a round trip per conversation.
    return Promise.all(ranges.map(async ({ record, to }) => ({ record, to, entries: await readRange(context, transaction, record.id, (record.indexedSeq ?? 0) + 1, to) })));
  });
  // Tokenized outside any transaction: no write waits for the tokenizer.
  return read.map(({ record, to, entries }) => ({
    id: record.id, from: (record.indexedSeq ?? 0) + 1, to, lastId: entries[entries.length - 1]?.id,
    terms: entries.map((stored) => {
      const parsed = readEntry(stored);
      return { time: entryTime(stored), seq: stored.seq, terms: parsed.success ? indexTerms(searchableText(parsed.data)) : [] };
    }),
  }));
}

/**
 * Whether entry `to` is still the one the batch read: a conversation deleted and re-created under
 * the same id between the read and the write starts again at `indexedSeq` 0, and without this the
 * old entries' terms would be written for the new ones, which search would then never find.
 */
async function stillTheOneRead(transaction: Transaction<'readwrite'>, part: Part): Promise<boolean> {
  return (await transaction.objectStore('entries').get([part.id, part.to]))?.id === part.lastId;
}

/** The conversation's number in the packed postings, made when it has none (numbers are never reused). */
async function numberOf(transaction: Transaction<'readwrite'>, id: string): Promise<number> {
  const names = transaction.objectStore('searchNames');
  const known = await names.index('byId').getKey(id);
  if (known !== undefined) return known;
  return names.add({ id });
}

/**
 * Indexes one batch (DESIGN §17.3): reads up to `size` unindexed entries, tokenizes them, then in
 * one transaction writes their packed postings and advances each conversation's `indexedSeq`, so
 * a batch that dies is redone whole. A conversation whose `indexedSeq` moved meanwhile (another
 * tab indexed it) or that was deleted is left out of the write. Resolves to the number of entries
 * indexed (0: nothing was left).
 * @internal
 */
export async function indexSearchBatch(context: StoreContext, size = INDEX_BATCH, fullOnly = false): Promise<number> {
  // `fullOnly` (writes still coming, an import): a partial batch now would be one of many small ones, each a record per prefix.
  const parts = await readBatch(context, size, fullOnly);
  if (parts.length === 0) return 0;
  await context.indexer.beforeWrite?.();
  const stores = ['conversations', 'entries', 'searchSegments', 'searchShards', 'searchNames'] as const;
  return runTransaction(context, [...stores], 'readwrite', 'Indexing for search', async (transaction) => {
    const byTerm = new Map<string, Posting[]>();
    let indexed = 0;
    for (const part of parts) {
      const record = await transaction.objectStore('conversations').get(part.id);
      if (record === undefined || (record.indexedSeq ?? 0) !== part.from - 1 || !await stillTheOneRead(transaction, part)) continue;
      const number = await numberOf(transaction, part.id);
      for (const { time, seq, terms } of part.terms) {
        const posting: Posting = [time, seq, number];
        for (const term of terms) {
          const list = byTerm.get(term);
          if (list === undefined) byTerm.set(term, [posting]);
          else list.push(posting);
        }
      }
      const next: ConversationRecord = { ...record, indexedSeq: part.to };
      if (part.to >= record.lastSeq) delete next.unindexed;
      await transaction.objectStore('conversations').put(next);
      indexed += part.to - part.from + 1;
    }
    const { segments, shards } = packBatch(byTerm);
    await awaitRequests((track) => {
      for (const [key, value] of segments) track(transaction.objectStore('searchSegments').put(value, key));
    });
    // In the same transaction: a search sees the small records or their merge, never both or neither.
    await writeShards(transaction, context.keyRange, shards);
    return indexed;
  });
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
  return runTransaction(context, ['conversations'], 'readonly', 'Reading the search index status', async (transaction) => {
    const behind = await transaction.objectStore('conversations').index('byUnindexed').getAll();
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
  const goals = await runTransaction(context, ['conversations'], 'readonly', 'Flushing the search index', async (transaction) =>
    new Map((await transaction.objectStore('conversations').index('byUnindexed').getAll()).map((record) => [record.id, record.lastSeq])));
  let stalled = 0;
  let lastPending = Number.POSITIVE_INFINITY;
  while (goals.size > 0) {
    const indexed = await underIndexLock(context, () => indexSearchBatch(context));
    await runTransaction(context, ['conversations'], 'readonly', 'Flushing the search index', async (transaction) => {
      for (const [id, lastSeq] of goals) {
        const record = await transaction.objectStore('conversations').get(id);
        if (record === undefined || (record.indexedSeq ?? 0) >= lastSeq) goals.delete(id);
      }
    });
    if (indexed > 0 || goals.size === 0) continue;
    // Nothing written: another indexer (a tab without Web Locks) wrote the same batch first, which
    // shows as fewer pending; nothing pending gone either, several times over, is a bug, never a wait.
    const { pending } = await searchIndexStatus(context);
    if (pending < lastPending) stalled = 0;
    lastPending = pending;
    if (pending > 0 && ++stalled > 3) {
      throw new ConvologError({ code: 'internal_error', message: 'flushSearchIndex: the search indexer made no progress; this is a bug in convolog.', details: { conversations: goals.size } });
    }
  }
}
