// store.search (DESIGN §11.2): hits that share time and seq across conversations (one export
// imported many times; imported chats without times, which all fall back to one instant) page by
// cursor without repeats or gaps, and an IndexedDB DataError is never reported as storage being
// unavailable. Runs in Node (fake-indexeddb) and in real Chromium.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import { toConvologError } from '../../src/store/database/to-convolog-error.js';
import type { ConvologStore, SearchHit, SearchOptions } from '../../src/store/index.js';
import { encodeCursor, positionOf } from '../../src/store/search/search-position.js';
import { newestFirst } from './search-support.js';
import { codeOf, rejectionOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();
const INSTANT = new Date(Date.UTC(2024, 5, 1));

/** A hit's identity: entry ids repeat across the copies of one import, so with its conversation. */
const keyOf = (hit: Pick<SearchHit, 'conversationId' | 'entryId'>): string => `${hit.conversationId}/${hit.entryId}`;

/** Every hit, page by page; the error of the page that threw is returned, not thrown, so a test shows its code. */
async function pageThrough(store: ConvologStore, query: string, options: SearchOptions): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const result = await store.search(query, { ...options, ...(cursor === undefined ? {} : { cursor }) }).catch((error: unknown) => {
      throw new Error(`page ${page} of "${query}" (limit ${options.limit}) threw ${isConvologError(error) ? error.code : String(error)}`, { cause: error });
    });
    keys.push(...result.hits.map(keyOf));
    if (result.nextCursor === undefined) return keys;
    cursor = result.nextCursor;
  }
  throw new Error(`"${query}" did not end`);
}

/** Every entry of every conversation with `word` in its text, in hit order. */
async function expectedHits(store: ConvologStore, word: string): Promise<string[]> {
  const matching: Entry[] = [];
  for (const conversation of await store.listConversations({ limit: 1_000 })) {
    for (const entry of await store.entries(conversation.id, { allBranches: true })) {
      if (entry.type === 'message' && JSON.stringify(entry.message.content).includes(word)) matching.push(entry);
    }
  }
  return matching.sort(newestFirst).map((entry) => keyOf({ conversationId: entry.conversationId, entryId: entry.id }));
}

/** Pages `query` at each limit and holds every walk equal to the unpaged search and to `expected`. */
async function expectPagesAlike(store: ConvologStore, query: string, expected: string[], options: SearchOptions = {}, limits = [1, 2, 3, 5, 8]): Promise<void> {
  const unpaged = (await store.search(query, { ...options, limit: 10_000 })).hits.map(keyOf);
  expect(unpaged, `${query} unpaged`).toEqual(expected);
  for (const limit of limits) {
    const paged = await pageThrough(store, query, { ...options, limit });
    expect(new Set(paged).size, `${query} limit ${limit}: repeats`).toBe(paged.length);
    expect(paged, `${query} limit ${limit}`).toEqual(expected);
  }
}

