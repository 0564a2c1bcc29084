// The search indexer against everything else that writes (DESIGN §17.6): another tab appends,
// deletes, re-creates or clears between the indexer's read and its write; a tab closed in the
// middle of a rebuild. The indexer's pause (an internal hook) makes each interleaving exact. Runs
// on fake-indexeddb in Node and on real IndexedDB in every browser project.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { ConvologStore, OpenStoreOptions } from '../../src/store/index.js';
import { openStoreWith, type InternalStoreOptions } from '../../src/store/open-store.js';
import { QUIET_MS } from '../../src/store/search/index-scheduler.js';
import { INDEX_BATCH } from '../../src/store/search/packed-indexer.js';
import { expectPackedIndexMatchesLog, indexMarks } from './packed-index-check.js';
import { allHits } from './search-support.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });
async function open(options: OpenStoreOptions, internal: InternalStoreOptions = {}): Promise<ConvologStore> {
  const store = await openStoreWith(options, { backgroundIndexing: false, ...internal });
  opened.push(store);
  return store;
}

/** Two tabs on one database: `indexing` runs `between` once, after its next read and before its write. */
async function twoTabs(internal: InternalStoreOptions = {}, otherInternal = internal): Promise<{ name: string; indexing: ConvologStore; other: ConvologStore; between(body: () => Promise<void>): void }> {
  const name = fixture.name();
  let pending: (() => Promise<void>) | undefined;
  const indexing = await open({ name, now: steppingClock() }, { ...internal, beforeIndexWrite: async () => { const body = pending; pending = undefined; await body?.(); } });
  const other = await open({ name, now: steppingClock(Date.UTC(2025, 6, 1)) }, otherInternal);
  return { name, indexing, other, between: (body) => { pending = body; } };
}

const ids = (hits: { entryId: string }[]): string[] => hits.map((hit) => hit.entryId);

describe('the indexer and another tab between its read and its write', { timeout: 60_000 }, () => {
  it('an append: the new entry stays marked, is found at once, and is indexed by the next batch', async () => {
    const { name, indexing, other, between } = await twoTabs();
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', [user('first about oslo')]);
    let late = '';
    between(async () => { late = (await other.append('chat', [user('late about oslo')]))[0]!.id; });
    await indexing.flushSearchIndex();
    expect((await indexMarks(name)).chat).toEqual({ indexedSeq: 1, lastSeq: 2, unindexed: true });
    expect(await indexing.searchIndexStatus()).toEqual({ pending: 1 });
    expect(ids(await allHits(other, 'oslo'))).toContain(late);
    await other.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 2 });
    expect((await allHits(indexing, 'oslo')).length).toBe(2);
  });

  it('the other tab indexing the same entries (no Web Locks, which would keep it waiting): the batch is written once', async () => {
    const { name, indexing, other, between } = await twoTabs({ indexLocks: false });
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', [user('one about tomatoes'), user('two about tomatoes')]);
    between(() => other.flushSearchIndex());
    await indexing.flushSearchIndex();
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 2, postings: 6 });
  });

  it('a delete: hidden at once, and the batch read before it never brings it back', async () => {
    const { name, indexing, other, between } = await twoTabs();
    await indexing.createConversation({ id: 'kept' });
    await indexing.createConversation({ id: 'gone' });
    await indexing.append('kept', [user('kept about violins')]);
    await indexing.append('gone', [user('gone about violins')]);
    between(async () => {
      await other.deleteConversation('gone');
      expect((await allHits(other, 'violins')).map((hit) => hit.conversationId)).toEqual(['kept']);
    });
    await indexing.flushSearchIndex();
    expect((await allHits(indexing, 'violins')).map((hit) => hit.conversationId)).toEqual(['kept']);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 1, postings: 3 });
  });

  it('a delete and a new chat under the same id: the new chat\'s words are found, the old ones never', async () => {
    const { name, indexing, other, between } = await twoTabs();
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', [user('old words about violins')]);
    between(async () => {
      await other.deleteConversation('chat');
      await other.createConversation({ id: 'chat' });
      await other.append('chat', [user('new words about tomatoes')]);
    });
    await indexing.flushSearchIndex();
    await indexing.flushSearchIndex();
    expect(await allHits(indexing, 'violins')).toEqual([]);
    expect((await allHits(indexing, 'tomatoes')).length).toBe(1);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 1, postings: 4 });
  });

  it('a clear: nothing is found, and the batch read before it writes nothing', async () => {
    const { name, indexing, other, between } = await twoTabs();
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', [user('about violins')]);
    between(() => other.clear());
    await indexing.flushSearchIndex();
    expect(await allHits(indexing, 'violins')).toEqual([]);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 0, postings: 0 });
    expect(await indexing.searchIndexStatus()).toEqual({ pending: 0 });
  });

  it('the background indexer runs again after a batch that indexed nothing, though this tab writes no more', async () => {
    // The other tab does not index: only this one's indexer can index what it writes.
    const { name, indexing, other, between } = await twoTabs({ backgroundIndexing: true }, {});
    let written = 0;
    let rewritten: () => void = () => undefined;
    const done = new Promise<void>((resolve) => { rewritten = resolve; });
    between(async () => {
      // Well after this tab's last write (QUIET_MS): the run no longer counts this tab as writing.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, written + QUIET_MS + 200 - Date.now())));
      await other.deleteConversation('chat');
      await other.createConversation({ id: 'chat' });
      await other.append('chat', [user('new words about tomatoes')]);
      rewritten();
    });
    await indexing.createConversation({ id: 'chat' });
    await indexing.append('chat', [user('old words about violins')]);
    written = Date.now();
    await done;
    // The batch read before the delete writes nothing; only another run indexes the new chat.
    await vi.waitFor(async () => expect(await indexing.searchIndexStatus()).toEqual({ pending: 0 }), { timeout: 20_000, interval: 100 });
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 1, postings: 4 });
  });
});

describe('a tab closed in the middle of a rebuild', { timeout: 120_000 }, () => {
  it('leaves whole batches behind, and the next open resumes from there without a posting twice', async () => {
    const name = fixture.name();
    const writer = await open({ name, now: steppingClock() });
    // Three chats of 0.6 batches each: the first batch ends inside the second chat, the second inside the third.
    const perChat = Math.ceil(INDEX_BATCH * 0.6);
    for (let chat = 0; chat < 3; chat++) {
      const { id } = await writer.createConversation({ id: `chat${chat}` });
      await writer.append(id, Array.from({ length: perChat }, (_, index) => user(`message ${index} of chat ${chat} about gardening`)));
    }
    writer.close();
    // The background indexer of this tab: its second batch is cut off by the tab closing between read and write.
    let batches = 0;
    let closing: ConvologStore | undefined;
    const closed = new Promise<void>((resolve) => {
      void open({ name }, {
        backgroundIndexing: true,
        beforeIndexWrite: async () => { if (++batches === 2) { closing!.close(); resolve(); } },
      }).then((store) => { closing = store; });
    });
    await closed;
    const marks = Object.values(await indexMarks(name));
    const done = marks.reduce((sum, mark) => sum + mark.indexedSeq, 0);
    expect(done).toBe(INDEX_BATCH);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: INDEX_BATCH });
    const reopened = await open({ name }, { backgroundIndexing: true });
    await vi.waitFor(async () => expect(await reopened.searchIndexStatus()).toEqual({ pending: 0 }), { timeout: 60_000, interval: 100 });
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 3 * perChat });
    expect((await allHits(reopened, 'gardening', { limit: 500 })).length).toBe(3 * perChat);
  });
});
