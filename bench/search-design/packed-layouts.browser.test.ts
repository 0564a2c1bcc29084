// DESIGN §17: packed, deferred postings against 0.2's multiEntry index, in raw IndexedDB in real
// Chromium, on the bench corpus (Zipf words, messages of 5–55 words, 100 per conversation):
//   none: entries alone; multiEntry: 0.2 (each entry's [term, time, seq] keys + a multiEntry index);
//   segments-bytes / topup-bytes-N / shards-bytes-N: the entry plus a `pending` row (`-hw`: a
//   per-conversation high-water seq in the conversation record instead); an indexer
//   turns batches of 500 into per-term blocks, one new block per term and batch (segments) or
//   topping up the term's newest block to N postings (topup), or terms with fewer than N postings
//   in the batch sharing one record per two-letter prefix (shards); varint deltas or plain number
//   arrays (packed-layouts.ts). Every design writes the conversation record too, as store.append.
// Figures: build (writes, then until fully indexed), bytes (navigator.storage.estimate delta and
// the logical size), append of a 300-word message (its own strict transaction), first pages of a
// rare word and of two common words, a rare word with 2,000 entries pending, peak JS heap.
//   VITE_CONVERSATIONS=200 VITE_LAYOUTS=none,multiEntry,segments-bytes npx vitest run --config bench/search-design/vitest.config.ts packed-layouts
import { expect, it } from 'vitest';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import type { Entry } from '../../src/core/entry.js';
import { searchableText } from '../../src/core/search-text.js';
import { searchKeysOf } from './search-keys-of.js';
import { seededRandom } from '../core/seeded-random.js';
import { sentence, vocabulary, zipf } from './corpus.js';
import { firstPage, indexBatch, indexerTime, runsOf, type ConversationRow, type Layout, type Posting } from './packed-layouts.js';

const CONVERSATIONS = Number(import.meta.env.VITE_CONVERSATIONS ?? 200);
const PER_CONVERSATION = 100;
const RARE = 'zanzibarquux';
const BATCH = Number(import.meta.env.VITE_BATCH ?? 1_000);
type Record = Entry & { tree: object };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const heap = (): number => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;

function layoutOf(design: string): Layout | undefined {
  const [merge, encoding, cap, suffix] = design.split('-');
  if (merge !== 'topup' && merge !== 'segments' && merge !== 'shards') return undefined;
  return {
    merge, encoding: encoding === 'arrays' || encoding === 'string' ? encoding : 'bytes', cap: Number(cap ?? Infinity),
    pendingText: suffix === 'text', mark: suffix === 'hw' ? 'conversation' : 'rows',
  };
}

function entryOf(conversationId: string, seq: number, time: number, text: string): Record {
  return {
    type: 'message', id: `${conversationId}-${seq}`, conversationId, seq, timestamp: new Date(time).toISOString(),
    parentId: seq === 1 ? null : `${conversationId}-${seq - 1}`, message: { role: seq % 2 ? 'user' : 'assistant', content: text }, tree: { line: 1, keptFrom: 1, window: 0 },
  } as Record;
}

async function open(name: string, design: string): Promise<IDBPDatabase> {
  await deleteDB(name);
  return openDB(name, 1, {
    upgrade(database) {
      const entries = database.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
      entries.createIndex('byId', 'id', { unique: true });
      entries.createIndex('byLine', ['conversationId', 'tree.line', 'seq']);
      if (design === 'multiEntry') entries.createIndex('byTerm', 'search', { multiEntry: true });
      database.createObjectStore('conversations', { keyPath: 'id' }).createIndex('byUnindexed', 'unindexed');
      if (layoutOf(design)) for (const store of ['pending', 'postings', 'shards', 'names']) database.createObjectStore(store);
    },
  });
}

/**
 * One transaction, as store.append: the entries (of one conversation), its record (lastSeq; with
 * the high-water mark, `unindexed` too), and the entries' keys or their pending rows.
 */
async function write(database: IDBPDatabase, design: string, entries: Record[], durability: 'strict' | 'relaxed'): Promise<void> {
  const layout = layoutOf(design);
  const rows = layout !== undefined && layout.mark === 'rows';
  const transaction = database.transaction(rows ? ['conversations', 'entries', 'pending'] : ['conversations', 'entries'], 'readwrite', { durability });
  const conversations = transaction.objectStore('conversations');
  const id = entries[0]!.conversationId;
  const row = await conversations.get(id) as ConversationRow | undefined;
  const lastSeq = entries[entries.length - 1]!.seq;
  void conversations.put(layout?.mark === 'conversation' ? { indexedSeq: 0, ...row, id, lastSeq, unindexed: 1 } : { ...row, id, lastSeq });
  for (const entry of entries) {
    void transaction.objectStore('entries').put(design === 'multiEntry' ? { ...entry, search: searchKeysOf(entry) } : entry);
    // `-text`: the mark carries the entry's searchable text, so a search scans the marks, not the entries.
    if (rows) void transaction.objectStore('pending').put(layout.pendingText ? searchableText(entry) : 1, [entry.conversationId, entry.seq]);
  }
  await transaction.done;
}

