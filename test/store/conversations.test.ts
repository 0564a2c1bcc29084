import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import { compactConversation, type Conversation } from '../../src/store/index.js';
import { codeOf, rejectionOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

describe('createConversation / getConversation', () => {
  it('creates an empty conversation with a generated id, title and timestamps', async () => {
    const store = await stores.open({ generateId: sequentialIds('c'), now: steppingClock() });
    const conversation = await store.createConversation({ title: 'Trip', appData: { 'app.prompt': 'p1' } });
    expect(conversation).toEqual({
      id: 'c-1', title: 'Trip', createdAt: '2025-01-01T00:00:01.000Z', updatedAt: '2025-01-01T00:00:01.000Z',
      lastSeq: 0, headId: null, appData: { 'app.prompt': 'p1' },
    });
    expect(await store.getConversation('c-1')).toEqual(conversation);
  });

  it('uses a UUID v7 by default and the id given', async () => {
    const store = await stores.open();
    expect((await store.createConversation()).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await store.createConversation({ id: 'mine' })).id).toBe('mine');
    expect((await store.createConversation()).title).toBe('');
  });

  it('refuses an id in use with duplicate_id and leaves the existing one alone', async () => {
    const store = await stores.open();
    await store.createConversation({ id: 'same', title: 'first' });
    expect(await codeOf(store.createConversation({ id: 'same', title: 'second' }))).toBe('duplicate_id');
    expect((await store.getConversation('same'))?.title).toBe('first');
  });

  it('refuses a given id that is not a non-empty string, as an import does', async () => {
    const store = await stores.open();
    for (const id of ['', 42 as unknown as string]) {
      const error = await rejectionOf(store.createConversation({ id })) as ConvologError;
      expect(error).toMatchObject({ code: 'invalid_message', path: ['id'] });
    }
    expect(await store.listConversations()).toEqual([]);
  });

  it('refuses appData that is not an object map', async () => {
    const store = await stores.open();
    expect(await codeOf(store.createConversation({ appData: 'x' as unknown as Record<string, unknown> }))).toBe('invalid_app_data');
  });

  it('getConversation gives undefined for an unknown id', async () => {
    const store = await stores.open();
    expect(await store.getConversation('nope')).toBeUndefined();
  });
});

describe('listConversations', () => {
  it('lists most recently updated first, appends counting as activity', async () => {
    const store = await stores.open({ now: steppingClock() });
    const a = await store.createConversation({ title: 'a' });
    await store.createConversation({ title: 'b' });
    await store.createConversation({ title: 'c' });
    expect((await store.listConversations()).map((conversation) => conversation.title)).toEqual(['c', 'b', 'a']);
    await store.append(a.id, [user('bump')]);
    expect((await store.listConversations()).map((conversation) => conversation.title)).toEqual(['a', 'c', 'b']);
  });

  it('pages with limit and startAfter without skipping or repeating ties', async () => {
    const fixed = () => new Date(Date.UTC(2025, 0, 1));
    const store = await stores.open({ now: fixed });
    for (let index = 0; index < 7; index++) await store.createConversation({ id: `k${index}` });
    const seen: Conversation[] = [];
    let page = await store.listConversations({ limit: 3 });
    while (page.length > 0) {
      seen.push(...page);
      page = await store.listConversations({ limit: 3, startAfter: page[page.length - 1]! });
    }
    // All share updatedAt: ties order by id, descending.
    expect(seen.map((conversation) => conversation.id)).toEqual(['k6', 'k5', 'k4', 'k3', 'k2', 'k1', 'k0']);
  });

  it('gives [] for an empty store and for limit 0', async () => {
    const store = await stores.open();
    expect(await store.listConversations()).toEqual([]);
    await store.createConversation();
    expect(await store.listConversations({ limit: 0 })).toEqual([]);
  });
});

describe('updateConversation', () => {
  it('renames and replaces appData without moving updatedAt', async () => {
    const store = await stores.open({ now: steppingClock() });
    const created = await store.createConversation({ title: 'old', appData: { a: 1 } });
    const updated = await store.updateConversation(created.id, { title: 'new', appData: { b: 2 } });
    expect(updated).toEqual({ ...created, title: 'new', appData: { b: 2 } });
    expect(await store.getConversation(created.id)).toEqual(updated);
  });

  it('keeps what is not given', async () => {
    const store = await stores.open();
    const created = await store.createConversation({ title: 't', appData: { a: 1 } });
    expect(await store.updateConversation(created.id, { title: 'u' })).toMatchObject({ title: 'u', appData: { a: 1 } });
  });

  it('throws not_found for an unknown id', async () => {
    const store = await stores.open();
    const error = await rejectionOf(store.updateConversation('nope', { title: 'x' })) as ConvologError;
    expect(isConvologError(error, 'not_found')).toBe(true);
    expect(error.message).toContain('nope');
  });
});

describe('deleteConversation', () => {
  it('removes the conversation and its whole log; false when already gone', async () => {
    const store = await stores.open();
    const keep = await store.createConversation();
    const gone = await store.createConversation();
    await store.append(keep.id, [user('stay')]);
    await store.append(gone.id, [user('go')]);
    expect(await store.deleteConversation(gone.id)).toBe(true);
    expect(await store.deleteConversation(gone.id)).toBe(false);
    expect(await store.getConversation(gone.id)).toBeUndefined();
    expect(await codeOf(store.entries(gone.id))).toBe('not_found');
    expect(await store.entries(keep.id)).toHaveLength(1);
  });

  it('frees the id: a new conversation with it starts empty', async () => {
    const store = await stores.open();
    await store.createConversation({ id: 'again' });
    await store.append('again', [user('old')]);
    await store.deleteConversation('again');
    await store.createConversation({ id: 'again' });
    expect(await store.entries('again')).toEqual([]);
  });
});

describe('clear', () => {
  it('removes every conversation', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [user('secret')]);
    await store.clear();
    expect(await store.listConversations()).toEqual([]);
    expect(await store.getConversation(id)).toBeUndefined();
  });
});

describe('unknown conversation ids', () => {
  it('throw not_found from every method that takes one (except get and delete)', async () => {
    const store = await stores.open();
    const calls: Promise<unknown>[] = [
      store.append('nope', [user('x')]),
      store.settle('nope'),
      store.appendCompaction('nope', { summary: 's', firstKeptId: 'e' }),
      store.entries('nope'),
      store.context('nope'),
      store.contextEntries('nope'),
      store.updateConversation('nope', {}),
    ];
    // Every rejection is handled as soon as the call is made: the calls settle in any order
    // (writes and reads take different paths), and one awaited alone leaves the others unhandled.
    expect(await Promise.all(calls.map(codeOf))).toEqual(calls.map(() => 'not_found'));
  });

  it('treat an id that is not a string as unknown (not as a storage failure)', async () => {
    const store = await stores.open();
    const id = undefined as unknown as string;
    const calls = [store.append(id, [user('x')]), store.entries(id), store.context(id), store.exportConversation(id)];
    expect(await Promise.all(calls.map(codeOf))).toEqual(calls.map(() => 'not_found'));
    expect(await codeOf(compactConversation(store, id, { tailTokens: 1, summarize: async () => 's' }))).toBe('not_found');
    expect(await store.getConversation(id)).toBeUndefined();
    expect(await store.deleteConversation(id)).toBe(false);
  });
});
