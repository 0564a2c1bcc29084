// The texts of the entries this tab wrote, handed from its writes to its indexer so that a batch of
// them is not read back (DESIGN §17.14). Every writer of entries hands over; what another tab
// wrote, a conversation deleted and created again under its id, a record an older build wrote
// without an incarnation and a write that never committed are read back or never kept; and the
// packed index is always exactly what the log says. Runs on fake-indexeddb in Node and on real
// IndexedDB in every browser project.
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { assistant, toolCall, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';
import { ChangeChannel } from '../../src/store/changes/change-channel.js';
import { HandedTexts, MAX_HANDED_UNITS } from '../../src/store/database/handed-texts.js';
import type { ConversationRecord } from '../../src/store/database/schema.js';
import { SearchIndexer } from '../../src/store/database/search-indexer.js';
import type { ConvologStore } from '../../src/store/index.js';
import { openStoreWith, type InternalStoreOptions } from '../../src/store/open-store.js';
import { expectPackedIndexMatchesLog } from './packed-index-check.js';
import { allHits, countEntryReads, turns } from './search-support.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const fixture = storeFixture();
const opened: ConvologStore[] = [];
let reads: ReturnType<typeof countEntryReads> | undefined;
afterEach(() => {
  reads?.restore();
  reads = undefined;
  for (const store of opened.splice(0)) store.close();
});

/** Indexing only on `flushSearchIndex`; no journal (its roll reads entries too, which the counts would see). */
async function open(name: string, internal: InternalStoreOptions = {}, now = steppingClock()): Promise<ConvologStore> {
  const store = await openStoreWith({ name, now }, { backgroundIndexing: false, journalBackend: null, ...internal });
  opened.push(store);
  return store;
}

/** The entry records the flush read: one check of its last entry per conversation a batch writes, plus whatever was read back. */
async function entriesReadByFlush(store: ConvologStore): Promise<number> {
  reads ??= countEntryReads();
  reads.take();
  await store.flushSearchIndex();
  return reads.take();
}

describe('the indexer takes what this tab wrote from its writes, not from the database', { timeout: 60_000 }, () => {
  it('appends: no entry is read back, and the index is exactly what the log says', async () => {
    const name = fixture.name();
    const store = await open(name);
    for (const id of ['a', 'b', 'c']) {
      await store.createConversation({ id });
      await store.append(id, turns(30, 'violins'));
    }
    expect(await entriesReadByFlush(store)).toBe(3);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 90 });
    expect((await allHits(store, 'violins')).length).toBe(9);
  });

  it('a store that did not write them (another tab, or this one reopened) reads every one back', async () => {
    const name = fixture.name();
    const writer = await open(name);
    await writer.createConversation({ id: 'a' });
    await writer.append('a', turns(30, 'violins'));
    const reader = await open(name);
    expect(await entriesReadByFlush(reader)).toBe(30 + 1);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 30 });
  });

  it('every writer of entries hands over: settle, a compaction, an import, a backup restored, a sync merge', async () => {
    const name = fixture.name();
    const source = await open(fixture.name());
    for (const id of ['imported', 'pulled']) {
      await source.createConversation({ id });
      await source.append(id, turns(6, 'tomatoes'));
    }
    const backedUp = await open(fixture.name());
    await backedUp.createConversation({ id: 'backed-up' });
    await backedUp.append('backed-up', turns(6, 'tomatoes'));
    const pulled = await source.exportConversation('pulled');
    const store = await open(name);
    await store.createConversation({ id: 'chat' });
    const [question] = await store.append('chat', [user('a question about violins'), assistant([toolCall('call-1', 'look')])]);
    expect(await store.settle('chat')).toHaveLength(1);
    await store.appendCompaction('chat', { summary: 'a summary about violins', firstKeptId: question!.id });
    await store.importConversation(await source.exportConversation('imported'));
    await store.importAll(await backedUp.exportAll());
    await store.mergeEntries('pulled', pulled.entries, { conversation: { title: '', createdAt: pulled.conversation.createdAt } });
    expect((await store.listConversations()).length).toBe(4);
    expect(await entriesReadByFlush(store)).toBe(4);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 4 + 6 + 6 + 6 });
    expect((await allHits(store, 'violins')).length).toBe(2);
    expect((await allHits(store, 'tomatoes')).length).toBe(3);
  });
});

describe('the search takes them too, for what is not indexed yet', { timeout: 60_000 }, () => {
  it('the first query after this tab\'s writes reads only its hits, and finds what a store that did not write them finds', async () => {
    const name = fixture.name();
    const store = await open(name);
    for (const id of ['a', 'b']) {
      await store.createConversation({ id });
      await store.append(id, turns(30, 'violins'));
    }
    reads = countEntryReads();
    const hits = await allHits(store, 'violins');
    expect(hits.length).toBe(6);
    expect(reads.take()).toBe(6);
    const cold = await open(name);
    expect(await allHits(cold, 'violins')).toEqual(hits);
    expect(reads.take()).toBe(60);
  });
});

