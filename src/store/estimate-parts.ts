import { runTransaction, type Transaction } from './database/run-transaction.js';
import type { StoreName } from './database/schema.js';
import type { StoreContext } from './database/store-context.js';
import type { JournalStorage } from './journal/journal-storage.js';
import type { StorageParts } from './types/options.js';

/** Records read at each end of an object store: the sample is at most twice this. */
const SAMPLE_END = 48;

/** The object stores behind each estimated part. */
const ESTIMATED: Record<'conversations' | 'entries' | 'searchIndex', StoreName[]> = {
  conversations: ['conversations'],
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
      const [conversations, entries, searchIndex, attachments] = await Promise.all([
        ...Object.values(ESTIMATED).map((stores) => sum(stores.map((name) => storeBytes(transaction, name)))),
        transaction.objectStore('attachments').getAll().then((records) => records.reduce((total, record) => total + record.size, 0)),
      ]);
      return { conversations: conversations!, entries: entries!, searchIndex: searchIndex!, attachments: attachments! };
    }),
    folderBytes(journal),
  ]);
  return { ...estimated, journal: journalBytes };
}

async function sum(values: Promise<number>[]): Promise<number> {
  return (await Promise.all(values)).reduce((total, value) => total + value, 0);
}

/**
 * About the bytes of an object store's records: their count times the mean size of up to
 * 2 × {@link SAMPLE_END} of them, read from both ends of the key order (exact when they are all read).
 * Both ends: keys start with the conversation's id or a search term, so one end alone would
 * sample a few conversations or terms; ids are time-ordered, so this takes the oldest and the newest.
 */
async function storeBytes(transaction: Transaction<'readonly'>, name: StoreName): Promise<number> {
  const store = transaction.objectStore(name);
  const count = await store.count();
  if (count === 0) return 0;
  // Out-of-line keys (search segments, names) are stored beside the value: count them too.
  const withKey = store.keyPath === null;
  const all = count <= 2 * SAMPLE_END;
  const [head, tail] = await Promise.all([
    sampleEnd(store, 'next', all ? count : SAMPLE_END, withKey),
    all ? [] : sampleEnd(store, 'prev', SAMPLE_END, withKey),
  ]);
  const sample = [...head, ...tail];
  if (sample.length === 0) return 0;
  return Math.round((sample.reduce((total, size) => total + size, 0) / sample.length) * count);
}

async function sampleEnd(
  store: ReturnType<Transaction<'readonly'>['objectStore']>, direction: IDBCursorDirection, limit: number, withKey: boolean,
): Promise<number[]> {
  const sizes: number[] = [];
  let cursor = await store.openCursor(null, direction);
  while (cursor !== null && sizes.length < limit) {
    sizes.push(serializedSize(cursor.value) + (withKey ? serializedSize(cursor.key) : 0));
    cursor = await cursor.continue();
  }
  return sizes;
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
