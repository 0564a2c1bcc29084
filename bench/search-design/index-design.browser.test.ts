// The two index designs of DESIGN §11, measured side by side with raw IndexedDB in real Chromium
// (the store's own tokenizer and key shape):
//   A. a multiEntry index `byTerm` over each entry's `search` keys [term, time, seq] (shipped);
//   B. a separate `postings` object store, one record per [term, time, seq, conversationId];
//   none: the entries alone (what indexing costs on top);
//   keysOnly: the entries with their `search` keys but no index on them (what the keys cost the record);
//   stringKeys / termKeys: the multiEntry index over one string per term (`term` + time) or over the bare terms
//   (no time order): does the key's shape change what a posting costs?
// Figures: append of one 300-word message (its own strict transaction, like store.append),
// database size for a chat corpus, the first page of a common term, deleting a conversation.
import { it } from 'vitest';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { searchKeysOf } from './search-keys-of.js';
import type { Entry } from '../../src/core/entry.js';
import { seededRandom } from '../core/seeded-random.js';
import { sentence, vocabulary, zipf } from './corpus.js';

type Design = 'multiEntry' | 'postings' | 'none' | 'keysOnly' | 'stringKeys' | 'termKeys';
const CONVERSATIONS = 40;
const PER_CONVERSATION = 100;
const APPENDS = 60;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function open(name: string, design: Design): Promise<IDBPDatabase> {
  await deleteDB(name);
  return openDB(name, 1, {
    upgrade(database) {
      const entries = database.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
      entries.createIndex('byId', 'id', { unique: true });
      entries.createIndex('byLine', ['conversationId', 'tree.line', 'seq']);
      if (design === 'multiEntry' || design === 'stringKeys' || design === 'termKeys') entries.createIndex('byTerm', 'search', { multiEntry: true });
      if (design === 'postings') database.createObjectStore('postings');
    },
  });
}

function entryOf(conversationId: string, seq: number, text: string): Entry & { tree: object } {
  return {
    type: 'message', id: `${conversationId}-${seq}`, conversationId, seq, timestamp: new Date(Date.UTC(2025, 0, 1) + seq * 1000).toISOString(),
    parentId: seq === 1 ? null : `${conversationId}-${seq - 1}`, message: { role: 'user', content: text }, tree: { line: 1, keptFrom: 1, window: 0 },
  } as Entry & { tree: object };
}

/** Writes `entries` in one transaction the way the design stores them. */
async function write(database: IDBPDatabase, design: Design, entries: (Entry & { tree: object })[]): Promise<void> {
  const transaction = database.transaction(design === 'postings' ? ['entries', 'postings'] : ['entries'], 'readwrite', { durability: 'strict' });
  for (const entry of entries) {
    const keys = design === 'none' ? [] : searchKeysOf(entry);
    if (design === 'multiEntry' || design === 'keysOnly') void transaction.objectStore('entries').put({ ...entry, search: keys });
    else if (design === 'stringKeys') void transaction.objectStore('entries').put({ ...entry, search: keys.map(([term, time]) => `${term}\u0001${time.toString(36)}`) });
    else if (design === 'termKeys') void transaction.objectStore('entries').put({ ...entry, search: keys.map(([term]) => term) });
    else void transaction.objectStore('entries').put(entry);
    if (design === 'postings') for (const key of keys) void transaction.objectStore('postings').put(1, [...key, entry.conversationId]);
  }
  await transaction.done;
}

async function usage(): Promise<number> {
  const estimate = await navigator.storage.estimate() as StorageEstimate & { usageDetails?: { indexedDB?: number } };
  return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
}

