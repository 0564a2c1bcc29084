// The deferred, packed search index (DESIGN §17): writes mark what is not yet indexed in their own
// transaction; the indexer packs batches later, in its own transactions; flushSearchIndex and
// searchIndexStatus; another tab indexing or writing meanwhile; deletes and clear. Runs on
// fake-indexeddb in Node and on real IndexedDB in Chromium.
/// <reference types="vite/client" />
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { searchableText } from '../../src/core/search-text.js';
import type { ConvologStore, OpenStoreOptions } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import type { PackedKey } from '../../src/store/search/pack-batch.js';
import v2Url from '../fixtures/store-0.2/v2-database.json.gz?inline';
import v3Url from '../fixtures/store-0.2-search/v3-database.json.gz?inline';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from './database-dump.js';
import { expectPackedIndexMatchesLog, indexMarks } from './packed-index-check.js';
import { allHits, naiveMatch, newestFirst } from './search-support.js';
import { sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
// Most tests here count what is pending: the background indexer would race them, so it is off
// (flushSearchIndex indexes); the last test is about the background indexer itself.
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });
const stores = {
  name: () => fixture.name(),
  async open(options: OpenStoreOptions = {}): Promise<ConvologStore> {
    const store = await openStoreWith({ ...options, name: options.name ?? fixture.name() }, { backgroundIndexing: false });
    opened.push(store);
    return store;
  },
};

describe('the packed search index', () => {
  it('marks appended entries unindexed, counts them, and indexes them all on flush', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation({ id: 'trip' });
    expect(await store.searchIndexStatus()).toEqual({ pending: 0 });
    await store.append(id, [user('What is the weather in Oslo in May?'), assistant('Mild: pack a light jacket for Oslo.')]);
    await store.append(id, [user('And in 東京?')]);
    expect(await indexMarks(name)).toEqual({ trip: { indexedSeq: 0, lastSeq: 3, unindexed: true } });
    expect(await store.searchIndexStatus()).toEqual({ pending: 3 });
    await store.flushSearchIndex();
    expect(await store.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await indexMarks(name)).toEqual({ trip: { indexedSeq: 3, lastSeq: 3, unindexed: false } });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 3 });
    await store.append(id, [assistant('Tokyo in May is warm.')]);
    expect(await store.searchIndexStatus()).toEqual({ pending: 1 });
    await store.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 4 });
  });

  it('indexes many conversations in batches, frequent words in segments and rare ones in shards, each posting once', async () => {
    const name = stores.name();
    const store = await stores.open({ name, now: steppingClock() });
    for (let conversation = 0; conversation < 6; conversation++) {
      const { id } = await store.createConversation();
      await store.append(id, Array.from({ length: 120 }, (_, index) => (index % 2 ? assistant : user)(`common words here ${index % 7 === 0 ? `rare${conversation}x${index}` : 'again'}`)));
    }
    expect(await store.searchIndexStatus()).toEqual({ pending: 720 });
    await store.flushSearchIndex();
    expect(await store.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 720, postings: 720 * 4 });
  });

  it('two tabs flushing at once write each batch once, and an append from another tab meanwhile stays marked until indexed', async () => {
    const name = stores.name();
    const first = await stores.open({ name });
    const second = await stores.open({ name });
    const { id } = await first.createConversation({ id: 'shared' });
    await first.append(id, Array.from({ length: 40 }, (_, index) => user(`message ${index} about gardening`)));
    await Promise.all([first.flushSearchIndex(), second.flushSearchIndex(), second.append(id, [user('a late tomato question')])]);
    await second.flushSearchIndex();
    expect(await indexMarks(name)).toEqual({ shared: { indexedSeq: 41, lastSeq: 41, unindexed: false } });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 41 });
  });

  it('forgets a deleted conversation\'s number at once and clears everything with clear', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const kept = await store.createConversation({ id: 'kept' });
    const gone = await store.createConversation({ id: 'gone' });
    await store.append(kept.id, [user('oslo weather')]);
    await store.append(gone.id, [user('oslo weather too')]);
    await store.flushSearchIndex();
    await store.deleteConversation(gone.id);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 1, postings: 2 });
    // Re-created under the same id, it is a new conversation: marked, and its old postings point nowhere.
    await store.createConversation({ id: 'gone' });
    await store.append('gone', [user('something else')]);
    expect(await store.searchIndexStatus()).toEqual({ pending: 1 });
    await store.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 2, postings: 4 });
    await store.clear();
    expect(await store.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 0, postings: 0 });
  });
});