describe('what the handed texts must never stand for', { timeout: 60_000 }, () => {
  /** Two stores on one database, as two tabs: `tab` writes and indexes, `other` writes in between. */
  async function twoTabs(internal: InternalStoreOptions = {}): Promise<{ name: string; tab: ConvologStore; other: ConvologStore }> {
    const name = fixture.name();
    return { name, tab: await open(name, internal), other: await open(name, {}, steppingClock(Date.UTC(2025, 6, 1))) };
  }

  const oldWords = (): Message[] => [user('old words about violins'), assistant('more old words about violins')];
  const newWords = (): Message[] => [user('new words about tomatoes'), assistant('more new words about tomatoes')];

  /** After `chat` was deleted and created again with {@link newWords}: only they are found, and the index is exactly the log's. */
  async function expectOnlyTheNewChat(tab: ConvologStore, name: string): Promise<void> {
    await tab.flushSearchIndex();
    expect(await allHits(tab, 'violins')).toEqual([]);
    expect((await allHits(tab, 'tomatoes')).length).toBe(2);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 2 });
  }

  it('another tab\'s entries after this tab\'s in the same chat: read back, each indexed once', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(4, 'violins', 2));
    await other.append('chat', [user('late words about violins')]);
    expect(await entriesReadByFlush(tab)).toBe(5 + 1);
    expect(await expectPackedIndexMatchesLog(name)).toEqual({ indexed: 5, postings: expect.any(Number) });
    expect((await allHits(tab, 'violins')).length).toBe(3);
  });

  it('the chat deleted and created again under its id by another tab, as many entries long: the old words are never indexed for the new ones', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', oldWords());
    await other.deleteConversation('chat');
    await other.createConversation({ id: 'chat' });
    await other.append('chat', newWords());
    await expectOnlyTheNewChat(tab, name);
  });

  it('the same with no notice of the delete (the other tab killed between its commit and its broadcast): the incarnation tells', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', oldWords());
    const raw = await openDB(name);
    await raw.delete('conversations', 'chat');
    await raw.delete('entries', IDBKeyRange.bound(['chat'], ['chat', []]));
    raw.close();
    await other.createConversation({ id: 'chat' });
    await other.append('chat', newWords());
    await expectOnlyTheNewChat(tab, name);
  });

  it('the same between the indexer\'s read (which took the handed texts) and its write: the batch is skipped and the next one reads afresh', async () => {
    const name = fixture.name();
    let between: (() => Promise<void>) | undefined;
    const tab = await open(name, { beforeIndexWrite: async () => { const body = between; between = undefined; await body?.(); } });
    const other = await open(name, {}, steppingClock(Date.UTC(2025, 6, 1)));
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', oldWords());
    between = async () => {
      await other.deleteConversation('chat');
      await other.createConversation({ id: 'chat' });
      await other.append('chat', newWords());
    };
    await tab.flushSearchIndex();
    await expectOnlyTheNewChat(tab, name);
  });

  it('a record written without an incarnation (an older build in another tab): read back', async () => {
    const { name, tab } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await tab.append('chat', turns(4, 'violins', 2));
    const raw = await openDB(name);
    const { incarnation: _dropped, ...older } = await raw.get('conversations', 'chat') as ConversationRecord;
    await raw.put('conversations', older);
    raw.close();
    expect(await entriesReadByFlush(tab)).toBe(4 + 1);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 4 });
  });

  it('a write that fails hands nothing over; an append after it takes its seqs and is indexed as written', async () => {
    const { name, tab, other } = await twoTabs();
    await tab.createConversation({ id: 'chat' });
    await expect(tab.append('chat', [user('never written about violins')], { expectedLastSeq: 5 })).rejects.toMatchObject({ code: 'conflict' });
    await other.append('chat', [user('written about tomatoes')]);
    await tab.flushSearchIndex();
    expect(await allHits(tab, 'violins')).toEqual([]);
    expect((await allHits(tab, 'tomatoes')).length).toBe(1);
    expect(await expectPackedIndexMatchesLog(name)).toMatchObject({ indexed: 1 });
  });
});

