// The packed index's records stay bounded (DESIGN §17.5): a live chat indexed one message at a
// time writes a few small shard records per batch, and the indexer merges a prefix's small
// records once enough pile up. Record counts are deterministic, so they are asserted. Runs on
// fake-indexeddb in Node and on real IndexedDB in every browser project.
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { indexTerms } from '../../src/core/index-terms.js';
import type { ConvologStore, OpenStoreOptions } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { COUNT_EACH_BELOW, MERGE_AT } from '../../src/store/search/compact-shards.js';
import { shardOf, type ShardRecord } from '../../src/store/search/pack-batch.js';
import { expectPackedIndexMatchesLog } from './packed-index-check.js';
import { allHits, naiveMatch, newestFirst } from './search-support.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });
async function open(options: OpenStoreOptions = {}): Promise<ConvologStore> {
  // The background indexer off: each flush is one batch, as a live chat's 300 ms pauses give.
  const store = await openStoreWith({ ...options, name: options.name ?? fixture.name() }, { backgroundIndexing: false });
  opened.push(store);
  return store;
}

const VOCABULARY = ['oslo', 'weather', 'jacket', 'tomato', 'garden', 'café', 'pasta', 'recipe', 'python', 'script', 'deploy', 'server',
  'mountain', 'river', 'bicycle', 'train', 'ticket', 'museum', 'concert', 'violin', 'paint', 'canvas', 'orbit', 'planet'];

/** Message `index` of the chat: eight words of the vocabulary, a different mix each time, and a word of its own. */
function message(index: number): string {
  const words = Array.from({ length: 8 }, (_, word) => VOCABULARY[(index * 7 + word * 5) % VOCABULARY.length]!);
  return `${words.join(' ')} note${index}`;
}

/** Every record of the packed index, and how many of its shard records are still small ("fresh"). */
async function indexRecords(name: string): Promise<{ segments: number; shards: number; fresh: number; prefixes: number }> {
  const database = await openDB(name);
  try {
    const shards = await database.getAll('searchShards') as ShardRecord[];
    const keys = await database.getAllKeys('searchShards') as [string][];
    return {
      segments: await database.count('searchSegments'), shards: shards.length, fresh: shards.filter((shard) => shard.f !== undefined).length,
      prefixes: new Set(keys.map((key) => key[0])).size,
    };
  } finally {
    database.close();
  }
}

describe('shard compaction', { timeout: 120_000 }, () => {
  it('keeps a live chat indexed one message at a time under MERGE_AT records a prefix, every posting once, search unchanged', async () => {
    const name = fixture.name();
    const store = await open({ name, now: steppingClock() });
    const { id } = await store.createConversation();
    // Without compaction each one-message batch adds a shard record per prefix its terms start with.
    let unmerged = 0;
    for (let index = 0; index < 120; index++) {
      await store.append(id, [user(message(index))]);
      await store.flushSearchIndex();
      unmerged += new Set(indexTerms(message(index)).map(shardOf)).size;
    }
    const { segments, shards, prefixes } = await indexRecords(name);
    expect(segments).toBe(0);
    // At most MERGE_AT - 1 small records a prefix wait for the next merge; nothing here grew past small.
    expect(shards).toBeLessThanOrEqual(prefixes * (MERGE_AT - 1));
    expect(unmerged).toBeGreaterThan(shards * 4);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 120 });
    const entries = await store.entries(id);
    for (const query of ['oslo', 'note7', 'note11', 'tic', 'violin canvas', 'café']) {
      const expected = entries.filter((entry) => entry.type === 'message' && naiveMatch(String(entry.message.content), query)).sort(newestFirst).map((entry) => entry.id);
      expect((await allHits(store, query, { limit: 7 })).map((hit) => hit.entryId), query).toEqual(expected);
    }
  });

  it('merges without losing a posting when batches overlap in time (history imported after newer chats)', async () => {
    const name = fixture.name();
    let clock = Date.UTC(2025, 0, 1);
    const store = await open({ name, now: () => new Date((clock += 1000)) });
    const recent = await store.createConversation({ id: 'recent' });
    for (let index = 0; index < 20; index++) {
      await store.append(recent.id, [user(message(index))]);
      await store.flushSearchIndex();
    }
    clock = Date.UTC(2020, 0, 1);
    const old = await store.createConversation({ id: 'old' });
    for (let index = 0; index < 20; index++) {
      await store.append(old.id, [user(message(index))]);
      await store.flushSearchIndex();
    }
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 40 });
    const all = [...await store.entries('recent'), ...await store.entries('old')];
    for (const query of ['oslo', 'note3', 'train ticket']) {
      const expected = all.filter((entry) => entry.type === 'message' && naiveMatch(String(entry.message.content), query)).sort(newestFirst).map((entry) => entry.id);
      expect((await allHits(store, query, { limit: 3 })).map((hit) => hit.entryId), query).toEqual(expected);
    }
  });
});

/** Two-letter prefixes, more than COUNT_EACH_BELOW, so one message touches as many prefixes as an import's batch. */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const PREFIXES = LETTERS.flatMap((first) => LETTERS.map((second) => first + second)).slice(0, COUNT_EACH_BELOW + 20);

/** The small ("fresh") shard records of each prefix. */
async function freshByPrefix(name: string): Promise<{ fresh: Map<string, number>; large: number }> {
  const database = await openDB(name);
  try {
    const shards = await database.getAll('searchShards') as ShardRecord[];
    const fresh = new Map<string, number>();
    for (const shard of shards) if (shard.f !== undefined) fresh.set(shard.f, (fresh.get(shard.f) ?? 0) + 1);
    return { fresh, large: shards.filter((shard) => shard.f === undefined).length };
  } finally {
    database.close();
  }
}

