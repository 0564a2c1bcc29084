// DESIGN §21: Chromium that finds a bad checksum while a tab is open closes its connections
// abnormally (the `close` event) and deletes the database. The store reconnects on its next call;
// before, that reconnect created an empty database without moving the marker, so neither this
// session nor the next page load knew of the reset, and a later roll snapshotted the empty
// database and removed the segments: everything gone. (Found by review.) Node only: fake-indexeddb's
// forceCloseDatabase is the abnormal close; in Chromium, test/reliability/abnormal-close.test.ts.
import { forceCloseDatabase } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import type { ConvologStore, StoreChange } from '../../../src/store/index.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import { memoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import { watchedFactory } from '../../support/watched-factory.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump, profile, writeEverything } from './journal-support.js';

const stores = storeFixture();

/** What Chromium does on a bad checksum mid-session: every connection closed abnormally, then the database deleted. */
async function dropUnderTheStore(name: string, connections: IDBDatabase[]): Promise<void> {
  for (const connection of connections) forceCloseDatabase(connection as never);
  await deleteBehindTheStoresBack(name);
}

describe.runIf(typeof window === 'undefined')('a database dropped while the store is open', () => {
  it('is restored from the journal by the reconnect, announced as database_reset, before any call sees it empty', async () => {
    const name = stores.name();
    const memory = memoryJournalBackend();
    const { factory, connections } = watchedFactory(indexedDB);
    const store = await openStoreWith({ name, indexedDB: factory }, { journalBackend: memory.backend });
    await STORE_JOURNALS.get(store)?.rolled();
    await writeEverything(store);
    const before = await dump(store);
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));

    await dropUnderTheStore(name, connections);
    let listed;
    try {
      listed = await store.listConversations();
    } catch {
      // The call that notices the dead connection may fail; the next one reconnects.
      listed = await store.listConversations();
    }
    expect(listed.map((conversation) => conversation.title).sort()).toEqual(['branches, renamed', 'compacted']);
    expect(await dump(store)).toEqual(before);
    const reset = changes.find((change) => change.type === 'database_reset');
    expect(reset).toMatchObject({ type: 'database_reset', origin: 'this_tab', report: { reset: true, restored: { conversations: 2 } } });
    store.close();
  });

  it('keeps journaling after the restore: a write after it survives the next reset', async () => {
    const name = stores.name();
    const memory = memoryJournalBackend();
    const { factory, connections } = watchedFactory(indexedDB);
    const store: ConvologStore = await openStoreWith({ name, indexedDB: factory }, { journalBackend: memory.backend, journalRollBytes: 1 });
    const { id } = await store.createConversation({ title: 'kept' });
    await store.append(id, [user('before the drop')]);
    await dropUnderTheStore(name, connections);
    await store.listConversations().catch(() => undefined);
    await store.append(id, [user('after the drop')]);
    await STORE_JOURNALS.get(store)?.rolled(); // a roll now snapshots the restored database, not an empty one
    store.close();

    await deleteBehindTheStoresBack(name);
    const reopened = await profile(name, memory).open();
    expect(reopened.openReport.reset).toBe(true);
    const texts = (await reopened.entries(id)).map((entry) => (entry.type === 'message' ? entry.message.content : null));
    expect(texts).toEqual(['before the drop', 'after the drop']);
    reopened.close();
  });

  it('is reported to the next page load when this session could not restore (journal off): the marker moved', async () => {
    const name = stores.name();
    const memory = memoryJournalBackend();
    const { factory, connections } = watchedFactory(indexedDB);
    const store = await openStoreWith({ name, indexedDB: factory, journal: false }, { journalBackend: memory.backend });
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    await store.createConversation({ title: 'unjournaled' });
    await dropUnderTheStore(name, connections);
    await store.listConversations().catch(() => undefined);
    expect(await store.listConversations()).toEqual([]);
    expect(changes).toContainEqual(expect.objectContaining({ type: 'database_reset', report: expect.objectContaining({ reset: true }) }));
    store.close();
  });
});
