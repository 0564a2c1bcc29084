// Shared by the journal tests (not a test file): a store on an in-memory journal folder (Node has
// no OPFS; the same folder outlives the stores, like a browser profile), deleting the database
// behind the store's back as Chromium does, and a whole-store dump to compare before and after.
import { expect } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import type { ConvologStore, OpenStoreOptions } from '../../../src/store/index.js';
import { memoryJournalBackend, type MemoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import { openStoreWith } from '../../../src/store/open-store.js';

/** What Chromium does on a bad checksum: the database is gone, nothing else is told. */
export function deleteBehindTheStoresBack(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** A "browser profile": one journal folder shared by every store opened through it. */
export interface Profile {
  memory: MemoryJournalBackend;
  /** `rollBytes`: roll the journal into a snapshot once its segments reach this many bytes (1: after every write). */
  open(options?: OpenStoreOptions, rollBytes?: number): Promise<ConvologStore>;
}

export function profile(name: string, memory: MemoryJournalBackend = memoryJournalBackend()): Profile {
  const opened: ConvologStore[] = [];
  return {
    memory,
    async open(options = {}, rollBytes?: number) {
      const store = await openStoreWith({ name, ...options }, { journalBackend: memory.backend, ...(rollBytes === undefined ? {} : { journalRollBytes: rollBytes }) });
      opened.push(store);
      // The first snapshot (taken at open) out of the way: these tests look at segments.
      await STORE_JOURNALS.get(store)?.rolled();
      return store;
    },
  };
}

/** Every conversation with its whole log, every branch, as exports without their `exportedAt`. */
export async function dump(store: ConvologStore): Promise<unknown[]> {
  const conversations = await store.listConversations();
  const exports = await Promise.all(conversations.map((conversation) => store.exportConversation(conversation.id)));
  return exports.map(({ exportedAt: _exportedAt, ...rest }) => rest).sort((a, b) => a.conversation.id.localeCompare(b.conversation.id));
}

/** A store with a bit of everything: branches, a moved head, a compaction, a rename, an import, a deletion. */
export async function writeEverything(store: ConvologStore): Promise<void> {
  const first = await store.createConversation({ title: 'branches', appData: { model: 'm1' } });
  const [u1, a1] = await store.append(first.id, [user('one'), assistant('ONE')]);
  await store.append(first.id, [user('two'), assistant('TWO')]);
  await store.append(first.id, [user('two, edited'), assistant('TWO, edited')], { parentId: a1!.id });
  await store.checkout(first.id, a1!.id); // the head on the first branch's leaf (the newest leaf below a1)
  await store.updateConversation(first.id, { title: 'branches, renamed' });
  const second = await store.createConversation({ title: 'compacted' });
  const entries = await store.append(second.id, [user('a'), assistant('A'), user('b'), assistant('B'), user('c'), assistant('C')]);
  await store.appendCompaction(second.id, { summary: 'a and b', firstKeptId: entries[4]!.id });
  await store.append(second.id, [user('d')]);
  const gone = await store.createConversation({ title: 'deleted' });
  await store.append(gone.id, [user('bye')]);
  await store.deleteConversation(gone.id);
  const exported = await store.exportConversation(first.id);
  await store.deleteConversation(first.id);
  await store.importConversation(exported, { onConflict: 'error' }); // created with its log in one change
  expect(u1).toBeDefined();
}
