// The folded texts a store keeps of entries not yet indexed, between queries (DESIGN §17.12): a
// query reads only the entries it has not seen, and is never wrong. Every way the entry at a seq
// can become another entry (a conversation deleted and created again under its id, by this tab or
// another store on the same database, through create, import, a sync pull or a clear; a record
// written without an incarnation by an older build) is made between two queries of one store,
// and every query's hits are compared with a cold search (a store opened afresh, nothing kept).
// Runs on fake-indexeddb in Node and on real IndexedDB in every browser project.
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { IMPORTED_FROM_KEY } from '../../src/core/imported-from.js';
import { ChangeChannel } from '../../src/store/changes/change-channel.js';
import type { ConversationRecord } from '../../src/store/database/schema.js';
import type { StoreContext } from '../../src/store/database/store-context.js';
import type { ConvologStore, SearchHit, SearchOptions } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { MAX_PENDING_UNITS, PendingTexts, pendingTextsOf } from '../../src/store/search/pending-texts.js';
import { allHits, countEntryReads, turns } from './search-support.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
const opened: ConvologStore[] = [];
afterEach(() => { for (const store of opened.splice(0)) store.close(); });

/** A store whose indexer runs only on `flushSearchIndex`, so what it writes stays pending; no journal (its roll reads entries too, which the counts would see). */
const INTERNAL = { backgroundIndexing: false, journalBackend: null } as const;

async function open(name: string, now = steppingClock()): Promise<ConvologStore> {
  const store = await openStoreWith({ name, now }, INTERNAL);
  opened.push(store);
  return store;
}

/** Two stores on one database, as two tabs: `tab` searches, `other` writes between its queries. */
async function twoTabs(): Promise<{ name: string; tab: ConvologStore; other: ConvologStore }> {
  const name = fixture.name();
  return { name, tab: await open(name), other: await open(name, steppingClock(Date.UTC(2025, 6, 1))) };
}

/** Every hit of `query` from a store opened afresh on `name` (nothing kept): what any query must return. */
async function coldHits(name: string, query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const store = await openStoreWith({ name }, INTERNAL);
  try {
    return await allHits(store, query, options);
  } finally {
    store.close();
  }
}

/** `store`'s hits of `query`, checked against a cold search's, page by page as the caller asks. */
async function expectExact(store: ConvologStore, name: string, query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const hits = await allHits(store, query, options);
  expect(hits).toEqual(await coldHits(name, query, options));
  return hits;
}

/** The stored conversation record, read behind the store's back. */
async function rawRecord(name: string, id: string): Promise<ConversationRecord | undefined> {
  const raw = await openDB(name);
  try {
    return await raw.get('conversations', id) as ConversationRecord | undefined;
  } finally {
    raw.close();
  }
}

/** Writes the record back without its incarnation, as a build before it (which never wrote one) would have created it. */
async function dropIncarnation(name: string, id: string): Promise<void> {
  const raw = await openDB(name);
  try {
    const { incarnation: _dropped, ...older } = await raw.get('conversations', id) as ConversationRecord;
    await raw.put('conversations', older);
  } finally {
    raw.close();
  }
}

const ids = (hits: SearchHit[]): string[] => hits.map((hit) => hit.entryId);

