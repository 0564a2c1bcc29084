// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { createElement, StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeFixture } from '../store/store-fixture.js';
import { useConversations } from '../../src/react/index.js';
import { countSubscriptions, withStore } from './react-fixture.js';

const fixture = storeFixture();
afterEach(cleanup);

describe('useConversations', () => {
  it('is loading, then ready with the list, most recent first', async () => {
    const store = await fixture.open();
    await store.createConversation({ title: 'first' });
    await store.createConversation({ title: 'second' });
    const { result } = renderHook(() => useConversations(), { wrapper: withStore(store) });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.conversations.map((conversation) => conversation.title)).toEqual(['second', 'first']);
  });

  it('follows a write from a second store instance (another tab)', async () => {
    const store = await fixture.open();
    const other = await fixture.open({ name: store.name });
    const { result } = renderHook(() => useConversations(), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await other.createConversation({ title: 'from the other tab' });
    await waitFor(() => expect(result.current.conversations.map((conversation) => conversation.title)).toEqual(['from the other tab']));
  });

  it('pages with loadMore and knows when there is no more', async () => {
    const store = await fixture.open();
    for (let index = 0; index < 5; index++) await store.createConversation({ title: `c${index}` });
    const { result } = renderHook(() => useConversations({ limit: 2 }), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.conversations).toHaveLength(2));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.conversations).toHaveLength(4));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.conversations).toHaveLength(5));
    expect(result.current.hasMore).toBe(false);
  });

  it('keeps one snapshot while nothing changes: two readers share it, renders do not loop', async () => {
    const store = await fixture.open();
    await store.createConversation();
    let renders = 0;
    const seen: unknown[] = [];
    function List() {
      renders++;
      const snapshot = useConversations();
      seen.push(snapshot);
      return createElement('p', null, snapshot.status);
    }
    const view = render(createElement('div', null, createElement(List), createElement(List)), { wrapper: withStore(store) });
    await waitFor(() => expect(view.container.textContent).toBe('readyready'));
    expect(renders).toBeLessThanOrEqual(4);
    expect(seen.at(-1)).toBe(seen.at(-2));
  });

  it('unsubscribes from the store on unmount', async () => {
    const store = await fixture.open();
    const subscriptions = countSubscriptions(store);
    const { result, unmount } = renderHook(() => useConversations(), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(subscriptions.active).toBe(1);
    unmount();
    await Promise.resolve(); // a query is released a microtask after its last subscriber left
    expect(subscriptions.active).toBe(0);
  });

  it('after a remount under the same provider, is loading until it has read again (a released query keeps nothing)', async () => {
    const store = await fixture.open();
    const Provider = withStore(store);
    function List() {
      const { status, conversations } = useConversations();
      return createElement('p', null, `${status}:${conversations.map((conversation) => conversation.title).join(',')}`);
    }
    const view = render(createElement(Provider, null, createElement(List)));
    await waitFor(() => expect(view.container.textContent).toBe('ready:'));
    view.rerender(createElement(Provider, null, null));
    await store.createConversation({ title: 'while nobody watched' });
    view.rerender(createElement(Provider, null, createElement(List)));
    expect(view.container.textContent).toBe('loading:');
    await waitFor(() => expect(view.container.textContent).toBe('ready:while nobody watched'));
  });

  it('survives StrictMode double mounting with one live subscription', async () => {
    const store = await fixture.open();
    const subscriptions = countSubscriptions(store);
    const Wrapper = withStore(store);
    const { result } = renderHook(() => useConversations(), {
      wrapper: ({ children }) => createElement(StrictMode, null, createElement(Wrapper, null, children)),
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(subscriptions.active).toBe(1);
    await store.createConversation({ title: 'after mount' });
    await waitFor(() => expect(result.current.conversations).toHaveLength(1));
  });

  it('opens the store lazily through a factory, once, and reports a failing open as an error', async () => {
    const store = await fixture.open();
    let opened = 0;
    const { result } = renderHook(() => useConversations(), { wrapper: withStore(async () => (opened++, store)) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(opened).toBe(1);
    const failure = new Error('no IndexedDB');
    const failed = renderHook(() => useConversations(), { wrapper: withStore(() => Promise.reject(failure)) });
    await waitFor(() => expect(failed.result.current.status).toBe('error'));
    expect(failed.result.current.error).toBe(failure);
  });

  it('throws a clear error outside a provider', () => {
    expect(() => renderHook(() => useConversations())).toThrow(/ConvologProvider/);
  });
});
