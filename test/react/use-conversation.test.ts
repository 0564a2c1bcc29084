// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEntry } from '../../src/core/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { useConversation } from '../../src/react/index.js';
import { countSubscriptions, withStore } from './react-fixture.js';

const fixture = storeFixture();
afterEach(cleanup);

function texts(entries: readonly unknown[]): string[] {
  return (entries as MessageEntry[]).map((entry) => String(entry.message.content));
}

describe('useConversation', () => {
  it('loads the newest page of entries, then older ones with loadOlder', async () => {
    const store = await fixture.open();
    const { id } = await store.createConversation({ title: 't' });
    await store.append(id, Array.from({ length: 5 }, (_, index) => ({ role: 'user' as const, content: `m${index + 1}` })));
    const { result } = renderHook(() => useConversation(id, { pageSize: 2 }), { wrapper: withStore(store) });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.conversation?.title).toBe('t');
    expect(texts(result.current.entries)).toEqual(['m4', 'm5']);
    expect(result.current.hasOlder).toBe(true);
    act(() => result.current.loadOlder());
    await waitFor(() => expect(texts(result.current.entries)).toEqual(['m2', 'm3', 'm4', 'm5']));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.hasOlder).toBe(false));
    expect(texts(result.current.entries)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(result.current.forks).toEqual([]);
  });

  it('follows appends and deletion from another store instance', async () => {
    const store = await fixture.open();
    const other = await fixture.open({ name: store.name });
    const { id } = await store.createConversation();
    const { result } = renderHook(() => useConversation(id), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await other.append(id, [{ role: 'user', content: 'hello from the other tab' }]);
    await waitFor(() => expect(texts(result.current.entries)).toEqual(['hello from the other tab']));
    await other.deleteConversation(id);
    await waitFor(() => expect(result.current.conversation).toBeUndefined());
    expect(result.current.entries).toEqual([]);
  });

  it('shows the branch of the head and its forks, and follows a branch switch made in another tab', async () => {
    const store = await fixture.open();
    const other = await fixture.open({ name: store.name });
    const { id } = await store.createConversation();
    const [question, first] = await store.append(id, [{ role: 'user', content: 'q' }, { role: 'assistant', content: [{ type: 'text', text: 'a1' }] }]);
    const [second] = await store.append(id, [{ role: 'assistant', content: [{ type: 'text', text: 'a2' }] }], { parentId: question!.id });
    const { result } = renderHook(() => useConversation(id), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.entries.map((entry) => entry.id)).toEqual([question!.id, second!.id]);
    expect(result.current.forks).toEqual([{ parentId: question!.id, childIds: [first!.id, second!.id] }]);
    await other.checkout(id, first!.id);
    await waitFor(() => expect(result.current.entries.map((entry) => entry.id)).toEqual([question!.id, first!.id]));
    expect(result.current.conversation?.headId).toBe(first!.id);
  });

  it('is ready and empty without an id, and subscribes to nothing', async () => {
    const store = await fixture.open();
    const subscriptions = countSubscriptions(store);
    const { result } = renderHook(() => useConversation(undefined), { wrapper: withStore(store) });
    expect(result.current).toMatchObject({ status: 'ready', entries: [], forks: [], hasOlder: false });
    expect(subscriptions.active).toBe(0);
  });

  it('switching ids moves the subscription', async () => {
    const store = await fixture.open();
    const subscriptions = countSubscriptions(store);
    const first = await store.createConversation({ title: 'one' });
    const second = await store.createConversation({ title: 'two' });
    const { result, rerender, unmount } = renderHook(({ id }) => useConversation(id), { wrapper: withStore(store), initialProps: { id: first.id } });
    await waitFor(() => expect(result.current.conversation?.title).toBe('one'));
    rerender({ id: second.id });
    await waitFor(() => expect(result.current.conversation?.title).toBe('two'));
    expect(subscriptions.active).toBe(1);
    unmount();
    await Promise.resolve(); // a query is released a microtask after its last subscriber left
    expect(subscriptions.active).toBe(0);
  });
});