describe('hits that share time and seq across conversations', { timeout: 30_000 }, () => {
  it('pages one export imported six times without repeats or gaps, at every page size', async () => {
    const source = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await source.createConversation({ title: 'twice' });
    await source.append(id, [user('tie one'), assistant('tie two')]);
    await source.append(id, [user('tie three'), assistant('no match'), user('tie four')]);
    const exported = await source.exportConversation(id);
    const store = await stores.open();
    for (let copy = 0; copy < 6; copy++) await store.importConversation(exported);
    const expected = await expectedHits(store, 'tie');
    expect(expected).toHaveLength(24);
    await expectPagesAlike(store, 'tie', expected);
  });

  it('pages conversations whose entries all share one instant, for one word, two words, a short prefix and in scope', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: () => INSTANT });
    const ids: string[] = [];
    for (let conversation = 0; conversation < 9; conversation++) {
      const { id } = await store.createConversation();
      ids.push(id);
      await store.append(id, Array.from({ length: 4 }, (_, seq) => (seq % 2 === 0 ? user(`same moment ${seq} alpha`) : assistant(`same moment ${seq}`))));
    }
    const all = await expectedHits(store, 'same');
    expect(all).toHaveLength(36);
    await expectPagesAlike(store, 'same', all);
    await expectPagesAlike(store, 'moment alpha', await expectedHits(store, 'alpha'));
    // One letter: a prefix word, its terms merged.
    await expectPagesAlike(store, 's', all);
    await expectPagesAlike(store, 'same', all.filter((key) => key.startsWith(`${ids[4]}/`)), { conversationId: ids[4] });
  });

  it('pages ties through windows filtered by another word\'s keys, and scoped to a conversation larger than the postings', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: () => INSTANT });
    const ids: string[] = [];
    for (let conversation = 0; conversation < 6; conversation++) {
      const { id } = await store.createConversation();
      ids.push(id);
      await store.append(id, Array.from({ length: 24 }, (_, seq) => user(`common ${seq % 2 === 1 ? 'odd' : 'even'}${seq % 8 === 0 ? ' rare' : ''}`)));
    }
    // Both words have 64 postings or more: the walked one's windows are filtered by the other's keys.
    await expectPagesAlike(store, 'common odd', await expectedHits(store, 'odd'), {}, [1, 4, 7]);
    // 18 postings of "rare" against 24 entries: the scoped search walks the postings, not the conversation.
    const rare = await expectedHits(store, 'rare');
    await expectPagesAlike(store, 'rare', rare.filter((key) => key.startsWith(`${ids[2]}/`)), { conversationId: ids[2] }, [1, 2]);
  }, 30_000);

  it('pages on without repeats or gaps while another tab imports another copy between pages', async () => {
    const source = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await source.createConversation();
    await source.append(id, [user('tab one'), user('tab two'), user('tab three')]);
    const exported = await source.exportConversation(id);
    const name = stores.name();
    const store = await stores.open({ name });
    const otherTab = await stores.open({ name });
    for (let copy = 0; copy < 4; copy++) await store.importConversation(exported);
    const before = new Set(await expectedHits(store, 'tab'));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      const result = await store.search('tab', { limit: 3, ...(cursor === undefined ? {} : { cursor }) });
      seen.push(...result.hits.map(keyOf));
      if (result.nextCursor === undefined) break;
      cursor = result.nextCursor;
      if (page === 1) await otherTab.importConversation(exported);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((key) => before.has(key))).toEqual([...before]);
    // What the other tab added shows only after the cursor, in order: the position decides, not the time of the write.
    const after = await expectedHits(store, 'tab');
    expect(seen).toEqual(after.filter((key) => seen.includes(key)));
    expect(seen.length).toBeGreaterThan(before.size);
  });

  it('reads a cursor as a position in the tie order: the next page holds exactly the hits after it', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: () => INSTANT });
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const { id } = await store.createConversation({ id: `chat-${name}` });
      await store.append(id, [user('tied hit')]);
    }
    const hits = (await store.search('tied')).hits;
    expect(hits.map((hit) => hit.conversationId)).toEqual(['chat-e', 'chat-d', 'chat-c', 'chat-b', 'chat-a']);
    // A cursor between two conversation ids (no hit has it) pages from there, as a cursor of 0.2 did.
    const between = encodeCursor({ ...positionOf(hits[1]!), conversationId: 'chat-cz' });
    expect((await store.search('tied', { cursor: between, limit: 2 })).hits.map((hit) => hit.conversationId)).toEqual(['chat-c', 'chat-b']);
    const last = encodeCursor(positionOf(hits[4]!));
    expect(await store.search('tied', { cursor: last })).toEqual({ hits: [] });
  });
});

describe('errors of a cursor and of IndexedDB key ranges', () => {
  it('refuses a hand-edited cursor with invalid_cursor, saying how to get a valid one', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: () => INSTANT });
    const { id } = await store.createConversation();
    await store.append(id, [user('edited cursor'), user('edited again')]);
    const { nextCursor } = await store.search('edited', { limit: 1 });
    const [version, time] = nextCursor!.split('.');
    for (const cursor of [`${version}.${time}`, `${version}.${time}.1`, `${version}.${time}.1e3.${id}`, `${version}.99999999999999999.1.${id}`,
      `${version}.${time}.-1.${id}`, `${version}.${time}.1.%E0%A4%A`, `${nextCursor} `.replace(/^s1/, 'S1')]) {
      const error = await rejectionOf(store.search('edited', { cursor })) as ConvologError;
      expect(isConvologError(error, 'invalid_cursor'), `${cursor}: ${String(error)}`).toBe(true);
      expect(error.message).toMatch(/is not a search cursor.*nextCursor/s);
    }
  });

  it('reports a DataError (a key or key range IndexedDB refuses) as a bug in convolog, never storage_unavailable', () => {
    const error = toConvologError(new DOMException('The parameter is not a valid key range.', 'DataError'), 'The search');
    expect(error.code).toBe('internal_error');
    expect(error.message).toMatch(/^The search failed: .*\(DataError: The parameter is not a valid key range\.\)/);
    expect(error.message).toMatch(/bug in convolog, not in storage: please report it/);
    expect(error.message).not.toMatch(/Storage may be disabled/);
    expect(error.details).toEqual({ name: 'DataError' });
    expect(error.cause).toBeInstanceOf(DOMException);
  });

  it('still reports a refusal it cannot explain as storage_unavailable', async () => {
    const error = toConvologError(new DOMException('Internal error opening backing store.', 'UnknownError'), 'Opening the database');
    expect(error.code).toBe('storage_unavailable');
    expect(await codeOf(Promise.reject(error))).toBe('storage_unavailable');
  });
});
