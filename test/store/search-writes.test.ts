// The search index is written with every write that adds entries, removed with its conversation,
// never written by a refused or failed write, and kept across reopening (DESIGN §11).
// Runs in Node (fake-indexeddb) and in real Chromium.
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { faultyFactory, type FaultMode } from './faulty-factory.js';
import { expectIndexMatchesLog } from './search-index-check.js';
import { allHits } from './search-support.js';
import { codeOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function snippets(store: Awaited<ReturnType<typeof stores.open>>, query: string, conversationId?: string): Promise<string[]> {
  return (await allHits(store, query, conversationId === undefined ? {} : { conversationId })).map((hit) => hit.snippet);
}

describe('every write that adds entries indexes them in its transaction', () => {
  it('append, settle and appendCompaction', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    const [asked] = await store.append(id, [user('appended question'), assistant([toolCall('c1', 'lookup')])]);
    await store.settle(id, { reason: 'settledreason interrupted' });
    await store.appendCompaction(id, { summary: 'compacted summary text', firstKeptId: asked!.id });
    expect(await snippets(store, 'appended')).toEqual(['appended question']);
    expect((await allHits(store, 'settledreason')).map((hit) => hit.role)).toEqual(['tool']);
    expect((await allHits(store, 'compacted')).map((hit) => hit.role)).toEqual(['summary']);
    await expectIndexMatchesLog(name);
  });

  it('import (also with reassigned ids) and its JSON Lines form', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation({ title: 'source' });
    await store.append(id, [user('imported words here'), assistant('and an imported answer')]);
    const exported = await store.exportConversation(id);
    const copy = await store.importConversation(exported);
    const fromLines = await store.importConversation(await store.exportConversationJsonl(id));
    const hits = await allHits(store, 'imported answer');
    expect(hits.map((hit) => hit.conversationId).sort()).toEqual([id, copy.conversation.id, fromLines.conversation.id].sort());
    await expectIndexMatchesLog(name);
  });

  it('mergeEntries (sync), into a new and into an existing conversation', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds('local'), now: steppingClock() });
    const remote = await stores.open({ generateId: sequentialIds('remote'), now: steppingClock(Date.UTC(2025, 5, 1)) });
    const { id } = await remote.createConversation({ title: 'synced' });
    await remote.append(id, [user('synced from elsewhere')]);
    const first = await remote.entries(id, { allBranches: true });
    await store.mergeEntries(id, first, { conversation: { title: 'synced', createdAt: '2025-06-01T00:00:00.000Z' } });
    await remote.append(id, [assistant('a synced reply')]);
    await store.mergeEntries(id, await remote.entries(id, { allBranches: true }));
    expect(await snippets(store, 'synced')).toEqual(['a synced reply', 'synced from elsewhere']);
    await expectIndexMatchesLog(name);
  });

  it('finds entries on every branch, not only the head\'s', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    const [question] = await store.append(id, [user('question about rivers'), assistant('first version about rivers')]);
    await store.append(id, [assistant('second version about rivers')], { parentId: question!.id });
    await store.append(id, [user('an edited question about rivers')], { parentId: null });
    expect(await snippets(store, 'rivers')).toEqual([
      'an edited question about rivers', 'second version about rivers', 'first version about rivers', 'question about rivers',
    ]);
    expect(await snippets(store, 'version', id)).toEqual(['second version about rivers', 'first version about rivers']);
  });
});

describe('what leaves the index', () => {
  it('deleteConversation removes its hits, and only its', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const kept = await store.createConversation();
    const gone = await store.createConversation();
    await store.append(kept.id, [user('shared word kept')]);
    await store.append(gone.id, [user('shared word gone'), assistant('only here')]);
    await store.deleteConversation(gone.id);
    expect(await snippets(store, 'shared')).toEqual(['shared word kept']);
    expect(await snippets(store, 'only')).toEqual([]);
    expect(await expectIndexMatchesLog(name)).toMatchObject({ entries: 1 });
  });

  it('clear removes every hit, and the store indexes again afterwards', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    await store.append(id, [user('cleared words')]);
    await store.clear();
    expect(await snippets(store, 'cleared')).toEqual([]);
    expect(await expectIndexMatchesLog(name)).toEqual({ entries: 0, postings: 0 });
    const again = await store.createConversation();
    await store.append(again.id, [user('cleared words again')]);
    expect(await snippets(store, 'cleared')).toEqual(['cleared words again']);
  });

  it('keeps the index across closing and reopening', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    await store.append(id, [user('remembered after reopening')]);
    store.close();
    const reopened = await stores.open({ name });
    expect(await snippets(reopened, 'remembered')).toEqual(['remembered after reopening']);
  });
});

describe('a refused or failed write leaves nothing in the index', () => {
  it('an append refused for pairing, conflict or a bad message', async () => {
    const name = stores.name();
    const store = await stores.open({ name, generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    await store.append(id, [user('first'), assistant([toolCall('c1', 'f')])]);
    expect(await codeOf(store.append(id, [user('refusedpairing words')]))).toBe('pairing');
    expect(await codeOf(store.append(id, [toolResult('c1', 'f', 'refusedconflict')], { expectedLastSeq: 1 }))).toBe('conflict');
    expect(await codeOf(store.append(id, [user('refusedinvalid'), { role: 'robot' } as never]))).toBe('invalid_message');
    for (const word of ['refusedpairing', 'refusedconflict', 'refusedinvalid']) expect(await snippets(store, word), word).toEqual([]);
    await expectIndexMatchesLog(name);
  });

  for (const mode of ['throw', 'abort_at_commit'] as FaultMode[]) {
    it(`a write that fails part-way (${mode === 'throw' ? 'a put throws' : 'the transaction aborts at commit'}): index and log stay as before`, async () => {
      const faults = faultyFactory();
      const name = stores.name();
      const store = await stores.open({ name, indexedDB: faults.factory, IDBKeyRange, generateId: sequentialIds(), now: steppingClock() });
      const { id } = await store.createConversation();
      await store.append(id, [user('before the crash')]);
      for (const nth of [1, 2, 3]) {
        faults.failWrite(nth, mode);
        expect(await codeOf(store.append(id, [user('crashed one'), assistant('crashed two'), user('crashed three')]))).toBe('quota_exceeded');
        expect(await snippets(store, 'crashed')).toEqual([]);
      }
      const exported = await store.exportConversation(id);
      faults.failWrite(2, mode);
      expect(await codeOf(store.importConversation(exported))).toBe('quota_exceeded');
      expect(await allHits(store, 'before')).toHaveLength(1);
      await expectIndexMatchesLog(name);
      await store.append(id, [user('after the crash')]);
      expect(await snippets(store, 'crash')).toEqual(['after the crash', 'before the crash']);
    });
  }
});

describe('the benchmark\'s switch', () => {
  it('writes no search keys with indexing off (internal), so search finds nothing written that way', async () => {
    const name = stores.name();
    const store = await openStoreWith({ name }, { searchIndex: false });
    try {
      const { id } = await store.createConversation();
      await store.append(id, [user('unindexed words')]);
      expect(await store.entries(id)).toHaveLength(1);
      expect(await store.search('unindexed')).toEqual({ hits: [] });
    } finally {
      store.close();
    }
  });
});
