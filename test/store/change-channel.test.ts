import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { StoreChange } from '../../src/store/index.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** Resolves once `count` changes arrived. */
function collect(subscribe: (listener: (change: StoreChange) => void) => unknown, count: number): Promise<StoreChange[]> {
  const changes: StoreChange[] = [];
  return new Promise((resolve) => {
    subscribe((change) => {
      changes.push(change);
      if (changes.length === count) resolve(changes);
    });
  });
}

describe('subscribe', () => {
  it('delivers this instance\'s changes, after commit, carrying what a UI needs', async () => {
    const store = await stores.open();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    const conversation = await store.createConversation({ title: 't' });
    expect(changes).toEqual([{ type: 'conversation_created', conversationId: conversation.id, conversation, origin: 'this_tab' }]);
    const entries = await store.append(conversation.id, [user('hi')]);
    const appended = changes[1];
    expect(appended).toMatchObject({ type: 'entries_appended', conversationId: conversation.id, entries, origin: 'this_tab' });
    expect(appended?.type === 'entries_appended' && appended.conversation.lastSeq).toBe(1);
    await store.updateConversation(conversation.id, { title: 'u' });
    await store.deleteConversation(conversation.id);
    await store.clear();
    expect(changes.slice(2).map((change) => change.type)).toEqual(['conversation_updated', 'conversation_deleted', 'cleared']);
  });

  it('tells other instances in order, and even of a write made just before close', async () => {
    const name = stores.name();
    const writer = await stores.open({ name });
    const reader = await stores.open({ name });
    const { id } = await writer.createConversation();
    const heard = collect((listener) => reader.subscribe((change) => {
      if (change.type === 'entries_appended') listener(change);
    }, { conversationId: id }), 3);
    await writer.append(id, [user('one')]);
    await writer.append(id, [user('two')]);
    await writer.append(id, [user('three')]);
    writer.close();
    const changes = await heard;
    expect(changes.map((change) => change.type === 'entries_appended' && change.entries[0]?.seq)).toEqual([1, 2, 3]);
    expect(changes.every((change) => 'origin' in change && change.origin === 'other_tab')).toBe(true);
  });

  it('delivers nothing for refused writes', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    await store.append(id, [user('a')], { expectedLastSeq: 5 }).catch(() => undefined);
    expect(changes).toEqual([]);
  });

  it('filters by conversationId, and unsubscribes by the returned function or the signal', async () => {
    const store = await stores.open();
    const a = await store.createConversation();
    const b = await store.createConversation();
    const onlyA: StoreChange[] = [];
    const all: StoreChange[] = [];
    const controller = new AbortController();
    store.subscribe((change) => onlyA.push(change), { conversationId: a.id });
    const unsubscribe = store.subscribe((change) => all.push(change));
    const aborted: StoreChange[] = [];
    store.subscribe((change) => aborted.push(change), { signal: controller.signal });
    controller.abort();
    await store.append(a.id, [user('a')]);
    await store.append(b.id, [user('b')]);
    unsubscribe();
    await store.append(b.id, [user('b2')]);
    expect(onlyA.map((change) => change.type === 'entries_appended' && change.conversationId)).toEqual([a.id]);
    expect(all).toHaveLength(2);
    expect(aborted).toEqual([]);
  });

  it('a throwing listener does not keep the change from the others nor fail the write', async () => {
    const store = await stores.open();
    const reported: unknown[] = [];
    const original = globalThis.reportError;
    globalThis.reportError = (error: unknown) => reported.push(error);
    try {
      const received: StoreChange[] = [];
      const unsubscribe = store.subscribe(() => {
        unsubscribe();
        throw new Error('listener bug');
      });
      store.subscribe((change) => received.push(change));
      await store.createConversation();
      expect(received).toHaveLength(1);
      expect(reported).toHaveLength(1);
    } finally {
      globalThis.reportError = original;
    }
  });

  it('delivers changes between two instances on the same database as other_tab', async () => {
    const name = stores.name();
    const writer = await stores.open({ name });
    const reader = await stores.open({ name });
    const arrived = collect((listener) => reader.subscribe(listener), 2);
    const conversation = await writer.createConversation();
    const entries = await writer.append(conversation.id, [user('hello from the other tab')]);
    const [created, appended] = await arrived;
    expect(created).toEqual({ type: 'conversation_created', conversationId: conversation.id, conversation, origin: 'other_tab' });
    expect(appended).toMatchObject({ type: 'entries_appended', entries, origin: 'other_tab' });
    // The entries are readable when the change arrives.
    expect(await reader.entries(conversation.id)).toEqual(entries);
  });

  it('close() emits closed and later calls throw closed', async () => {
    const store = await stores.open();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    store.close();
    expect(changes).toEqual([{ type: 'closed', reason: 'closed' }]);
    await expect(store.listConversations()).rejects.toMatchObject({ code: 'closed', details: { reason: 'closed' } });
  });
});
