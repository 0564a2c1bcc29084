// DESIGN §21: deleteStore forgets the journal. A roll that was still writing its snapshot when the
// store closed used to finish after the forget, so a snapshot of the deleted database stayed in the
// journal folder (seen in the whole suite in Chromium under load), and a later reset could bring the
// deleted chats back. deleteStore now forgets under the journal's Web Lock, after that roll.
// Where there is no Web Lock manager (Node 20), there is no lock to wait on: skipped there.
import { describe, expect, it } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { deleteStoreWith } from '../../../src/store/delete-store.js';
import type { JournalBackend } from '../../../src/store/journal/journal-storage.js';
import { memoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import { storeFixture } from '../store-fixture.js';

const stores = storeFixture();
const hasLocks = typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';

/** The memory folder, with every snapshot write held back `delay` ms: a roll still in flight. */
function slowSnapshots(delay: number): { backend: JournalBackend; files: (name: string) => Map<string, string>; started: Promise<void> } {
  const memory = memoryJournalBackend();
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => { markStarted = resolve; });
  const backend: JournalBackend = async (database) => {
    const storage = await memory.backend(database);
    return {
      ...storage,
      async write(file, text) {
        if (file.startsWith('snapshot-')) {
          markStarted();
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
        return storage.write(file, text);
      },
    };
  };
  return { backend, files: memory.files, started };
}

describe.runIf(hasLocks)('deleteStore during a roll', () => {
  it('forgets the journal after a roll in flight, so no snapshot of the deleted database is left', async () => {
    const name = stores.name();
    const slow = slowSnapshots(300);
    const store = await openStoreWith({ name, journal: true }, { journalBackend: slow.backend, journalRollBytes: 1 });
    const { id } = await store.createConversation({ title: 'to be deleted' });
    await store.append(id, [user('gone soon')]);
    await slow.started;
    store.close();
    await deleteStoreWith({ name }, slow.backend);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([...slow.files(name).keys()]).toEqual([]);
  });
});