describe('the texts kept of entries not yet indexed', { timeout: 60_000 }, () => {
  let reads: ReturnType<typeof countEntryReads>;
  beforeEach(() => { reads = countEntryReads(); });
  afterEach(() => reads.restore());

  it('a second query reads only the hits and what was appended since, and finds what a cold search finds', async () => {
    // Written by the other store: the tab that wrote them reads none of them (they were handed to it, DESIGN §17.14).
    const { name, tab, other } = await twoTabs();
    await other.createConversation({ id: 'chat' });
    await other.append('chat', turns(60, 'oslo'));
    reads.take();
    expect((await tab.search('oslo', { limit: 100 })).hits).toHaveLength(6);
    expect(reads.take()).toBe(60);
    expect((await tab.search('oslo', { limit: 100 })).hits).toHaveLength(6);
    // The six candidates, read for their hits; the 54 others ruled out by their kept text.
    expect(reads.take()).toBe(6);
    expect((await tab.search('bergen', { limit: 100 })).hits).toEqual([]);
    expect(reads.take()).toBe(0);
    await other.append('chat', [user('late about oslo'), user('later about bergen')]);
    expect((await tab.search('oslo', { limit: 100 })).hits).toHaveLength(7);
    expect(reads.take()).toBe(2 + 6);
    await expectExact(tab, name, 'oslo');
    await expectExact(tab, name, 'bergen');
  });

  it('reads a common word\'s kept candidates a page at a time, not all of them', async () => {
    const { name, tab } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(200, 'oslo', 1));
    await tab.search('oslo');
    reads.take();
    const page = await tab.search('oslo', { limit: 10 });
    expect(page.hits).toHaveLength(10);
    expect(reads.take()).toBeLessThanOrEqual(20);
    await expectExact(tab, name, 'oslo', { limit: 7 });
  });

  for (const writer of ['this tab', 'another store on the database'] as const) {
    describe(`a conversation deleted and created again under its id by ${writer}, with other words at the same seqs`, () => {
      const setUp = async (): Promise<{ name: string; tab: ConvologStore; other: ConvologStore }> => {
        const tabs = await twoTabs();
        await tabs.tab.createConversation({ id: 'chat' });
        await tabs.tab.append('chat', [user('old words about violins'), assistant('more old words about violins')]);
        expect(ids(await allHits(tabs.tab, 'violins'))).toHaveLength(2);
        expect(await allHits(tabs.tab, 'tomatoes')).toEqual([]);
        return { ...tabs, other: writer === 'this tab' ? tabs.tab : tabs.other };
      };
      /** The new incarnation's entries: other words at the same seqs. */
      const newWords = () => [user('new words about tomatoes'), assistant('more new words about tomatoes')];
      /** A store on a database of its own holding 'chat' with {@link newWords}, to export or pull from. */
      const chatElsewhere = async (): Promise<ConvologStore> => {
        const elsewhere = await open(fixture.name());
        await elsewhere.createConversation({ id: 'chat' });
        await elsewhere.append('chat', newWords());
        return elsewhere;
      };
      const expectNewWords = async (name: string, tab: ConvologStore): Promise<void> => {
        expect(await expectExact(tab, name, 'violins')).toEqual([]);
        expect(await expectExact(tab, name, 'tomatoes')).toHaveLength(2);
        expect(await expectExact(tab, name, 'tomatoes', { conversationId: 'chat', limit: 1 })).toHaveLength(2);
      };

      it('through createConversation and append', async () => {
        const { name, tab, other } = await setUp();
        await other.deleteConversation('chat');
        await other.createConversation({ id: 'chat' });
        await other.append('chat', newWords());
        await expectNewWords(name, tab);
      });

      it('through an import of an export with that id (as a restore from a backup or the journal)', async () => {
        const { name, tab, other } = await setUp();
        const exported = await (await chatElsewhere()).exportConversation('chat');
        await other.deleteConversation('chat');
        expect((await other.importConversation(exported, { onConflict: 'error' })).conversation.id).toBe('chat');
        await expectNewWords(name, tab);
      });

      it('through a sync pull (mergeEntries creating it), whose seqs are given in arrival order', async () => {
        const { name, tab, other } = await setUp();
        const entries = await (await chatElsewhere()).entries('chat');
        await other.deleteConversation('chat');
        await other.mergeEntries('chat', entries, { conversation: { title: '', createdAt: new Date().toISOString() } });
        await expectNewWords(name, tab);
      });

      it('through clear', async () => {
        const { name, tab, other } = await setUp();
        await other.clear();
        await other.createConversation({ id: 'chat' });
        await other.append('chat', newWords());
        await expectNewWords(name, tab);
      });
    });
  }

  it('an import replacing an earlier import of the same source: the earlier copy\'s kept texts are never served', async () => {
    const { name, tab, other } = await twoTabs();
    const source = { [IMPORTED_FROM_KEY]: { app: 'elsewhere', id: 'c1' } };
    const elsewhere = await open(fixture.name());
    await elsewhere.createConversation({ id: 'c1', appData: source });
    await elsewhere.append('c1', [user('first version about violins')]);
    await other.importConversation(await elsewhere.exportConversation('c1'));
    expect(await allHits(tab, 'violins')).toHaveLength(1);
    await elsewhere.append('c1', [user('second version about tomatoes')]);
    expect((await other.importConversation(await elsewhere.exportConversation('c1'), { onReimport: 'replace' })).outcome).toBe('replaced');
    expect(await expectExact(tab, name, 'violins')).toHaveLength(1);
    expect(await expectExact(tab, name, 'tomatoes')).toHaveLength(1);
  });

  it('a record without an incarnation (an older build\'s) is read at every query, and its deletion and re-creation by that build is seen', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(30, 'violins'));
    await dropIncarnation(name, 'chat');
    reads.take();
    await tab.search('violins');
    expect(reads.take()).toBe(30);
    await tab.search('violins');
    expect(reads.take()).toBe(30);
    await other.deleteConversation('chat');
    await other.createConversation({ id: 'chat' });
    await other.append('chat', turns(30, 'tomatoes'));
    await dropIncarnation(name, 'chat');
    expect(await expectExact(tab, name, 'violins')).toEqual([]);
    expect(await expectExact(tab, name, 'tomatoes')).toHaveLength(3);
  });

  it('a record whose incarnation an older build\'s write dropped after it was kept is read again', async () => {
    const { name, tab } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(30, 'violins'));
    await tab.search('violins');
    await dropIncarnation(name, 'chat');
    reads.take();
    await tab.search('violins');
    expect(reads.take()).toBe(30);
    await expectExact(tab, name, 'violins');
  });

  it('the indexer gives a record without an incarnation one, and what is appended after is kept', async () => {
    const { name, tab } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(10, 'violins'));
    await dropIncarnation(name, 'chat');
    await tab.flushSearchIndex();
    expect((await rawRecord(name, 'chat'))?.incarnation).toEqual(expect.any(String));
    await tab.append('chat', turns(10, 'violins'));
    await tab.search('violins');
    reads.take();
    await tab.search('violins');
    // The indexed hit and the pending candidate, nothing else.
    expect(reads.take()).toBe(2);
    await expectExact(tab, name, 'violins');
  });

  it('entries indexed by another store between two queries are found once, from the index', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(40, 'violins'));
    await tab.search('violins');
    await other.flushSearchIndex();
    await tab.append('chat', turns(20, 'violins'));
    expect(await expectExact(tab, name, 'violins', { limit: 3 })).toHaveLength(6);
    await other.flushSearchIndex();
    expect(await expectExact(tab, name, 'violins', { limit: 4 })).toHaveLength(6);
    reads.take();
    await tab.search('violins', { limit: 100 });
    // Nothing pending is left to read: the six hits come from the index.
    expect(reads.take()).toBe(6);
  });

  it('scoped searches and cursors over kept and unread entries, in several conversations', async () => {
    const { name, tab, other } = await twoTabs();
    for (const id of ['a', 'b', 'c']) {
      await tab.createConversation({ id });
      await tab.append(id, turns(25, 'violins', 3));
    }
    await tab.flushSearchIndex();
    for (const id of ['a', 'b', 'c']) await tab.append(id, turns(25, 'violins', 3));
    // Scoped first: only a's texts are kept; then the others are read and kept by an unscoped query.
    const cursor = (await tab.search('violins', { conversationId: 'a', limit: 5 })).nextCursor;
    expect(cursor).toBeDefined();
    await expectExact(tab, name, 'violins', { conversationId: 'a', limit: 5 });
    await expectExact(tab, name, 'violins', { limit: 7 });
    await other.append('b', turns(7, 'violins', 2));
    const page = await tab.search('violins', { cursor, conversationId: 'a', limit: 5 });
    const cold = await openStoreWith({ name }, INTERNAL);
    try {
      expect(page).toEqual(await cold.search('violins', { cursor, conversationId: 'a', limit: 5 }));
    } finally {
      cold.close();
    }
    for (const limit of [1, 4, 9, 50]) await expectExact(tab, name, 'violins', { limit });
    await expectExact(tab, name, 'violins', { conversationId: 'b', limit: 4 });
  });

  it('a search aborted after its reads leaves the kept texts exact', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(600, 'violins', 1));
    await tab.flushSearchIndex();
    // Written by the other store, so the tab reads them (it would take its own from the handed texts).
    await other.append('chat', turns(30, 'violins', 2));
    const controller = new AbortController();
    // Aborted once the pending entries are read: the walk of 600 postings stops at its next check.
    const original = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['getAll']>) {
      const request = original.apply(this, args);
      if (this.name === 'entries') request.addEventListener('success', () => controller.abort());
      return request;
    };
    try {
      await expect(tab.search('violins', { limit: 1_000, signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    } finally {
      IDBObjectStore.prototype.getAll = original;
    }
    reads.take();
    expect(await expectExact(tab, name, 'violins', { limit: 1_000 })).toHaveLength(615);
  });
});

