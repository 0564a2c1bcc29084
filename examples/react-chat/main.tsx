// The whole loop: list the chats, open one, send, regenerate, switch versions, reload: every chat lives in IndexedDB.
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
  // The id is set at once, not when 'hashchange' arrives a task later, so opening a chat is one render.
  return [id, (next) => { setId(next); location.hash = encodeURIComponent(next); }];
}

function App() {
  const { conversations, status, hasMore, loadMore } = useConversations({ limit: 20 });
  const [openId, open] = useHashId();
  const [creating, setCreating] = useState(false);
  const newChat = async () => {
    // The open chat goes away on the click, not when the new one exists: until then its message box
    // would still take what the user types next, and Send would send it to the old chat.
    setCreating(true);
    try {
      open((await (await store).createConversation({ title: 'New chat' })).id);
    } finally {
      setCreating(false); // batched with open()'s update: one render, straight to the new chat
    }
  };
  const shown = creating ? <p>Starting a new chat…</p>
    : openId === undefined ? <p>Pick a chat or start a new one.</p> : <ChatLoader key={openId} id={openId} />;
  return (
    <>
      <nav aria-label="Chats" data-status={status}>
        <button disabled={creating} onClick={newChat}>+ New chat</button>
        {conversations.map((conversation) => (
          <button key={conversation.id} aria-current={conversation.id === openId} onClick={() => open(conversation.id)}>
            {conversation.title}
          </button>
        ))}
        {hasMore && <button onClick={loadMore}>More…</button>}
      </nav>
      <main>{shown}</main>
    </>
  );
}

/** Waits for the stored messages, then hands them to useChat; ‹ n/m › switches branches. */
function ChatLoader({ id }: { id: string }) {
  const { status, conversation, entries, forks, error } = useConversation(id, { pageSize: 1000 });
  const [initial, setInitial] = useState<UIMessage[]>();
  const [version, setVersion] = useState(0);
  // While a switch reads the other branch, the label keeps the branch still on screen: the live
  // entries move on checkout, a read before the transcript does, and the two must never disagree.
  const [pinned, setPinned] = useState<ReadonlySet<string>>();
  useEffect(() => {
    if (status === 'ready' && initial === undefined) setInitial(toUIMessages<UIMessage>(entries));
  }, [status, entries, initial]);
  if (status === 'error') return <p role="alert">{String(error)}</p>;
  if (initial === undefined) return <p>Loading…</p>;
  if (conversation === undefined) return <p>This chat no longer exists.</p>;
  const onPath = pinned ?? new Set(entries.map((entry) => entry.id));
  const switchTo = async (entryId: string) => {
    setPinned(onPath);
    try {
      const db = await store;
      await db.checkout(id, entryId);
      setInitial(toUIMessages<UIMessage>(await db.entries(id)));
      setVersion((count) => count + 1); // a new useChat over the other branch
    } finally {
      setPinned(undefined); // batched with the two above: label and transcript change in one render
    }
  };
  // data-stored: how many entries the head's branch holds now (live), which the smoke test waits on.
  return (
    <section data-stored={entries.length}>
      {forks.map(({ parentId, childIds }) => {
        const at = childIds.findIndex((childId) => onPath.has(childId));
        if (at < 0) return null;
        const step = (by: number) => () => void switchTo(childIds[(at + by + childIds.length) % childIds.length]!);
        return (
          <p key={parentId ?? 'root'} className="versions">
            <button aria-label="Previous version" onClick={step(-1)}>‹</button> {at + 1}/{childIds.length}{' '}
            <button aria-label="Next version" onClick={step(1)}>›</button>
          </p>
        );
      })}
      <Chat key={version} id={id} title={conversation.title} initial={initial} />
    </section>
  );
}

function Chat({ id, title, initial }: { id: string; title: string; initial: UIMessage[] }) {
  const [draft, setDraft] = useState('');
  const { messages, sendMessage, regenerate, status } = useChat({
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
        <button type="button" disabled={status !== 'ready' || messages.at(-1)?.role !== 'assistant'} onClick={() => void regenerate()}>Regenerate</button>
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
