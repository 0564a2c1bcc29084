// Shared by the search tests (not a test file itself): reads a database behind the store's back
// and checks that its search index is exactly what its entries say (DESIGN §17): the packed
// postings hold every entry up to each conversation's `indexedSeq` and nothing else, and every
// conversation with entries beyond it carries the `unindexed` mark (search reads those directly).
import { expect } from 'vitest';
import { expectPackedIndexMatchesLog, indexMarks } from './packed-index-check.js';

export async function expectIndexMatchesLog(name: string): Promise<{ entries: number; postings: number }> {
  const { postings } = await expectPackedIndexMatchesLog(name);
  let entries = 0;
  for (const [id, { indexedSeq, lastSeq, unindexed }] of Object.entries(await indexMarks(name))) {
    expect(unindexed, `the mark of ${id}`).toBe(indexedSeq < lastSeq);
    entries += lastSeq;
  }
  return { entries, postings };
}