describe('the incarnation', () => {
  it('is written by every creation, differs each time, and never leaves the store (a conversation, an export, an import\'s input)', async () => {
    const name = fixture.name();
    const store = await open(name);
    await store.createConversation({ id: 'chat' });
    await store.append('chat', [user('about violins')]);
    const first = (await rawRecord(name, 'chat'))?.incarnation;
    expect(first).toEqual(expect.any(String));
    await store.append('chat', [user('more about violins')]);
    await store.checkout('chat', (await store.entries('chat'))[0]!.id);
    await store.updateConversation('chat', { title: 'Violins' });
    await store.flushSearchIndex();
    expect((await rawRecord(name, 'chat'))?.incarnation).toBe(first);
    expect(JSON.stringify(await store.getConversation('chat'))).not.toContain(first);
    const exported = await store.exportConversation('chat');
    expect(JSON.stringify(exported)).not.toContain(first);
    await store.deleteConversation('chat');
    const imported = { ...exported, conversation: { ...exported.conversation, incarnation: first } };
    await store.importConversation(imported, { onConflict: 'error' });
    const again = (await rawRecord(name, 'chat'))?.incarnation;
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
    await store.deleteConversation('chat');
    await store.mergeEntries('chat', exported.entries, { conversation: { title: '', createdAt: exported.conversation.createdAt } });
    expect((await rawRecord(name, 'chat'))?.incarnation).not.toBe(again);
  });
});

