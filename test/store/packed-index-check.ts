// Shared by the packed search index tests (not a test file itself): reads a database behind the
// store's back and checks that its packed postings are exactly what its indexed entries say.
import { openDB } from 'idb';
import { expect } from 'vitest';
import { EntrySchema } from '../../src/core/entry.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { searchableText } from '../../src/core/search-text.js';
import { mayHold, shardOf, shardPostings, type PackedKey, type ShardRecord } from '../../src/store/search/pack-batch.js';
import { decodePostings } from '../../src/store/search/posting-codec.js';
import { filterMayHold } from '../../src/store/search/term-filter.js';

/**
 * The packed postings (term, conversation id, seq, time) of every conversation that still has a
 * number, each as often as stored, against what each entry's text gives for the seqs the
 * conversation's `indexedSeq` covers: nothing missing, nothing extra, nothing twice.
 */
export async function expectPackedIndexMatchesLog(name: string): Promise<{ indexed: number; postings: number }> {
  const database = await openDB(name);
  try {
    const transaction = database.transaction(['conversations', 'entries', 'searchSegments', 'searchShards', 'searchNames', 'searchBehind']);
    const behind = transaction.objectStore('searchBehind');
    const names = new Map<number, string>();
    let cursor = await transaction.objectStore('searchNames').openCursor();
    while (cursor !== null) {
      names.set(cursor.key as number, (cursor.value as { id: string }).id);
      cursor = await cursor.continue();
    }
    const indexedSeq = new Map<string, number>();
    const marked: string[] = [];
    for (const record of await transaction.objectStore('conversations').getAll() as { id: string; indexedSeq?: number; unindexed?: 1 }[]) {
      indexedSeq.set(record.id, record.indexedSeq ?? 0);
      if (record.unindexed === 1) marked.push(record.id);
    }
    // What a search reads as the conversations behind (DESIGN §17.17): exactly those marked.
    expect((await behind.getAllKeys()).sort(), 'searchBehind').toEqual(marked.sort());
    const actual: string[] = [];
    const add = (term: string, data: Uint8Array): void => {
      for (const [time, seq, number] of decodePostings(data)) if (names.has(number)) actual.push(JSON.stringify([term, names.get(number), seq, time]));
    };
    const segmentKeys = await transaction.objectStore('searchSegments').getAllKeys() as [string][];
    const segments = await transaction.objectStore('searchSegments').getAll() as Uint8Array[];
    segments.forEach((data, index) => add(segmentKeys[index]![0], data));
    const shardKeys = await transaction.objectStore('searchShards').getAllKeys() as PackedKey[];
    const shards = await transaction.objectStore('searchShards').getAll() as ShardRecord[];
    shards.forEach((shard, index) => {
      for (const [term, data] of shardPostings(shard, () => true)) {
        // Each term where a query for it looks: its shard's own record or the piece its next unit names.
        expect(mayHold(shardKeys[index]![0], shardOf(term), term), `${term} in ${JSON.stringify(shardKeys[index]![0])}`).toBe(true);
        // And its key's filter lets every query that may find it through: each prefix past the shard's name.
        const filter = shardKeys[index]![4];
        const shard = shardOf(term);
        for (let length = shard.length + 1; filter !== undefined && length <= term.length; length++) {
          if (!filterMayHold(filter, term.slice(0, length), shard.length)) expect.fail(`${term.slice(0, length)} not in the filter of ${JSON.stringify(shardKeys[index]![0])}`);
        }
        add(term, data);
      }
    });
    const expected: string[] = [];
    let indexed = 0;
    for (const record of await transaction.objectStore('entries').getAll() as Record<string, unknown>[]) {
      const entry = EntrySchema.parse(record);
      if (entry.seq > (indexedSeq.get(entry.conversationId) ?? 0)) continue;
      indexed++;
      for (const term of indexTerms(searchableText(entry))) expected.push(JSON.stringify([term, entry.conversationId, entry.seq, Date.parse(entry.timestamp)]));
    }
    expect(actual.sort()).toEqual(expected.sort());
    return { indexed, postings: actual.length };
  } finally {
    database.close();
  }
}

/** What the database's conversation records say about indexing: `indexedSeq`, `lastSeq` and the `unindexed` mark, by id. */
export async function indexMarks(name: string): Promise<Record<string, { indexedSeq: number; lastSeq: number; unindexed: boolean }>> {
  const database = await openDB(name);
  try {
    const marks: Record<string, { indexedSeq: number; lastSeq: number; unindexed: boolean }> = {};
    for (const record of await database.getAll('conversations') as { id: string; indexedSeq?: number; lastSeq: number; unindexed?: 1 }[]) {
      marks[record.id] = { indexedSeq: record.indexedSeq ?? 0, lastSeq: record.lastSeq, unindexed: record.unindexed === 1 };
    }
    return marks;
  } finally {
    database.close();
  }
}
