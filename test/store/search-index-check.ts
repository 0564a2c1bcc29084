// Shared by the search tests (not a test file itself): reads a database behind the store's back
// and checks that its search index is exactly what its entries say.
import { openDB } from 'idb';
import { expect } from 'vitest';
import { EntrySchema } from '../../src/core/entry.js';
import { searchKeysOf } from '../../src/store/database/search-keys-of.js';

/**
 * Every entry carries the search keys its text gives (recomputed here), and the index holds
 * exactly those keys, each pointing at its entry: nothing more, nothing less.
 */
export async function expectIndexMatchesLog(name: string): Promise<{ entries: number; postings: number }> {
  const database = await openDB(name);
  try {
    const transaction = database.transaction('entries');
    const records = await transaction.store.getAll() as Record<string, unknown>[];
    const expected: string[] = [];
    for (const record of records) {
      const entry = EntrySchema.parse(record);
      expect(record.search, `entry ${entry.conversationId}/${entry.seq}`).toEqual(searchKeysOf(entry));
      for (const key of record.search as unknown[]) expected.push(JSON.stringify([key, [entry.conversationId, entry.seq]]));
    }
    const index = transaction.store.index('byTerm');
    const postings = await index.count();
    expect(postings).toBe(expected.length);
    // Key by key where that is quick (a cursor step is slow in fake-indexeddb); the index derives from the records' keys anyway.
    if (postings > 5_000) return { entries: records.length, postings };
    const actual: string[] = [];
    let cursor = await index.openKeyCursor();
    while (cursor !== null) {
      actual.push(JSON.stringify([cursor.key, cursor.primaryKey]));
      cursor = await cursor.continue();
    }
    expect(actual.sort()).toEqual(expected.sort());
    return { entries: records.length, postings };
  } finally {
    database.close();
  }
}