describe('migration 4', { timeout: 300_000 }, () => {
  it('marks every conversation of a database written before it unindexed, and the indexer rebuilds what its entries say, across a reopen', async () => {
    const dump = await loadDatabaseDump<DatabaseDump & { conversations: { id: string; lastSeq: number }[]; entries: unknown[] }>(v2Url);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const first = await stores.open({ name });
    const pending = dump.entries.length;
    expect(await first.searchIndexStatus()).toEqual({ pending });
    const marks = await indexMarks(name);
    for (const conversation of dump.conversations) expect(marks[conversation.id]).toEqual({ indexedSeq: 0, lastSeq: conversation.lastSeq, unindexed: conversation.lastSeq > 0 });
    // Closed before anything was indexed: the marks are in the records, so the next open resumes.
    first.close();
    const second = await stores.open({ name });
    expect(await second.searchIndexStatus()).toEqual({ pending });
    await second.flushSearchIndex();
    expect(await second.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: pending });
  });
});

describe('migration 4 from 0.2\'s index', { timeout: 300_000 }, () => {
  it('opens a database written by 0.2 (schema 3, byTerm): entries kept, every conversation marked, rebuilt by the indexer', async () => {
    const dump = await loadDatabaseDump<DatabaseDump & { conversations: { id: string; lastSeq: number }[]; entries: { conversationId: string }[] }>(v3Url);
    expect(dump.version).toBe(3);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const store = await stores.open({ name });
    expect(await store.searchIndexStatus()).toEqual({ pending: dump.entries.length });
    for (const { id } of dump.conversations) {
      expect((await store.entries(id, { allBranches: true })).length).toBe((dump.entries as { conversationId: string }[]).filter((entry) => entry.conversationId === id).length);
    }
    await store.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: dump.entries.length });
  });
});

describe('search over the packed index and the entries it does not hold yet', { timeout: 60_000 }, () => {
  it('finds what a naive scan finds, in hit order, paged, whatever part is indexed (ties across conversations included)', async () => {
    const name = stores.name();
    // Every conversation starts at the same instant: seq n of each ties with seq n of the others.
    const store = await stores.open({ name, now: () => new Date(Date.UTC(2024, 5, 1)) });
    const texts = ['weather in Oslo', 'café in Paris', 'the weather is mild', '今天的天气很好', 'gardening tomatoes', 'oslo café weather', 'nothing here'];
    const ids: string[] = [];
    for (let conversation = 0; conversation < 7; conversation++) ids.push((await store.createConversation({ id: `c${conversation}` })).id);
    let step = 0;
    const check = async (): Promise<void> => {
      const entries = (await Promise.all(ids.map((id) => store.entries(id, { allBranches: true })))).flat();
      for (const query of ['weather', 'oslo wea', 'cafe', '天气', 'o', 'zzz']) {
        const expected = entries.filter((entry) => entry.type === 'message' && naiveMatch(String(entry.message.content), query)).sort(newestFirst).map((entry) => `${entry.conversationId}/${entry.id}`);
        for (const limit of [1, 3, 20]) {
          expect((await allHits(store, query, { limit })).map((hit) => `${hit.conversationId}/${hit.entryId}`), `${query} by ${limit} at step ${step}`).toEqual(expected);
        }
      }
    };
    for (let round = 0; round < 4; round++) {
      for (const [index, id] of ids.entries()) await store.append(id, [user(texts[(index + round) % texts.length]!)]);
      step++;
      await check();
      if (round % 2 === 0) await store.flushSearchIndex();
      await check();
    }
    await store.deleteConversation('c3');
    ids.splice(3, 1);
    await check();
  });
});