describe('HandedTexts', () => {
  const record = (id: string, incarnation: string | undefined, indexedSeq = 0, lastSeq = 3): ConversationRecord => ({
    id, title: '', createdAt: '', updatedAt: '', lastSeq, headId: null, headSeq: 0, keptFromSeq: 1, lastCompactionSeq: 0,
    windowStartSeq: 0, lines: [], indexedSeq, unindexed: 1, ...(incarnation === undefined ? {} : { incarnation }),
  });
  const entry = (seq: number, text = `text ${seq}`): Entry => ({
    type: 'message', id: `e${seq}`, conversationId: 'a', seq, timestamp: new Date(Date.UTC(2025, 0, 1, 0, seq)).toISOString(), parentId: null, message: user(text),
  });

  it('serves a range only whole and only to the incarnation it was kept for; a record without one is never kept', () => {
    const texts = new HandedTexts();
    texts.keepEntries(record('a', undefined), [entry(1)]);
    expect(texts.units).toBe(0);
    texts.keepEntries(record('a', 'one'), [entry(1), entry(2)]);
    expect(texts.take(record('a', 'one'), 1, 2)).toEqual([
      { id: 'e1', time: Date.UTC(2025, 0, 1, 0, 1), text: 'text 1' },
      { id: 'e2', time: Date.UTC(2025, 0, 1, 0, 2), text: 'text 2' },
    ]);
    expect(texts.take(record('a', 'one'), 1, 3)).toBeUndefined();
    expect(texts.take(record('a', 'two'), 1, 2)).toBeUndefined();
    expect(texts.take(record('a', undefined), 1, 2)).toBeUndefined();
    texts.keepEntries(record('a', 'two'), [entry(1)]);
    expect(texts.take(record('a', 'one'), 1, 1)).toBeUndefined();
    expect(texts.take(record('a', 'two'), 1, 1)).toHaveLength(1);
  });

  it('lets go of what a batch wrote, what a read says is indexed or of another incarnation, and, from a complete read, what is caught up or gone', () => {
    const texts = new HandedTexts();
    for (const id of ['a', 'b', 'c', 'd']) texts.keepEntries(record(id, 'one'), [entry(1), entry(2), entry(3)]);
    const perConversation = texts.units / 4;
    texts.release('a', 2);
    expect(texts.take(record('a', 'one'), 2, 3)).toBeUndefined();
    expect(texts.take(record('a', 'one'), 3, 3)).toHaveLength(1);
    texts.prune([record('b', 'one', 1), record('c', 'two')], false);
    expect(texts.take(record('b', 'one'), 2, 3)).toHaveLength(2);
    expect(texts.take(record('b', 'one'), 1, 1)).toBeUndefined();
    expect(texts.take(record('c', 'one'), 1, 1)).toBeUndefined();
    expect(texts.take(record('d', 'one'), 1, 3)).toHaveLength(3);
    expect(texts.units).toBe(perConversation / 3 + 2 * perConversation / 3 + perConversation);
    texts.prune([record('b', 'one', 1)], true);
    expect(texts.take(record('d', 'one'), 1, 1)).toBeUndefined();
    expect(texts.units).toBe(2 * perConversation / 3);
    texts.forget('b');
    expect(texts.units).toBe(0);
  });

  it('keeps nothing past its bound: the indexer reads the rest back', () => {
    const texts = new HandedTexts();
    texts.keepEntries(record('a', 'one'), [entry(1, 'x'.repeat(MAX_HANDED_UNITS - 200)), entry(2, 'x'.repeat(200)), entry(3, 'x')]);
    expect(texts.take(record('a', 'one'), 1, 1)).toHaveLength(1);
    expect(texts.take(record('a', 'one'), 2, 2)).toBeUndefined();
    expect(texts.take(record('a', 'one'), 3, 3)).toBeUndefined();
    expect(texts.units).toBeLessThanOrEqual(MAX_HANDED_UNITS);
  });

  /** Settles what a hand-over awaits: its transaction, and its code the first time (a module load). */
  const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

  it('are kept only once the write\'s transaction commits, never when it aborts', async () => {
    const indexer = new SearchIndexer(true);
    indexer.handOff({ done: Promise.reject(new Error('aborted')) }, record('a', 'one'), [entry(1)]);
    let commit!: () => void;
    indexer.handOff({ done: new Promise<void>((resolve) => { commit = resolve; }) }, record('b', 'one'), [entry(1)]);
    await settled();
    expect(indexer.handed?.units ?? 0).toBe(0);
    commit();
    await settled();
    expect(indexer.handed?.take(record('b', 'one'), 1, 1)).toHaveLength(1);
    expect(indexer.handed?.take(record('a', 'one'), 1, 1)).toBeUndefined();
    const off = new SearchIndexer(false);
    off.handOff({ done: Promise.resolve() }, record('a', 'one'), [entry(1)]);
    await settled();
    expect(off.handed).toBeUndefined();
  });

  it('are dropped for a conversation deleted in any tab, and all of them on a clear or when the store closes', async () => {
    const changes = new ChangeChannel(`handed-texts-${Math.random()}`);
    const indexer = new SearchIndexer(true);
    indexer.follow(changes);
    const keepBoth = async (): Promise<HandedTexts> => {
      indexer.handOff({ done: Promise.resolve() }, record('a', 'one'), [entry(1)]);
      indexer.handOff({ done: Promise.resolve() }, record('b', 'one'), [entry(1)]);
      await settled();
      return indexer.handed!;
    };
    const handed = await keepBoth();
    changes.publish({ type: 'conversation_deleted', conversationId: 'a' });
    expect(handed.take(record('a', 'one'), 1, 1)).toBeUndefined();
    expect(handed.take(record('b', 'one'), 1, 1)).toHaveLength(1);
    await keepBoth();
    changes.publish({ type: 'cleared' });
    expect(handed.units).toBe(0);
    await keepBoth();
    changes.closed('closed');
    expect(handed.units).toBe(0);
    changes.shutdown();
  });
});
