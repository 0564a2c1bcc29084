// The search indexer with two batches in flight (DESIGN §17.9): batch N+1 is read before batch N's
// write and tokenized while N commits, so another tab's write can land after N+1's read and
// before N's write, or after N's commit and before N+1's write. Batches of two entries (an
// internal option) make a small chat several batches; the indexer's pause (an internal hook,
// awaited before each batch's write) places the other tab's write exactly. Runs on
// fake-indexeddb in Node and on real IndexedDB in every browser project.
import { afterEach, describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { ConvologStore, OpenStoreOptions } from '../../src/store/index.js';
import { openStoreWith, type InternalStoreOptions } from '../../src/store/open-store.js';
import { expectPackedIndexMatchesLog, indexMarks } from './packed-index-check.js';
import { allHits } from './search-support.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });
async function open(options: OpenStoreOptions, internal: InternalStoreOptions = {}): Promise<ConvologStore> {
  const store = await openStoreWith(options, { backgroundIndexing: false, indexBatch: 2, ...internal });
  opened.push(store);
  return store;
}

/**
 * Two tabs on one database; `at(n, body)` runs `body` before the indexing tab's write of batch n
 * (1-based), when batch n+1 has already been read: n-1 batches are committed, batch n is not.
 */
async function twoTabs(): Promise<{ name: string; indexing: ConvologStore; other: ConvologStore; at(batch: number, body: () => Promise<void>): void; writes(): number }> {
  const name = fixture.name();
  const bodies = new Map<number, () => Promise<void>>();
  let batch = 0;
  const indexing = await open({ name, now: steppingClock() }, { beforeIndexWrite: async () => { await bodies.get(++batch)?.(); } });
  const other = await open({ name, now: steppingClock(Date.UTC(2025, 6, 1)) });
  return { name, indexing, other, at: (n, body) => { bodies.set(n, body); }, writes: () => batch };
}

const messages = (count: number, words: string): ReturnType<typeof user>[] => Array.from({ length: count }, (_, index) => user(`message ${index} about ${words}`));
const chats = (hits: { conversationId: string }[]): string[] => [...new Set(hits.map((hit) => hit.conversationId))].sort();

describe('the indexer reading batch N+1 before batch N commits, and another tab writing', { timeout: 60_000 }, () => {
  it('a delete and a new chat under the same id after N+1 was read, before N is written: neither batch writes the old words', async () => {
    const { name, indexing, other, at, writes } = await twoTabs();
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', messages(5, 'violins'));
    at(1, async () => {
      await other.deleteConversation('chat');
      await other.createConversation({ id: 'chat' });
      await other.append('chat', messages(3, 'tomatoes'));
    });
    await indexing.flushSearchIndex();
    expect(writes()).toBeGreaterThan(2);
    expect(await indexing.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await allHits(indexing, 'violins')).toEqual([]);
    expect((await allHits(indexing, 'tomatoes')).length).toBe(3);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 3 });
  });

  it('a delete after N committed, while N+1 is tokenized: N+1 is not written, the other chats are', async () => {
    const { name, indexing, other, at } = await twoTabs();
    await indexing.createConversation({ id: 'a-gone' });
    await indexing.createConversation({ id: 'b-kept' });
    await indexing.append('a-gone', messages(5, 'violins'));
    await indexing.append('b-kept', messages(3, 'violins'));
    // Batch 1 is a-gone 1–2 (committed at the pause of batch 2), batch 2 a-gone 3–4, read before batch 1's write.
    at(2, async () => {
      await other.deleteConversation('a-gone');
      expect(chats(await allHits(other, 'violins'))).toEqual(['b-kept']);
    });
    await indexing.flushSearchIndex();
    expect(chats(await allHits(indexing, 'violins'))).toEqual(['b-kept']);
    expect(await indexMarks(name)).toEqual({ 'b-kept': { indexedSeq: 3, lastSeq: 3, unindexed: false } });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 3 });
  });

  it('appends after N+1 was read: the new entries stay marked, are found at once, and the next batches index them', async () => {
    const { name, indexing, other, at } = await twoTabs();
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', messages(4, 'violins'));
    let late: string[] = [];
    at(1, async () => {
      late = (await other.append('chat', messages(3, 'tomatoes'))).map((entry) => entry.id);
      expect((await allHits(other, 'tomatoes')).map((hit) => hit.entryId).sort()).toEqual([...late].sort());
    });
    await indexing.flushSearchIndex();
    await indexing.flushSearchIndex();
    expect(await indexing.searchIndexStatus()).toEqual({ pending: 0 });
    expect((await allHits(indexing, 'tomatoes')).map((hit) => hit.entryId).sort()).toEqual([...late].sort());
    expect((await allHits(indexing, 'violins')).length).toBe(4);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 7, postings: expect.any(Number) });
  });

  it('the other tab indexing the same chats meanwhile (no Web Locks): every posting once, nothing left pending', async () => {
    const name = fixture.name();
    let batch = 0;
    let other: ConvologStore | undefined;
    const indexing = await open({ name, now: steppingClock() }, { indexLocks: false, beforeIndexWrite: async () => { if (++batch === 2) await other!.flushSearchIndex(); } });
    other = await open({ name }, { indexLocks: false, indexBatch: 3 });
    for (const id of ['a', 'b']) {
      await indexing.createConversation({ id });
      await indexing.append(id, messages(5, `gardening ${id}`));
    }
    await indexing.flushSearchIndex();
    expect(await indexing.searchIndexStatus()).toEqual({ pending: 0 });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 10 });
    expect((await allHits(indexing, 'gardening')).length).toBe(10);
  });
});