describe('PendingTexts', () => {
  const record = (id: string, incarnation: string | undefined, indexedSeq: number, lastSeq: number): ConversationRecord => ({
    id, title: '', createdAt: '', updatedAt: '', lastSeq, headId: null, headSeq: 0, keptFromSeq: 1, lastCompactionSeq: 0,
    windowStartSeq: 0, lines: [], indexedSeq, unindexed: 1, ...(incarnation === undefined ? {} : { incarnation }),
  });

  it('keeps nothing of a record without an incarnation, and serves a kept text only to the same incarnation', () => {
    const texts = new PendingTexts();
    texts.keep(record('a', undefined, 0, 1), 1, { time: 1, folded: 'x' });
    expect(texts.units).toBe(0);
    texts.keep(record('a', 'one', 0, 1), 1, { time: 1, folded: 'x' });
    expect(texts.get(record('a', 'one', 0, 1), 1)).toEqual({ time: 1, folded: 'x' });
    expect(texts.get(record('a', 'two', 0, 1), 1)).toBeUndefined();
    expect(texts.get(record('a', undefined, 0, 1), 1)).toBeUndefined();
  });

  it('prunes what a snapshot no longer has pending: other incarnations, conversations caught up, seqs indexed', () => {
    const texts = new PendingTexts();
    for (const seq of [1, 2, 3]) texts.keep(record('a', 'one', 0, 3), seq, { time: seq, folded: 'abc' });
    texts.keep(record('b', 'one', 0, 1), 1, { time: 1, folded: 'abc' });
    texts.keep(record('c', 'one', 0, 1), 1, { time: 1, folded: 'abc' });
    const before = texts.units;
    texts.prune([record('a', 'one', 2, 3), record('c', 'two', 0, 1)], true);
    expect(texts.get(record('a', 'one', 2, 3), 3)).toBeDefined();
    expect(texts.get(record('a', 'one', 0, 3), 2)).toBeUndefined();
    expect(texts.get(record('b', 'one', 0, 1), 1)).toBeUndefined();
    expect(texts.get(record('c', 'one', 0, 1), 1)).toBeUndefined();
    expect(texts.units).toBe(before / 5);
    texts.prune([], true);
    expect(texts.units).toBe(0);
  });

  it('keeps nothing past its bound: the rest is read at each query', () => {
    const texts = new PendingTexts();
    texts.keep(record('a', 'one', 0, 2), 1, { time: 1, folded: 'x'.repeat(MAX_PENDING_UNITS - 100) });
    texts.keep(record('a', 'one', 0, 2), 2, { time: 2, folded: 'x'.repeat(200) });
    expect(texts.get(record('a', 'one', 0, 2), 1)).toBeDefined();
    expect(texts.get(record('a', 'one', 0, 2), 2)).toBeUndefined();
    expect(texts.units).toBeLessThanOrEqual(MAX_PENDING_UNITS);
  });

  it('is dropped when its store closes', () => {
    const changes = new ChangeChannel(`pending-texts-${Math.random()}`);
    const context = { connection: { isClosed: false }, changes } as unknown as StoreContext;
    const texts = pendingTextsOf(context);
    expect(pendingTextsOf(context)).toBe(texts);
    texts.keep(record('a', 'one', 0, 1), 1, { time: 1, folded: 'x' });
    changes.closed('closed');
    expect(texts.units).toBe(0);
    expect(pendingTextsOf(context)).not.toBe(texts);
    changes.shutdown();
  });
});
