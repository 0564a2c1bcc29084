// The whole loop: list the chats, open one, send, reload — every chat lives in IndexedDB.
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { openStore } from 'convolog';
import { saveUIMessages, toUIMessages } from 'convolog/ai-sdk';
import { ConvologProvider, useConversation, useConversations } from 'convolog/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mockTransport } from './mock-transport.js';

const store = openStore({ name: 'convolog-react-chat' });

function useHashId(): [string | undefined, (id: string) => void] {
  const read = () => decodeURIComponent(location.hash.slice(1)) || undefined;
  const [id, setId] = useState(read);
  useEffect(() => {
    const onHash = () => setId(read());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return [id, (next) => { location.hash = encodeURIComponent(next); }];
}

function App() {
  const { conversations, status, hasMore, loadMore } = useConversations({ limit: 20 });
  const [openId, open] = useHashId();
  const newChat = async () => open((await (await store).createConversation({ title: 'New chat' })).id);
  return (
    <>
      <nav aria-label="Chats" data-status={status}>
        <button onClick={newChat}>+ New chat</button>
        {conversations.map((conversation) => (
          <button key={conversation.id} aria-current={conversation.id === openId} onClick={() => open(conversation.id)}>
            {conversation.title}
          </button>
        ))}
        {hasMore && <button onClick={loadMore}>More…</button>}
      </nav>
      <main>{openId === undefined ? <p>Pick a chat or start a new one.</p> : <ChatLoader key={openId} id={openId} />}</main>
    </>
  );
}

/** Waits for the stored messages, then hands them to useChat once. */
function ChatLoader({ id }: { id: string }) {
  const { status, conversation, entries, error } = useConversation(id, { pageSize: 1000 });
  const [initial, setInitial] = useState<UIMessage[]>();
  useEffect(() => {
    if (status === 'ready' && initial === undefined) setInitial(toUIMessages<UIMessage>(entries));
  }, [status, entries, initial]);
  if (status === 'error') return <p role="alert">{String(error)}</p>;
  if (initial === undefined) return <p>Loading…</p>;
  if (conversation === undefined) return <p>This chat no longer exists.</p>;
  // data-stored: how many entries the store holds now (live), which the smoke test waits on.
  return <section data-stored={entries.length}><Chat id={id} title={conversation.title} initial={initial} /></section>;
}

function Chat({ id, title, initial }: { id: string; title: string; initial: UIMessage[] }) {
  const [draft, setDraft] = useState('');
  const { messages, sendMessage, status } = useChat({
    id,
    messages: initial,
    transport: mockTransport,
    onFinish: async ({ messages: all }) => {
      const db = await store;
      await saveUIMessages(db, id, all);
      const first = all[0]?.parts.find((part) => part.type === 'text');
      if (title === 'New chat' && first?.type === 'text') await db.updateConversation(id, { title: first.text.slice(0, 40) });
    },
  });
  return (
    <>
      <h1>{title}</h1>
      <ol data-chat-status={status}>
        {messages.map((message) => (
          <li key={message.id} className={message.role}>
            {message.parts.map((part, index) => {
              if (part.type === 'text') return <span key={index}>{part.text}</span>;
              if (part.type.startsWith('tool-') && 'output' in part) return <pre key={index}>{part.type.slice(5)} → {JSON.stringify(part.output)}</pre>;
              return null;
            })}
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() === '' || status !== 'ready') return;
        void sendMessage({ text: draft });
        setDraft('');
      }}>
        <input aria-label="Message" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Try: weather in Oslo" />
        <button disabled={status !== 'ready'}>Send</button>
      </form>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConvologProvider store={() => store}>
      <App />
    </ConvologProvider>
  </StrictMode>,
);
