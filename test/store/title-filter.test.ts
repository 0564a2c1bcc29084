import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { ConvologStore, StoreChange } from '../../src/store/index.js';
import { memoryJournalBackend } from '../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function titlesOf(store: ConvologStore, titleQuery: string): Promise<string[]> {
  return (await store.listConversations({ titleQuery })).map((conversation) => conversation.title);
}

/** Resolves when `store` hears a change from another instance that `accept` takes. */
function heardFromOtherTab(store: ConvologStore, accept: (change: StoreChange) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = store.subscribe((change) => {
      if (!('origin' in change) || change.origin !== 'other_tab' || !accept(change)) return;
      stop();
      resolve();
    });
  });
}

describe('listConversations({ titleQuery })', () => {
  it('matches titles by search rules: word starts, case, accents, width, Han and kana substrings', async () => {
    const store = await stores.open({ now: steppingClock() });
    for (const title of ['Weather in Oslo', 'Café near the station', '今天的天气很好', 'Feather pillows', 'ＯＳＬＯ trip', 'カタカナ memo', '']) {
      await store.createConversation({ title });
    }
    expect(await titlesOf(store, 'wea')).toEqual(['Weather in Oslo']);
    expect(await titlesOf(store, 'ather')).toEqual([]);
    expect(await titlesOf(store, 'cafe')).toEqual(['Café near the station']);
    expect(await titlesOf(store, 'CAFÉ STAT')).toEqual(['Café near the station']);
    expect(await titlesOf(store, 'oslo')).toEqual(['ＯＳＬＯ trip', 'Weather in Oslo']);
    expect(await titlesOf(store, 'ｏｓｌｏ weather')).toEqual(['Weather in Oslo']);
    expect(await titlesOf(store, '天气')).toEqual(['今天的天气很好']);
    expect(await titlesOf(store, '気')).toEqual([]);
    expect(await titlesOf(store, 'タカ')).toEqual(['カタカナ memo']);
    expect(await titlesOf(store, 'oslo pillows')).toEqual([]);
  });

  it('a blank query, or one without a word, is no filter; a query that is not a string is a TypeError', async () => {
    const store = await stores.open({ now: steppingClock() });
    await store.createConversation({ title: 'a' });
    await store.createConversation({ title: 'b' });
    expect(await titlesOf(store, '  ')).toEqual(['b', 'a']);
    expect(await titlesOf(store, '?!')).toEqual(['b', 'a']);
    await expect(store.listConversations({ titleQuery: 42 as unknown as string })).rejects.toBeInstanceOf(TypeError);
    // `limit: 0` reads the titles ahead and answers nothing; a chat created after it is found.
    expect(await store.listConversations({ titleQuery: 'c', limit: 0 })).toEqual([]);
    await store.createConversation({ title: 'c' });
    expect(await titlesOf(store, 'c')).toEqual(['c']);
  });

  it('pages in the list order with limit and startAfter, without repeats, and follows activity', async () => {
    const store = await stores.open({ now: steppingClock(), generateId: sequentialIds('c') });
    for (let index = 1; index <= 25; index++) await store.createConversation({ title: index % 2 === 0 ? `Plan ${index}` : `Other ${index}` });
    await store.listConversations({ titleQuery: 'plan', limit: 1 }); // the filter has read the titles
    await store.append('c-2', [user('moves Plan 2 to the top')]);
    const seen: string[] = [];
    let page = await store.listConversations({ titleQuery: 'plan', limit: 5 });
    while (page.length > 0) {
      seen.push(...page.map((conversation) => conversation.title));
      page = await store.listConversations({ titleQuery: 'plan', limit: 5, startAfter: page.at(-1)! });
    }
    const all = (await store.listConversations()).map((conversation) => conversation.title).filter((title) => title.startsWith('Plan'));
    expect(seen).toEqual(all);
    expect(seen).toHaveLength(12);
    expect(seen[0]).toBe('Plan 2');
  });

  it('never returns a chat another tab renamed away or deleted between pages, and finds one renamed to match once heard', async () => {
    const name = stores.name();
    const first = await stores.open({ name, now: steppingClock(), generateId: sequentialIds('c') });
    const second = await stores.open({ name });
    for (let index = 1; index <= 9; index++) await first.createConversation({ title: `Trip ${index}` });
    await first.createConversation({ id: 'other', title: 'Groceries' });
    const page = await first.listConversations({ titleQuery: 'trip', limit: 3 });
    expect(page.map((conversation) => conversation.title)).toEqual(['Trip 9', 'Trip 8', 'Trip 7']);
    // Another tab renames one chat of the next page away and deletes another; the next page is
    // read before this tab hears of either, and still shows neither.
    await second.updateConversation('c-6', { title: 'Renamed' });
    await second.deleteConversation('c-5');
    const next = await first.listConversations({ titleQuery: 'trip', limit: 3, startAfter: page.at(-1)! });
    expect(next.map((conversation) => conversation.title)).toEqual(['Trip 4', 'Trip 3', 'Trip 2']);
    const heard = heardFromOtherTab(first, (change) => change.type === 'conversation_updated' && change.conversationId === 'other');
    await second.updateConversation('other', { title: 'Trip groceries' });
    await heard;
    expect(await titlesOf(first, 'trip')).toEqual(['Trip groceries', 'Trip 9', 'Trip 8', 'Trip 7', 'Trip 4', 'Trip 3', 'Trip 2', 'Trip 1']);
  });

  it('forgets every title on clear and finds chats created after it, also ones written before its first read', async () => {
    const store = await stores.open({ now: steppingClock() });
    await store.createConversation({ title: 'Budget 2025' });
    expect(await titlesOf(store, 'budget')).toEqual(['Budget 2025']);
    await store.clear();
    expect(await titlesOf(store, 'budget')).toEqual([]);
    await store.createConversation({ title: 'Budget 2026' });
    expect(await titlesOf(store, 'budget')).toEqual(['Budget 2026']);
  });

  it('finds the chats a journal restored when the browser had thrown the database away (the reset is replayed to the filter)', async () => {
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const first = await openStoreWith({ name }, { journalBackend: backend });
    await first.createConversation({ title: 'Restored trip' });
    first.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    const second = await openStoreWith({ name }, { journalBackend: backend });
    try {
      expect(second.openReport.reset).toBe(true);
      expect(await titlesOf(second, 'trip')).toEqual(['Restored trip']);
    } finally {
      second.close();
    }
  });
});
