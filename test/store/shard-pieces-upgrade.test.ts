/// <reference types="vite/client" />
// Migration 6 (shard pieces and `searchBehind`, DESIGN §17.17) on a database written by
// 0.3.0-alpha.10's own code (test/fixtures/store-0.3-alpha.10, scripts/build-v5-fixture.mjs): its
// packed index, whose prefix `lo` holds one record of 22 KB written whole, an attachment, and a
// conversation with a message not indexed yet. The upgrade changes no record and lists that
// conversation in `searchBehind`; search reads alpha.10's whole records beside the pieces this
// build writes and the message not indexed, and finds what a naive scan finds. Runs on fake-indexeddb in Node and on real IndexedDB in the three engines.
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { EntrySchema, type Entry } from '../../src/core/entry.js';
import { searchableText } from '../../src/core/search-text.js';
import { DATABASE_VERSION } from '../../src/store/database/schema.js';
import type { ConvologStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { SPLIT_AT, type PackedKey, type ShardRecord } from '../../src/store/search/pack-batch.js';
import v5Url from '../fixtures/store-0.3-alpha.10/v5-database.json.gz?inline';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from './database-dump.js';
import { expectPackedIndexMatchesLog } from './packed-index-check.js';
import { allHits, naiveMatch, newestFirst } from './search-support.js';
import { storeFixture } from './store-fixture.js';

interface Dump extends DatabaseDump { records: Record<string, Array<[IDBValidKey, unknown]>> }

const fixture = storeFixture();
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });

async function open(name: string): Promise<ConvologStore> {
  // The indexer runs when the test flushes: a background run would race what it reads behind the store's back.
  const store = await openStoreWith({ name }, { backgroundIndexing: false });
  opened.push(store);
  return store;
}

/** Every record of the packed index's stores and the attachments', as stored, with its key. */
async function rawRecords(name: string): Promise<Record<string, unknown[]>> {
  const database = await openDB(name);
  try {
    const stores = ['searchSegments', 'searchShards', 'searchNames', 'attachments', 'attachmentChunks', 'attachmentRefs'];
    return Object.fromEntries(await Promise.all(stores.map(async (store) => {
      const keys = await database.getAllKeys(store);
      const values = await database.getAll(store);
      return [store, keys.map((key, index) => [key, values[index]])] as const;
    })));
  } finally {
    database.close();
  }
}

/** Each query's hits over every conversation, against a naive scan of the log. */
async function expectSearchMatchesScan(store: ConvologStore, queries: readonly string[]): Promise<void> {
  const entries: Entry[] = [];
  for (const { id } of await store.listConversations()) entries.push(...await store.entries(id, { allBranches: true }));
  for (const query of queries) {
    const expected = entries.filter((entry) => naiveMatch(searchableText(entry), query)).sort(newestFirst).map((entry) => entry.id);
    expect(expected.length, query).toBeGreaterThan(0);
    expect((await allHits(store, query, { limit: 50 })).map((hit) => hit.entryId), query).toEqual(expected);
  }
}

describe('migration 6 from 0.3.0-alpha.10 (shard pieces, searchBehind)', { timeout: 120_000 }, () => {
  it('keeps every record alpha.10 wrote, lists what it left unindexed, searches its whole records beside new pieces, and keeps its attachment', async () => {
    const dump = await loadDatabaseDump<Dump>(v5Url);
    expect(dump.version).toBe(5);
    const whole = dump.records.searchShards!.find(([key]) => (key as PackedKey)[0] === 'lo')![1] as ShardRecord;
    expect(whole.d.length).toBeGreaterThanOrEqual(SPLIT_AT);
    const name = fixture.name();
    await writeDatabaseDump(name, dump);
    const before = await rawRecords(name);
    const store = await open(name);
    const raw = await openDB(name);
    expect(raw.version).toBe(DATABASE_VERSION);
    raw.close();
    expect(DATABASE_VERSION).toBe(6);
    expect(await rawRecords(name)).toEqual(before);
    const behind = await openDB(name);
    expect(await behind.getAllKeys('searchBehind')).toEqual(['words']);
    behind.close();
    expect(await store.searchIndexStatus()).toEqual({ pending: 1 });
    for (const { id } of dump.conversations as { id: string }[]) {
      const stored = dump.entries.filter((record) => (record as { conversationId: string }).conversationId === id).map((record) => EntrySchema.parse(record));
      expect(await store.entries(id, { allBranches: true }), id).toEqual(stored);
    }
    const queries = ['lofoten', 'lofo', 'lo', 'l', 'islands', 'oslo', '天气', 'gardening', 'kvitsoy', 'waiting indexer'];
    await expectSearchMatchesScan(store, queries);
    expect((await store.search('lofoten')).hits).toHaveLength(2);

    // This build's batch of the same prefix is written as pieces, beside alpha.10's whole record.
    let seed = 5;
    const random = (below: number): number => (seed = (seed * 48_271) % 2_147_483_647) % below;
    const letters = (count: number): string => Array.from({ length: count }, () => String.fromCharCode(97 + random(26))).join('');
    await store.append('words', Array.from({ length: 400 }, (_, index) => (index % 2 ? assistant : user)(
      [...Array.from({ length: 8 }, () => `lo${letters(1 + random(4))}`), index === 77 ? 'lofoten again' : 'plain'].join(' '),
    )));
    await store.flushSearchIndex();
    const names = (await rawRecords(name)).searchShards!.map((record) => (record as [PackedKey])[0][0]);
    expect(names).toContain('lo');
    expect(names.filter((shard) => shard.startsWith('lo\u0000')).length).toBeGreaterThan(1);
    await expectPackedIndexMatchesLog(name);
    expect(await store.searchIndexStatus()).toEqual({ pending: 0 });
    await expectSearchMatchesScan(store, [...queries, 'again']);
    expect((await store.search('lofoten')).hits).toHaveLength(3);
    const attachment = dump.records.attachments![0]![1] as { id: string; size: number };
    expect((await store.getAttachment(attachment.id)).size).toBe(attachment.size);
  });
});
