import { runTransaction, type Transaction } from './database/run-transaction.js';
import type { ConversationRecord, StoreName } from './database/schema.js';
import type { StoreContext } from './database/store-context.js';
import type { JournalStorage } from './journal/journal-storage.js';
import type { StorageParts } from './types/options.js';

/** Records read at each end of an object store: the sample is at most twice this. */
const SAMPLE_END = 48;

/** The object stores behind each estimated part. */
const ESTIMATED: Record<'conversations' | 'entries' | 'searchIndex', StoreName[]> = {
  // `searchBehind` with the records whose `unindexed` mark it repeats: what is not indexed yet is no part of the index.
  conversations: ['conversations', 'searchBehind'],
  entries: ['entries', 'toolCalls', 'attachmentRefs'],
  searchIndex: ['searchSegments', 'searchShards', 'searchNames'],
};

/**
 * `store.estimateStorage().parts` (DESIGN §20): the record stores estimated from a bounded sample,
 * attachments summed exactly, in one read transaction (a write lands before it or after, never
 * halfway); the journal's files summed exactly. Loaded on demand: most page loads never ask.
 * @internal
 */
export async function estimateParts(context: StoreContext, journal: JournalStorage | undefined): Promise<StorageParts> {
  const names = [...Object.values(ESTIMATED).flat(), 'attachments'] as StoreName[];
  const [estimated, journalBytes] = await Promise.all([
    runTransaction(context, names, 'readonly', 'Estimating storage', async (transaction) => {
      const chats = await sampleStore(transaction, 'conversations');
      const counts = derivedCounts(chats);
      const bytes = (stores: StoreName[]): Promise<number> => sum(stores.map(async (name) =>
        name === 'conversations' ? chats.bytes : (await sampleStore(transaction, name, counts[name])).bytes));
      const [conversations, entries, searchIndex, attachments] = await Promise.all([
        ...Object.values(ESTIMATED).map(bytes),
        transaction.objectStore('attachments').getAll().then((records) => records.reduce((total, record) => total + record.size, 0)),
      ]);
      return { conversations: conversations!, entries: entries!, searchIndex: searchIndex!, attachments: attachments! };
    }),
    folderBytes(journal),
  ]);
  return { ...estimated, journal: journalBytes };
}

/**
 * The counts of the two largest stores, from the conversations instead of `count()`: Chromium's
 * `count()` walks every key (measured: 521 ms for 100,000 entries, 81 ms for 10,000 search names).
 * A conversation's entries are seqs 1…`lastSeq` (entries go only with their conversation), and
 * it has a search name once the indexer has reached it.
 */
function derivedCounts(chats: Sample): Partial<Record<StoreName, number>> {
  const records = chats.values as ConversationRecord[];
  if (records.length === 0) return { entries: 0, searchNames: 0 };
  const per = (value: (record: ConversationRecord) => number): number =>
    Math.round(chats.count * records.reduce((total, record) => total + value(record), 0) / records.length);
  return { entries: per((record) => record.lastSeq), searchNames: per((record) => ((record.indexedSeq ?? 0) > 0 ? 1 : 0)) };
}

async function sum(values: Promise<number>[]): Promise<number> {
  return (await Promise.all(values)).reduce((total, value) => total + value, 0);
}

interface Sample {
  count: number;
  /** About the bytes of every record: `count` × the sample's mean size. */
  bytes: number;
  values: unknown[];
}

/**
 * An object store's count (given, or `count()`) and up to 2 × {@link SAMPLE_END} of its records,
 * read from both ends of the key order (all of them when there are no more). Both ends: keys start
 * with the conversation's id or a search term, so one end alone would sample a few conversations or
 * terms; ids are UUID v7 (time-ordered), so this takes the oldest and the newest.
 */
async function sampleStore(transaction: Transaction<'readonly'>, name: StoreName, known?: number): Promise<Sample> {
  const store = transaction.objectStore(name);
  const count = known ?? await store.count();
  // Out-of-line keys (search segments, names) are stored beside the value: count them too.
  const withKey = store.keyPath === null;
  const all = known === undefined && count <= 2 * SAMPLE_END;
  const ends = await Promise.all([
    count === 0 ? [] : sampleEnd(store, 'next', all ? count : SAMPLE_END, withKey),
    count === 0 || all ? [] : sampleEnd(store, 'prev', SAMPLE_END, withKey),
  ]);
  const sample = ends.flat();
  const mean = sample.length === 0 ? 0 : sample.reduce((total, record) => total + record.size, 0) / sample.length;
  // Two ends of a store smaller than both: a record read twice counts once in the mean anyway.
  return { count, bytes: Math.round(mean * count), values: sample.map((record) => record.value) };
}

async function sampleEnd(
  store: ReturnType<Transaction<'readonly'>['objectStore']>, direction: IDBCursorDirection, limit: number, withKey: boolean,
): Promise<{ size: number; value: unknown }[]> {
  const records: { size: number; value: unknown }[] = [];
  let cursor = await store.openCursor(null, direction);
  while (cursor !== null && records.length < limit) {
    records.push({ size: serializedSize(cursor.value) + (withKey ? serializedSize(cursor.key) : 0), value: cursor.value });
    cursor = await cursor.continue();
  }
  return records;
}

/** The length of a value's JSON, with binary data (search postings, attachment chunks) at its byte length. @internal */
export function serializedSize(value: unknown): number {
  let binary = 0;
  const json = JSON.stringify(value, (_key, inner: unknown) => {
    if (!(inner instanceof ArrayBuffer) && !ArrayBuffer.isView(inner)) return inner;
    binary += inner.byteLength;
    return 0;
  });
  return (json?.length ?? 0) + binary;
}

/** The bytes of every file in the journal's folder; a file removed between the listing and its size (a roll) counts 0. */
async function folderBytes(journal: JournalStorage | undefined): Promise<number> {
  if (journal?.size === undefined) return 0;
  const files = await journal.list();
  return sum(files.map((file) => journal.size!(file)));
}