describe('shard compaction of batches that touch many prefixes', { timeout: 120_000 }, () => {
  it('merges each prefix under MERGE_AT small records beside its large ones, drops a deleted chat\'s postings, search unchanged', async () => {
    const name = fixture.name();
    const store = await open({ name, now: steppingClock() });
    // One batch whose `ze…` terms fill a shard record past small: later merges of `ze` must keep it.
    const big = await store.createConversation({ id: 'big' });
    const zetas = Array.from({ length: 30 }, (_, index) => `zeta${index}`).join(' ');
    await store.append(big.id, Array.from({ length: 60 }, (_, index) => user(`${zetas} big${index}`)));
    await store.flushSearchIndex();
    expect((await freshByPrefix(name)).large).toBeGreaterThan(0);
    const gone = await store.createConversation({ id: 'gone' });
    const live = await store.createConversation({ id: 'live' });
    const deleteAt = MERGE_AT + 2;
    let kept = 0;
    for (let round = 0; round < 3 * MERGE_AT; round++) {
      // Every batch touches all of PREFIXES (the counting path of an import's batch), and `ze`.
      const words = PREFIXES.map((prefix) => `${prefix}x${round % 5}`).join(' ');
      const toLive = round % 2 === 0 || round > deleteAt;
      if (toLive) kept++;
      await store.append(toLive ? live.id : gone.id, [user(`${words} zeta${round % 30} round${round}`)]);
      await store.flushSearchIndex();
      if (round === deleteAt) await store.deleteConversation(gone.id);
    }
    const { fresh, large } = await freshByPrefix(name);
    expect(large).toBeGreaterThan(0);
    for (const [prefix, count] of fresh) expect(count, prefix).toBeLessThan(MERGE_AT);
    // Postings of the deleted chat are gone from what the merges wrote, and nothing else is.
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 60 + kept });
    const all = [...await store.entries(big.id), ...await store.entries(live.id)];
    for (const query of ['bax3', 'zeta4', 'round6', 'kex1 zeta0', 'gone']) {
      const expected = all.filter((entry) => entry.type === 'message' && naiveMatch(String(entry.message.content), query)).sort(newestFirst).map((entry) => entry.id);
      expect((await allHits(store, query, { limit: 9 })).map((hit) => hit.entryId), query).toEqual(expected);
    }
  });
});

describe('shard compaction reads the due prefixes of a batch together', { timeout: 120_000 }, () => {
  it('merges due prefixes read in shared key ranges, keeps the small records of prefixes between them that are not due, and large records', async () => {
    const name = fixture.name();
    const store = await open({ name, now: steppingClock() });
    // `ca` gets a large record first: later merges of `ca` must keep it (no range delete of the prefix).
    const big = await store.createConversation({ id: 'big' });
    const cabs = Array.from({ length: 30 }, (_, index) => `cab${index}`).join(' ');
    await store.append(big.id, Array.from({ length: 60 }, (_, index) => user(`${cabs} big${index}`)));
    await store.flushSearchIndex();
    expect((await freshByPrefix(name)).large).toBeGreaterThan(0);
    // Due every MERGE_AT batches: second letter a–m (more than COUNT_EACH_BELOW prefixes); between
    // them in key order, prefixes written every other batch only (n–z), never due in these rounds.
    const firsts = LETTERS.slice(0, 22);
    const due = firsts.flatMap((first) => LETTERS.slice(0, 13).map((second) => first + second));
    const between = firsts.flatMap((first) => LETTERS.slice(13).map((second) => first + second));
    expect(due.length).toBeGreaterThanOrEqual(COUNT_EACH_BELOW);
    const chat = await store.createConversation({ id: 'chat' });
    const rounds = MERGE_AT + 3;
    for (let round = 0; round < rounds; round++) {
      const words = [...due, ...(round % 2 === 0 ? between : [])].map((prefix) => `${prefix}y${round % 3}`);
      await store.append(chat.id, [user(`${words.join(' ')} cab${round} xturn${round}`)]);
      await store.flushSearchIndex();
    }
    const { fresh, large } = await freshByPrefix(name);
    expect(large).toBeGreaterThan(0);
    for (const [prefix, count] of fresh) expect(count, prefix).toBeLessThan(MERGE_AT);
    // Every other batch wrote them, never enough to merge: all their small records are still there.
    for (const prefix of between) expect(fresh.get(prefix), prefix).toBe(Math.ceil(rounds / 2));
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 60 + rounds });
    const all = [...await store.entries(big.id), ...await store.entries(chat.id)];
    for (const query of ['aby1', 'cny2', 'cab3', 'cab29', 'vmy0 vzy0', 'xturn9']) {
      const expected = all.filter((entry) => entry.type === 'message' && naiveMatch(String(entry.message.content), query)).sort(newestFirst).map((entry) => entry.id);
      expect((await allHits(store, query, { limit: 9 })).map((hit) => hit.entryId), query).toEqual(expected);
    }
  });
});

describe('conversation numbers', () => {
  it('never gives a deleted conversation\'s number to the next one, so its old postings never point at a new chat', async () => {
    const name = fixture.name();
    const store = await open({ name, now: steppingClock() });
    await store.createConversation({ id: 'a' });
    await store.append('a', [user('first chat about oslo')]);
    await store.flushSearchIndex();
    await store.createConversation({ id: 'b' });
    await store.append('b', [user('second chat about tomatoes')]);
    await store.flushSearchIndex();
    await store.deleteConversation('b');
    await store.createConversation({ id: 'c' });
    await store.append('c', [user('third chat about violins')]);
    await store.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 2, postings: 8 });
  });
});
