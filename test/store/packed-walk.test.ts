// The packed index read newest first (DESIGN §17.3): a word's postings from its segments and its
// prefix's shard records, merged in hit order, each once, across batches that overlap in time or
// were merged twice. Runs on fake-indexeddb in Node and on real IndexedDB in Chromium.
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeShard, mayHold, OWN_SEGMENT_AT, packBatch, SPLIT_AT } from '../../src/store/search/pack-batch.js';
import { READ_AHEAD, SHARDS_ONLY_READ_AHEAD, walkPostings, type PackedStore, type WordTerms } from '../../src/store/search/packed-walk.js';
import { comparePostings, type Posting } from '../../src/store/search/posting-codec.js';

const opened: IDBPDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) {
    database.close();
    await deleteDB(database.name);
  }
});

async function database(batches: Map<string, Posting[]>[]): Promise<IDBPDatabase> {
  const name = `packed-walk-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const db = await openDB(name, 1, { upgrade(upgrading) { upgrading.createObjectStore('postings'); upgrading.createObjectStore('shards'); } });
  opened.push(db);
  for (const batch of batches) {
    const { segments, shards } = packBatch(batch);
    const transaction = db.transaction(['postings', 'shards'], 'readwrite');
    for (const [key, value] of segments) void transaction.objectStore('postings').put(value, key);
    for (const [key, value] of shards) void transaction.objectStore('shards').put(value, key);
    await transaction.done;
  }
  return db;
}

async function walk(db: IDBPDatabase, word: WordTerms, take = Infinity): Promise<Posting[]> {
  const transaction = db.transaction(['postings', 'shards']);
  const out: Posting[] = [];
  for await (const posting of walkPostings({ segments: transaction.objectStore('postings'), shards: transaction.objectStore('shards') }, IDBKeyRange, word)) {
    out.push(posting);
    if (out.length >= take) break;
  }
  return out;
}

const prefix = (text: string): WordTerms => ({ prefix: text, accept: () => true });
const exact = (text: string): WordTerms => ({ prefix: text, accept: (term) => term === text });
const newestFirst = (postings: Posting[]): Posting[] => [...postings].sort((a, b) => comparePostings(b, a));

describe('walkPostings', () => {
  it('merges a frequent word\'s segments and its rare batches\' shard records newest first, each posting once', async () => {
    const recent = Array.from({ length: OWN_SEGMENT_AT * 2 }, (_, index): Posting => [10_000 + index * 10, 1 + index, 1]);
    const older = Array.from({ length: 5 }, (_, index): Posting => [500 + index, 1 + index, 2]);
    // An import of old history after the recent chats, overlapping nothing; a late batch that overlaps the recent one; and the recent batch merged twice.
    const overlapping: Posting[] = [[10_005, 1, 3], [10_105, 7, 3]];
    const db = await database([new Map([['weather', recent]]), new Map([['weather', older]]), new Map([['weather', overlapping]]), new Map([['weather', recent]])]);
    const expected = newestFirst([...recent, ...older, ...overlapping]);
    expect(await walk(db, exact('weather'))).toEqual(expected);
    expect(await walk(db, exact('weather'), 3)).toEqual(expected.slice(0, 3));
  });

  it('finds every term starting with a prefix, and only whole terms for an exact word', async () => {
    const db = await database([
      new Map<string, Posting[]>([['weather', [[5, 1, 1]]], ['weak', [[7, 2, 1]]], ['wet', [[9, 3, 1]]], ['oslo', [[8, 4, 1]]]]),
      new Map<string, Posting[]>([['weaker', [[11, 1, 2]]]]),
    ]);
    expect(await walk(db, prefix('wea'))).toEqual([[11, 1, 2], [7, 2, 1], [5, 1, 1]]);
    expect(await walk(db, prefix('w'))).toEqual([[11, 1, 2], [9, 3, 1], [7, 2, 1], [5, 1, 1]]);
    expect(await walk(db, exact('weak'))).toEqual([[7, 2, 1]]);
    expect(await walk(db, prefix('zzz'))).toEqual([]);
  });
  it('reads a common word\'s first posting from one record, and a rare word\'s many records several at a time', async () => {
    // 40 batches: each a segment of the common word and a shard record of the rare word's prefix.
    const batches = Array.from({ length: 40 }, (_, batch) => new Map<string, Posting[]>([
      ['common', Array.from({ length: OWN_SEGMENT_AT }, (_, index): Posting => [batch * 1_000 + index, 1 + index, batch + 1])],
      ['lofoten', [[batch * 1_000 + 500, 1, batch + 1]]],
    ]));
    const db = await database(batches);
    const counted = (store: PackedStore) => {
      const counts = { asked: 0, inFlight: 0, most: 0 };
      const wrapped = {
        getAllKeys: (range: IDBKeyRange) => store.getAllKeys(range),
        get: async (key: IDBValidKey) => {
          counts.asked++;
          counts.most = Math.max(counts.most, ++counts.inFlight);
          try { return await store.get(key); } finally { counts.inFlight--; }
        },
      };
      return { wrapped, counts };
    };
    const transaction = db.transaction(['postings', 'shards']);
    const segments = counted(transaction.objectStore('postings'));
    const shards = counted(transaction.objectStore('shards'));
    const stores = { segments: segments.wrapped, shards: shards.wrapped };
    const first = await walkPostings(stores, IDBKeyRange, exact('common')).next();
    expect(first.value).toEqual([39_000 + OWN_SEGMENT_AT - 1, OWN_SEGMENT_AT, 40]);
    expect(segments.counts.asked).toBe(1);
    const rare: Posting[] = [];
    const walk = walkPostings(stores, IDBKeyRange, exact('lofoten'));
    // A word of shard records only asks for a wider window at once: its page likely spans many.
    rare.push((await walk.next()).value as Posting);
    expect(shards.counts.asked).toBe(SHARDS_ONLY_READ_AHEAD);
    for await (const posting of walk) rare.push(posting);
    expect(rare).toHaveLength(40);
    expect(shards.counts.asked).toBe(40);
    expect(shards.counts.most).toBeGreaterThan(1);
    expect(shards.counts.most).toBeLessThanOrEqual(READ_AHEAD);
  });

  it('reads one piece of each large record for a rare word, beside the whole records an earlier release wrote, and every piece for a prefix', async () => {
    // Three batches each with ~700 terms under 'lo', 4 postings each: well over SPLIT_AT, so written as pieces.
    const large = (batch: number): Map<string, Posting[]> => {
      const byTerm = new Map<string, Posting[]>();
      for (let first = 0; first < 26; first++) {
        for (let second = 0; second < 26; second++) {
          byTerm.set(`lo${String.fromCharCode(97 + first, 97 + second)}x`, Array.from({ length: 4 }, (_, index): Posting => [batch * 1_000_000 + first * 1_000 + second * 10 + index, 1, batch + 1]));
        }
      }
      byTerm.set('lofoten', [[batch * 1_000_000 + 999_999, 2, batch + 1]]);
      byTerm.set('lo', [[batch * 1_000_000 + 5, 3, batch + 1]]);
      return byTerm;
    };
    const batches = [large(1), large(2), large(3)];
    expect(packBatch(batches[0]!).shards.length).toBeGreaterThan(1);
    const db = await database(batches);
    // What alpha.10 wrote: one record of the prefix however large, found beside the pieces.
    const old = large(0);
    const [key, record] = encodeShard('lo', [...old])!;
    expect(record.d.length).toBeGreaterThanOrEqual(SPLIT_AT);
    // Its key without the filter alpha.12 added (DESIGN §17.18).
    await db.put('shards', record, key.slice(0, 4));
    const everything = newestFirst([...batches, old].flatMap((batch) => [...batch.values()].flat()));
    const lofoten = newestFirst([...batches, old].map((batch) => batch.get('lofoten')![0]!));
    expect(await walk(db, exact('lofoten'))).toEqual(lofoten);
    expect(await walk(db, prefix('lof'))).toEqual(newestFirst([...batches, old].flatMap((batch) => [...batch].filter(([term]) => term.startsWith('lof')).flatMap(([, postings]) => postings))));
    expect(await walk(db, prefix('lo'))).toEqual(everything);
    expect(await walk(db, prefix('l'))).toEqual(everything);
    expect(await walk(db, exact('lo'))).toEqual(newestFirst([...batches, old].map((batch) => batch.get('lo')![0]!)));
    let reads = 0;
    const transaction = db.transaction(['postings', 'shards']);
    const shards = transaction.objectStore('shards');
    const counted = { getAllKeys: (range: IDBKeyRange) => shards.getAllKeys(range), get: (key: IDBValidKey) => (reads++, shards.get(key)) };
    for await (const _posting of walkPostings({ segments: transaction.objectStore('postings'), shards: counted }, IDBKeyRange, exact('lofoten'))) { /* drained */ }
    // The old record and one piece of each batch's.
    expect(reads).toBe(1 + batches.length);
  });

  it('skips the records whose key\'s filter says they hold no term of a word, and reads every record written without one', async () => {
    // 30 batches of the prefix 'lo' (small records and pieces alike), the rare word in 3 of them.
    const batch = (index: number): Map<string, Posting[]> => {
      const byTerm = new Map<string, Posting[]>();
      const terms = index % 2 === 0 ? 20 : 600;
      for (let term = 0; term < terms; term++) byTerm.set(`lo${(term * 7919 + index).toString(36)}z`, [[index * 1_000_000 + term, 1, index + 1]]);
      if (index % 10 === 3) byTerm.set('lofoten', [[index * 1_000_000 + 999_999, 2, index + 1]]);
      return byTerm;
    };
    const batches = Array.from({ length: 30 }, (_, index) => batch(index));
    const db = await database(batches);
    // Two batches as an earlier release wrote them: keys without a filter, read whatever they hold.
    for (const index of [30, 31]) {
      for (const [key, record] of packBatch(batch(index)).shards) await db.put('shards', record, key.slice(0, 4));
    }
    const holding = [3, 13, 23].map((index) => batch(index).get('lofoten')![0]!);
    expect(await walk(db, exact('lofoten'))).toEqual(newestFirst([...holding, ...[30, 31].flatMap((index) => batch(index).get('lofoten') ?? [])]));
    const transaction = db.transaction(['postings', 'shards']);
    const shards = transaction.objectStore('shards');
    const read: string[] = [];
    const counted = { getAllKeys: (range: IDBKeyRange) => shards.getAllKeys(range), get: (key: IDBValidKey) => (read.push((key as string[])[0]!), shards.get(key)) };
    for await (const _posting of walkPostings({ segments: transaction.objectStore('postings'), shards: counted }, IDBKeyRange, exact('lofoten'))) { /* drained */ }
    const unfiltered = [30, 31].flatMap((index) => packBatch(batch(index)).shards.filter(([[name]]) => mayHold(name, 'lo', 'lofoten')));
    // The three records holding it, and the earlier release's that may (by name); none of the other 27 batches'.
    expect(read).toHaveLength(3 + unfiltered.length);
    // A prefix shorter than the filter's still narrows; one no longer than the shard's name reads all.
    expect(await walk(db, prefix('lof'))).toEqual(newestFirst(batches.concat([batch(30), batch(31)]).flatMap((one) => [...one].filter(([term]) => term.startsWith('lof')).flatMap(([, postings]) => postings))));
    expect(await walk(db, prefix('lo'))).toHaveLength(batches.concat([batch(30), batch(31)]).reduce((sum, one) => sum + one.size, 0));
  });
});
