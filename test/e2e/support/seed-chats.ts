// Writes chats into the demo's database through the library itself (a second store opened in
// the page, as another tab would), then reloads the page so the demo shows them. Faster than
// typing every message, and able to write what the UI would take long to: long chats, branches,
// messages from days ago.
import type { Page } from 'playwright-core';
import { waitForReady } from './demo-page.js';
import { PAGE_LIBRARY } from './demo-server.js';

/** One message to write. */
export interface SeedMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
  /** Write it as a new version of message number `versionOf` (0-based, of this chat): beside it, under the same parent. */
  readonly versionOf?: number;
}

/** One chat to write: its title and messages, in order (each under the one before unless `versionOf`). */
export interface SeedChat {
  readonly title: string;
  readonly messages: readonly SeedMessage[];
}

/** What was written: per chat, its id and the entry id of each message. */
export interface SeededChat {
  readonly id: string;
  readonly entryIds: string[];
}

/** Writes `chats` (oldest first, so the last is the newest) and reloads the demo. */
export async function seedChats(page: Page, chats: readonly SeedChat[]): Promise<SeededChat[]> {
  // Given as a string: vitest rewrites an import() in a function it compiles, and the page has no such helper.
  await page.evaluate(`import('${PAGE_LIBRARY}').then((library) => { window.__convolog = library; })`);
  const seeded = await page.evaluate(async (input) => {
    const library = (window as unknown as { __convolog: typeof import('../../../src/index.js') }).__convolog;
    const store = await library.openStore();
    try {
      const written: { id: string; entryIds: string[] }[] = [];
      for (const chat of input) {
        const conversation = await store.createConversation({ title: chat.title });
        const entries: { id: string; parentId: string | null }[] = [];
        for (const message of chat.messages) {
          const parentId = message.versionOf === undefined ? entries.at(-1)?.id ?? null : entries[message.versionOf]!.parentId;
          const built = message.role === 'user' ? library.user(message.text) : library.assistant(message.text);
          const [entry] = await store.append(conversation.id, [built], { parentId });
          entries.push({ id: entry!.id, parentId: entry!.parentId });
        }
        written.push({ id: conversation.id, entryIds: entries.map((entry) => entry.id) });
      }
      return written;
    } finally {
      store.close();
    }
  }, chats);
  await page.reload();
  await waitForReady(page);
  return seeded;
}

/** A chat of `count` alternating user and assistant messages, the user ones saying `user(index)`. */
export function longChat(title: string, count: number, text: (index: number) => string): SeedChat {
  return {
    title,
    messages: Array.from({ length: count }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', text: text(index) })),
  };
}