describe('shard pieces (schema 6)', { timeout: 60_000 }, () => {
  it('writes a large batch\'s shard records as pieces, and every query finds what a naive scan finds', async () => {
    const name = stores.name();
    const store = await stores.open({ name, now: steppingClock() });
    // Many rare words under 'lo' and many Chinese bigrams under '天' in one batch: both shards' records pass SPLIT_AT.
    let seed = 7;
    const random = (below: number): number => (seed = (seed * 48_271) % 2_147_483_647) % below;
    const letters = (count: number): string => Array.from({ length: count }, () => String.fromCharCode(97 + random(26))).join('');
    const han = (): string => String.fromCharCode(0x4e00 + random(300));
    const { id } = await store.createConversation({ id: 'big' });
    const texts = Array.from({ length: 400 }, (_, index) => [
      ...Array.from({ length: 8 }, () => `lo${letters(1 + random(4))}`), ...Array.from({ length: 8 }, () => `天${han()}`), index === 123 ? 'lofoten' : 'plain',
    ].join(' '));
    await store.append(id, texts.map((text, index) => (index % 2 ? assistant : user)(text)));
    await store.flushSearchIndex();
    const database = await openDB(name);
    const names = new Set((await database.getAllKeys('searchShards') as PackedKey[]).map((key) => key[0]));
    database.close();
    expect([...names].filter((shard) => shard.startsWith('lo\u0000')).length).toBeGreaterThan(1);
    expect([...names].filter((shard) => shard.startsWith('天\u0000')).length).toBeGreaterThan(1);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 400 });
    const entries = await store.entries(id);
    const queries = ['lofoten', 'lofo', 'loq', 'lo', 'l', `lo${letters(2)}`, `天${han()}`, '天', `lo${letters(3)} 天`];
    for (const query of queries) {
      const expected = entries.filter((entry) => naiveMatch(searchableText(entry), query)).sort(newestFirst).map((entry) => entry.id);
      expect((await allHits(store, query, { limit: 50 })).map((hit) => hit.entryId), query).toEqual(expected);
    }
    expect((await store.search('lofoten')).hits).toHaveLength(1);
  });
});

describe('the conversations behind (searchBehind, schema 6)', { timeout: 60_000 }, () => {
  it('are read by id up to 32, through byUnindexed beyond, and a search finds their entries either way', async () => {
    const name = stores.name();
    const store = await stores.open({ name, now: steppingClock() });
    const reads: string[] = [];
    // Which indexes the store reads with getAll (fake-indexeddb's and the engines' IDBIndex alike).
    const original = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
      reads.push(this.name);
      return original.apply(this, args);
    };
    try {
      const ids: string[] = [];
      for (let index = 0; index < 40; index++) ids.push((await store.createConversation({ id: `c${String(index).padStart(2, '0')}` })).id);
      for (const id of ids.slice(0, 3)) await store.append(id, [user(`kvitsoy in ${id}`)]);
      reads.length = 0;
      expect((await store.search('kvitsoy')).hits.map((hit) => hit.conversationId).sort()).toEqual(ids.slice(0, 3));
      expect(reads).not.toContain('byUnindexed');
      for (const id of ids.slice(3)) await store.append(id, [user(`kvitsoy in ${id}`)]);
      reads.length = 0;
      expect((await allHits(store, 'kvitsoy', { limit: 7 })).map((hit) => hit.conversationId).sort()).toEqual(ids);
      expect(reads).toContain('byUnindexed');
      await store.flushSearchIndex();
      await expectPackedIndexMatchesLog(name);
      const raw = await openDB(name);
      expect(await raw.getAllKeys('searchBehind')).toEqual([]);
      raw.close();
      await store.append(ids[5]!, [user('kvitsoy once more')]);
      await store.append(ids[6]!, [user('kvitsoy gone soon')]);
      await store.deleteConversation(ids[6]!);
      const after = await openDB(name);
      expect(await after.getAllKeys('searchBehind')).toEqual([ids[5]]);
      after.close();
      expect((await store.search('once more')).hits).toHaveLength(1);
    } finally {
      IDBIndex.prototype.getAll = original;
    }
  });
});

describe('the background indexer', () => {
  it('indexes this tab\'s writes after they settle, without flushSearchIndex, and resumes what an upgrade left on open', async () => {
    const name = fixture.name();
    const store = await fixture.open({ name });
    const { id } = await store.createConversation();
    await store.append(id, Array.from({ length: 30 }, (_, index) => user(`background message ${index}`)));
    await vi.waitFor(async () => expect(await store.searchIndexStatus()).toEqual({ pending: 0 }), { timeout: 20_000, interval: 100 });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 30 });
    const dump = await loadDatabaseDump<DatabaseDump & { entries: unknown[] }>(v3Url);
    const upgraded = fixture.name();
    await writeDatabaseDump(upgraded, dump);
    const reopened = await fixture.open({ name: upgraded });
    await vi.waitFor(async () => expect(await reopened.searchIndexStatus()).toEqual({ pending: 0 }), { timeout: 20_000, interval: 100 });
    expect(await expectPackedIndexMatchesLog(upgraded)).toMatchObject({ indexed: dump.entries.length });
  }, 60_000); // two waits of up to 20 s each: at the default 15 s, WebKit on 2 loaded cores timed out in CI
});
