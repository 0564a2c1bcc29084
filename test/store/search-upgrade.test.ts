/// <reference types="vite/client" />
// Databases written before search (schema 1 by convolog 0.1, schema 2 by the last build before
// search) are indexed when this build opens them (migrations 3 and 4, then the background
// indexer): old messages are found, nothing is lost, and the index is exactly what the entries say. Fixtures: test/fixtures/store-0.1
// (scripts/build-v1-fixture.mjs) and test/fixtures/store-0.2 (scripts/build-v2-fixture.mjs).
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { EntrySchema, type Entry } from '../../src/core/entry.js';
import { searchableText } from '../../src/core/search-text.js';
import type { ConvologStore } from '../../src/store/index.js';
import v1Url from '../fixtures/store-0.1/v1-database.json.gz?inline';
import v2Url from '../fixtures/store-0.2/v2-database.json.gz?inline';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from './database-dump.js';
import { expectIndexMatchesLog } from './search-index-check.js';
import { allHits, naiveMatch, newestFirst } from './search-support.js';
import { storeFixture } from './store-fixture.js';

interface Dump extends DatabaseDump { conversations: { id: string }[]; entries: Record<string, unknown>[] }

const stores = storeFixture();

/** What a naive scan of the dump's entries finds for `query`, newest first. */
function scan(dump: Dump, query: string): string[] {
  // 0.1's entries have no parentId yet; it plays no part in what they say.
  const entries = dump.entries.map((record) => EntrySchema.parse({ parentId: null, ...record }));
  return entries.filter((entry) => naiveMatch(searchableText(entry), query)).sort(newestFirst).map((entry) => entry.id);
}

async function expectFinds(store: ConvologStore, dump: Dump, query: string, atLeast: number): Promise<void> {
  const expected = scan(dump, query);
  expect(expected.length, query).toBeGreaterThanOrEqual(atLeast);
  expect((await allHits(store, query, { limit: 50 })).map((hit) => hit.entryId), query).toEqual(expected);
}

/** Every entry of the dump reads back as it was (the store's bookkeeping stripped). */
async function expectEntriesKept(store: ConvologStore, dump: Dump): Promise<void> {
  for (const { id } of dump.conversations) {
    const stored = dump.entries.filter((record) => record.conversationId === id).map((record) => EntrySchema.parse(record) as Entry);
    expect((await store.entries(id, { allBranches: true })).map(({ parentId: _parentId, ...entry }) => entry))
      .toEqual(stored.map(({ parentId: _parentId, ...entry }) => entry));
  }
}

/** How many stored entry records carry 0.2's `search` keys, read behind the store's back. */
async function entriesWithKeys(name: string): Promise<number> {
  const database = await openDB(name);
  try {
    return (await database.getAll('entries') as Record<string, unknown>[]).filter((record) => 'search' in record).length;
  } finally {
    database.close();
  }
}

describe('upgrading to the search index (schema 3)', { timeout: 300_000 }, () => {
  it('indexes a schema 2 database: every branch, every script, imports and compactions are found; nothing is lost', async () => {
    const dump = await loadDatabaseDump<Dump>(v2Url);
    expect(dump.version).toBe(2);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const store = await stores.open({ name });
    await expectEntriesKept(store, dump);
    await expectFinds(store, dump, 'oslo', 6);
    await expectFinds(store, dump, 'cafe paris', 2);
    await expectFinds(store, dump, 'meteo', 2);
    await expectFinds(store, dump, 'spring weather', 2);
    await expectFinds(store, dump, '天气', 1);
    await expectFinds(store, dump, '東京', 1);
    await expectFinds(store, dump, '서울', 1);
    await expectFinds(store, dump, 'москв', 1);
    await expectFinds(store, dump, 'full width', 1);
    await expectFinds(store, dump, 'gardening', 40);
    await expectFinds(store, dump, 'tomatoes 17', 1);
    expect(await allHits(store, 'hiddenreasoning')).toEqual([]);
    expect(await allHits(store, 'hiddenargument')).toEqual([]);
    expect((await allHits(store, 'spring')).map((hit) => hit.role)).toEqual(['summary', 'summary']);
    expect((await allHits(store, 'weather', { conversationId: 'trip' })).map((hit) => hit.role)).toEqual(['summary', 'user']);
    store.close();
    expect(await expectIndexMatchesLog(name)).toMatchObject({ entries: dump.entries.length });
    // Migration 3 creates 0.2's index empty and migration 4 deletes it: the upgrade never
    // tokenizes the log into keys nobody reads (the packed index is built in the background).
    expect(await entriesWithKeys(name)).toBe(0);
  });

  it('indexes a database written by 0.1 (schema 1) after migration 2 has made it a tree', async () => {
    const dump = await loadDatabaseDump<Dump>(v1Url);
    expect(dump.version).toBe(1);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const store = await stores.open({ name });
    await expectFinds(store, dump, 'question 1234', 1);
    await expectFinds(store, dump, 'answer 2599', 1);
    await expectFinds(store, dump, 'turns', 1);
    await expectFinds(store, dump, 'hello', 1);
    expect((await store.search('result')).hits).toHaveLength(20);
    expect((await store.entries('big', { limit: 1 }))[0]!.parentId).toBeNull();
    store.close();
    expect(await expectIndexMatchesLog(name)).toMatchObject({ entries: dump.entries.length });
    expect(await entriesWithKeys(name)).toBe(0);
  });
});