async function usage(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const estimate = await navigator.storage.estimate() as StorageEstimate & { usageDetails?: { indexedDB?: number } };
  return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
}

/** The logical bytes of every record of a store: keys and values as JSON (typed arrays by length). */
async function logicalSize(database: IDBPDatabase, store: string): Promise<number> {
  let bytes = 0;
  let cursor = await database.transaction(store).store.openCursor();
  while (cursor !== null) {
    const value = cursor.value as unknown;
    const shard = value as { t?: string[]; o?: number[]; d?: Uint8Array };
    bytes += JSON.stringify(cursor.key).length + (value instanceof Uint8Array ? value.byteLength
      : shard.d instanceof Uint8Array ? shard.d.byteLength + JSON.stringify(shard.t).length + JSON.stringify(shard.o).length : JSON.stringify(value).length);
    cursor = await cursor.continue();
  }
  return bytes;
}

/** 0.2's query on its multiEntry index: windows of keys back from the newest, intersected by primary key. */
async function multiEntryPage(database: IDBPDatabase, terms: string[], limit: number): Promise<IDBValidKey[]> {
  for (let window = limit * 2; ; window *= 4) {
    const index = database.transaction('entries').store.index('byTerm');
    const cursor = await index.openKeyCursor(IDBKeyRange.bound([terms[0]], [terms[0], []]), 'prev');
    const boundary = cursor && await cursor.advance(window);
    const from = boundary ? (boundary.key as unknown[]).slice(1) : [];
    const sets = await Promise.all(terms.map((term) => index.getAllKeys(IDBKeyRange.bound([term, ...from], [term, []]))));
    const [first, ...rest] = sets.map((keys) => keys.map((key) => JSON.stringify(key)));
    const hits = first!.filter((key) => rest.every((keys) => keys.includes(key)));
    if (hits.length >= limit || !boundary) return hits.slice(-limit).map((key) => JSON.parse(key) as IDBValidKey);
  }
}

async function fetchHits(database: IDBPDatabase, hits: Posting[], names: string[]): Promise<Entry[]> {
  const store = database.transaction('entries').store;
  return await Promise.all(hits.map(([, seq, conversation]) => store.get([names[conversation]!, seq]))) as Entry[];
}

/**
 * The pending entries that contain `word`: what a complete search scans beside the index. Pending
 * keys come in runs (a conversation's new seqs), so each run is one getAll, not a get per entry.
 */
async function scanPending(database: IDBPDatabase, word: string, layout: Layout): Promise<number> {
  const transaction = database.transaction(['conversations', 'pending', 'entries']);
  if (layout.pendingText) {
    const texts = await transaction.objectStore('pending').getAll() as string[];
    return texts.filter((text) => text.includes(word)).length;
  }
  let ranges: IDBKeyRange[];
  if (layout.mark === 'conversation') {
    const rows = await transaction.objectStore('conversations').index('byUnindexed').getAll() as ConversationRow[];
    ranges = rows.map((row) => IDBKeyRange.bound([row.id, (row.indexedSeq ?? 0) + 1], [row.id, row.lastSeq]));
  } else {
    ranges = runsOf(await transaction.objectStore('pending').getAllKeys() as [string, number][]);
  }
  const batches = await Promise.all(ranges.map((range) => transaction.objectStore('entries').getAll(range))) as Entry[][];
  return batches.flat().filter((entry) => (entry as unknown as { message: { content: string } }).message.content.includes(word)).length;
}