it('compares the index designs', async () => {
  const next = seededRandom(7);
  const words = vocabulary(20_000, next);
  const rank = zipf(words.length, next);
  const corpus = Array.from({ length: CONVERSATIONS }, (_, conversation) => Array.from({ length: PER_CONVERSATION },
    (_, index) => entryOf(`0190a1b2-c3d4-7e5f-8a9b-${String(conversation).padStart(12, '0')}`, index + 1, sentence(words, rank, 5 + Math.floor(next() * 50)))));
  const long = Array.from({ length: APPENDS }, () => sentence(words, rank, 300));
  const common = words[3]!;
  const tokenizing: number[] = [];
  for (const text of long) {
    const started = performance.now();
    searchKeysOf(entryOf('x', 1, text));
    tokenizing.push(performance.now() - started);
  }
  console.log(`tokenizing a 300-word message (searchKeysOf): median ${median(tokenizing).toFixed(2)} ms, ${searchKeysOf(entryOf('x', 1, long[0]!)).length} keys`);
  for (const design of (import.meta.env.VITE_DESIGNS?.split(',') ?? ['none', 'keysOnly', 'multiEntry', 'postings']) as Design[]) {
    const name = `index-design-${design}`;
    const before = await usage();
    const database = await open(name, design);
    for (const entries of corpus) await write(database, design, entries);
    database.close();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const size = (await usage()) - before;
    const reopened = await openDB(name);
    const appendTimes: number[] = [];
    for (const [index, text] of long.entries()) {
      const entry = entryOf('0190a1b2-c3d4-7e5f-8a9b-appendappend', index + 1, text);
      const started = performance.now();
      await write(reopened, design, [entry]);
      appendTimes.push(performance.now() - started);
    }
    const queryTimes: number[] = [];
    for (let repeat = 0; repeat < 9 && (design === 'multiEntry' || design === 'postings'); repeat++) {
      const started = performance.now();
      if (design === 'multiEntry') {
        const index = reopened.transaction('entries').store.index('byTerm');
        const cursor = await index.openKeyCursor(IDBKeyRange.bound([common], [common, []]), 'prev');
        const boundary = await cursor!.advance(20);
        await index.getAll(IDBKeyRange.bound(boundary!.key, [common, []], true));
      } else {
        const transaction = reopened.transaction(['entries', 'postings']);
        const cursor = await transaction.objectStore('postings').openKeyCursor(IDBKeyRange.bound([common], [common, []]), 'prev');
        const boundary = await cursor!.advance(20);
        const keys = await transaction.objectStore('postings').getAllKeys(IDBKeyRange.bound(boundary!.key, [common, []], true));
        await Promise.all(keys.map((key) => transaction.objectStore('entries').get([(key as unknown[])[3], (key as unknown[])[2]] as IDBValidKey)));
      }
      queryTimes.push(performance.now() - started);
    }
    const conversationId = corpus[0]![0]!.conversationId;
    const deleteStarted = performance.now();
    const transaction = reopened.transaction(design === 'postings' ? ['entries', 'postings'] : ['entries'], 'readwrite');
    if (design === 'postings') {
      // No index of postings by conversation: the entries say which keys to delete.
      const entries = await transaction.objectStore('entries').getAll(IDBKeyRange.bound([conversationId], [conversationId, []]));
      for (const entry of entries) for (const key of searchKeysOf(entry as Entry)) void transaction.objectStore('postings').delete([...key, conversationId]);
    }
    void transaction.objectStore('entries').delete(IDBKeyRange.bound([conversationId], [conversationId, []]));
    await transaction.done;
    const deleteTime = performance.now() - deleteStarted;
    reopened.close();
    await deleteDB(name);
    console.log(`${design}: size ${(size / 1e6).toFixed(2)} MB for ${CONVERSATIONS * PER_CONVERSATION} entries; append of a 300-word message median ` +
      `${median(appendTimes).toFixed(2)} ms; first page of "${common}" median ${queryTimes.length ? median(queryTimes).toFixed(2) : '-'} ms; ` +
      `deleting a conversation of ${PER_CONVERSATION} ${deleteTime.toFixed(1)} ms`);
  }
});
