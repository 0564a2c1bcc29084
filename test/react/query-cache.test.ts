// @vitest-environment happy-dom
// What the provider's query cache holds (issue 29, item 9): the queries on screen, not every
// conversation ever opened, and nothing of a deleted conversation.
import { cleanup, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStoreHandle } from '../../src/react/convolog-provider.js';
import { useConversation, useConversations, type ConversationSnapshot } from '../../src/react/index.js';
import type { StoreHandle } from '../../src/react/store-handle.js';
import { storeFixture } from '../store/store-fixture.js';
import { withStore } from './react-fixture.js';

const fixture = storeFixture();
afterEach(cleanup);

/** The chat list and one open chat, as an app shows them; `handle` is the provider's. */
function app() {
  const seen: { handle?: StoreHandle; chat?: ConversationSnapshot } = {};
  function Chat({ id }: { id: string }) {
    seen.chat = useConversation(id);
    return createElement('p', null, `${seen.chat.status}:${seen.chat.entries.length}`);
  }
  function App({ id }: { id: string | undefined }) {
    seen.handle = useStoreHandle('test');
    const { status } = useConversations();
    return createElement('div', null, status, id === undefined ? null : createElement(Chat, { key: id, id }));
  }
  return { App, seen };
}

/** The queries the cache holds, and how many entries they hold between them. */
function held(handle: StoreHandle): { keys: string[]; entries: number } {
  const queries = handle.inspect();
  const entries = queries.reduce((sum, { snapshot }) => sum + ((snapshot as Partial<ConversationSnapshot>).entries?.length ?? 0), 0);
  return { keys: queries.map(({ key }) => key).sort(), entries };
}

async function chatsWithEntries(count: number, entries: number) {
  const store = await fixture.open();
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const { id } = await store.createConversation({ title: `chat ${index}` });
    await store.append(id, Array.from({ length: entries }, (_, at) => ({ role: 'user' as const, content: `m${at}` })));
    ids.push(id);
  }
  return { store, ids };
}

describe('the query cache of ConvologProvider', () => {
  it('after 30 chats viewed one after another, holds the list and the open chat only', async () => {
    const { store, ids } = await chatsWithEntries(30, 3);
    const { App, seen } = app();
    const Provider = withStore(store);
    const view = render(createElement(Provider, null, createElement(App, { id: undefined })));
    for (const id of ids) {
      view.rerender(createElement(Provider, null, createElement(App, { id })));
      await waitFor(() => expect(view.container.textContent).toBe('readyready:3'));
    }
    await Promise.resolve();
    expect(held(seen.handle!)).toEqual({ keys: ['conversation:50:' + ids.at(-1)!, 'conversations:50'].sort(), entries: 3 });
  });

  it('drops an open conversation that is deleted at once, and one that was open before', async () => {
    const { store, ids } = await chatsWithEntries(2, 4);
    const { App, seen } = app();
    const Provider = withStore(store);
    const view = render(createElement(Provider, null, createElement(App, { id: ids[0] })));
    await waitFor(() => expect(view.container.textContent).toBe('readyready:4'));
    view.rerender(createElement(Provider, null, createElement(App, { id: ids[1] })));
    await waitFor(() => expect(view.container.textContent).toBe('readyready:4'));

    await store.deleteConversation(ids[0]!);
    expect(held(seen.handle!).keys).not.toContain(`conversation:50:${ids[0]}`);
    await store.deleteConversation(ids[1]!);
    // Still on screen, so still cached, but with nothing of the deleted chat: no read needed first.
    expect(held(seen.handle!).entries).toBe(0);
    await waitFor(() => expect(view.container.textContent).toBe('readyready:0'));
    expect(seen.chat?.conversation).toBeUndefined();
  });

  it('a chat opened again after it was released is read again, with what changed meanwhile', async () => {
    const { store, ids } = await chatsWithEntries(2, 1);
    const { App } = app();
    const Provider = withStore(store);
    const view = render(createElement(Provider, null, createElement(App, { id: ids[0] })));
    await waitFor(() => expect(view.container.textContent).toBe('readyready:1'));
    view.rerender(createElement(Provider, null, createElement(App, { id: ids[1] })));
    await waitFor(() => expect(view.container.textContent).toBe('readyready:1'));
    await store.append(ids[0]!, [{ role: 'user', content: 'while nobody watched' }]);
    view.rerender(createElement(Provider, null, createElement(App, { id: ids[0] })));
    await waitFor(() => expect(view.container.textContent).toBe('readyready:2'));
  });
});
