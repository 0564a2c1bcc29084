// A server render: no IndexedDB, no store opened, the loading state rendered. Runs in plain Node.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConvologProvider, useAttachment, useConversation, useConversations } from '../../src/react/index.js';

function Chats() {
  const list = useConversations();
  const chat = useConversation('some-id');
  const picture = useAttachment('a'.repeat(64));
  return createElement('p', null, `${list.status}/${chat.status}/${picture.status}/${list.conversations.length}/${chat.entries.length}/${picture.url ?? ''}`);
}

describe('server rendering', () => {
  it('renders the loading state without opening the store', () => {
    let opened = false;
    const html = renderToString(createElement(ConvologProvider, {
      store: () => {
        opened = true;
        return Promise.reject(new Error('no IndexedDB on the server'));
      },
    }, createElement(Chats)));
    expect(html).toBe('<p>loading/loading/loading/0/0/</p>');
    expect(opened).toBe(false);
  });

  it('imports without touching IndexedDB', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- a server has none
    delete globalThis.indexedDB;
    try {
      const fresh: string = '../../src/react/index.js?fresh';
      await expect(import(/* @vite-ignore */ fresh)).resolves.toHaveProperty('useConversations');
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