async function timed(repeats: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

it('compares packed postings with 0.2 and with no index', async () => {
  const next = seededRandom(42);
  const words = vocabulary(30_000, next);
  const rank = zipf(words.length, next);
  let clock = Date.UTC(2025, 0, 1);
  const corpus = Array.from({ length: CONVERSATIONS }, (_, conversation) => Array.from({ length: PER_CONVERSATION }, (_, index) => {
    let text = sentence(words, rank, 5 + Math.floor(next() * 50));
    if (conversation % 40 === 7 && index === 50) text += ` ${RARE}`;
    return entryOf(`0190a1b2-c3d4-7e5f-8a9b-${String(conversation).padStart(12, '0')}`, index + 1, (clock += 1_000), text);
  }));
  const long = Array.from({ length: 60 }, () => sentence(words, rank, 300));
  const pendingTexts = Array.from({ length: 2_000 }, () => sentence(words, rank, 5 + Math.floor(next() * 50)));
  const common = [words[4]!, words[7]!];
  const layouts = import.meta.env.VITE_LAYOUTS?.split(',') ?? ['none', 'multiEntry', 'segments-bytes', 'shards-bytes-16', 'shards-bytes-16-hw'];
  const report: string[] = [];
  for (const design of layouts) {
    const layout = layoutOf(design);
    const name = `packed-layouts-${design}`;
    const before = await usage();
    const database = await open(name, design);
    let peak = heap();
    indexerTime.tokenize = 0;
    indexerTime.records = 0;
    const started = performance.now();
    for (const entries of corpus) await write(database, design, entries, 'relaxed');
    const written = performance.now() - started;
    const numbers = new Map<string, number>();
    const indexing = performance.now();
    while (layout && await indexBatch(database, layout, numbers, BATCH) > 0) peak = Math.max(peak, heap());
    const indexed = performance.now() - indexing;
    const tokenized = indexerTime.tokenize;
    const records = indexerTime.records;
    const names: string[] = [];
    for (const [id, number] of numbers) names[number] = id;
    const onDisk = (await usage()) - before;
    const logical = { entries: await logicalSize(database, 'entries'), postings: layout ? await logicalSize(database, 'postings') + await logicalSize(database, 'shards') : 0 };
    const appends: number[] = [];
    for (const [index, text] of long.entries()) {
      const entry = entryOf('0190a1b2-c3d4-7e5f-8a9b-appendappend', index + 1, (clock += 1_000), text);
      const appendStarted = performance.now();
      await write(database, design, [entry], 'strict');
      appends.push(performance.now() - appendStarted);
    }
    const flushStarted = performance.now();
    while (layout && await indexBatch(database, layout, numbers, BATCH) > 0);
    const flushed = performance.now() - flushStarted;
    for (const [id, number] of numbers) names[number] = id;
    let rare = NaN;
    let twoCommon = NaN;
    let scan = NaN;
    let rarePending = NaN;
    if (layout) {
      rare = await timed(7, async () => expect((await fetchHits(database, await firstPage(database, layout, [RARE], 20), names)).length).toBe(CONVERSATIONS / 40));
      twoCommon = await timed(7, async () => expect((await fetchHits(database, await firstPage(database, layout, common, 20), names)).length).toBe(20));
      peak = Math.max(peak, heap());
      const pending = pendingTexts.map((text, index) => entryOf('0190a1b2-c3d4-7e5f-8a9b-pendingpendi', index + 1, (clock += 1_000), text));
      for (let start = 0; start < pending.length; start += 100) await write(database, design, pending.slice(start, start + 100), 'relaxed');
      rarePending = await timed(7, async () => {
        const [page, scanned] = await Promise.all([firstPage(database, layout, [RARE], 20).then((hits) => fetchHits(database, hits, names)), scanPending(database, RARE, layout)]);
        expect(page.length + scanned).toBe(CONVERSATIONS / 40);
      });
    } else if (design === 'multiEntry') {
      const get = async (keys: IDBValidKey[]): Promise<unknown[]> => { const store = database.transaction('entries').store; return Promise.all(keys.map((key) => store.get(key))); };
      rare = await timed(7, async () => expect((await get(await multiEntryPage(database, [RARE], 20))).length).toBe(CONVERSATIONS / 40));
      twoCommon = await timed(7, async () => expect((await get(await multiEntryPage(database, common, 20))).length).toBe(20));
    } else {
      scan = await timed(3, async () => {
        let found = 0;
        let from: IDBValidKey | undefined;
        for (;;) {
          const store = database.transaction('entries').store;
          const batch = await store.getAll(from === undefined ? null : IDBKeyRange.lowerBound(from, true), 1_000) as Entry[];
          if (batch.length === 0) break;
          for (const entry of batch) { const text = (entry as unknown as { message: { content: string } }).message.content; if (common.every((word) => text.includes(word))) found++; }
          const last = batch[batch.length - 1]!;
          from = [last.conversationId, last.seq];
        }
        expect(found).toBeGreaterThan(20);
      });
    }
    database.close();
    await deleteDB(name);
    const line = `${design}: build ${(written / 1000).toFixed(1)} s writes + ${(indexed / 1000).toFixed(1)} s indexing (${(tokenized / 1000).toFixed(1)} s tokenizing, ${records} records); on disk ${(onDisk / 1e6).toFixed(1)} MB ` +
      `(logical: entries ${(logical.entries / 1e6).toFixed(1)} MB, postings ${(logical.postings / 1e6).toFixed(2)} MB); append 300 words median ${median(appends).toFixed(2)} ms ` +
      `(then indexed in ${flushed.toFixed(0)} ms); rare ${rare.toFixed(1)} ms; two common ${twoCommon.toFixed(1)} ms; rare with 2,000 pending ${rarePending.toFixed(1)} ms; ` +
      `full scan ${scan.toFixed(0)} ms; peak heap ${(peak / 1e6).toFixed(1)} MB`;
    console.log(line);
    report.push(line);
  }
  console.log(`\n${CONVERSATIONS * PER_CONVERSATION} messages, "${common.join(' ')}"\n${report.join('\n')}`);
});
