// DESIGN §21, detection: the browser deletes the database behind the store's back (Chromium does
// after a corrupted LevelDB table); the next open must say so instead of starting as if new.
// Runs in Node (fake-indexeddb) and in Chromium, with the in-memory journal folder in both.
import { describe, expect, it } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { memoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { deleteStoreWith } from '../../../src/store/delete-store.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import type { StoreChange } from '../../../src/store/index.js';
import { storeFixture } from '../store-fixture.js';

const stores = storeFixture();

/** What Chromium does on a bad checksum: the database is gone, nothing else is told. */
function deleteBehindTheStoresBack(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

describe('detecting that the browser threw the database away', () => {
  it('reports no reset on the first open and on a plain reopen', async () => {
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const first = await openStoreWith({ name }, { journalBackend: backend });
    expect(first.openReport).toEqual({ reset: false, issues: [] });
    await first.createConversation({ title: 'kept' });
    first.close();
    const second = await openStoreWith({ name }, { journalBackend: backend });
    expect(second.openReport).toEqual({ reset: false, issues: [] });
    second.close();
  });

  it('reports a reset in openReport and to a listener when the database was deleted behind its back', async () => {
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const first = await openStoreWith({ name }, { journalBackend: backend });
    const { id } = await first.createConversation({ title: 'lost' });
    await first.append(id, [user('hello')]);
    first.close();
    await deleteBehindTheStoresBack(name);

    const second = await openStoreWith({ name, journal: false }, { journalBackend: backend });
    try {
      expect(second.openReport.reset).toBe(true);
      expect(second.openReport.restored).toBeUndefined();
      const heard = await new Promise<StoreChange>((resolve) => second.subscribe(resolve));
      expect(heard).toEqual({ type: 'database_reset', report: second.openReport, origin: 'this_tab' });
    } finally {
      second.close();
    }
    // The marker moved on to the new database: the open after that is no reset.
    const third = await openStoreWith({ name }, { journalBackend: backend });
    expect(third.openReport.reset).toBe(false);
    third.close();
  });

  it('reports no reset after deleteStore: the app deleted it on purpose', async () => {
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const first = await openStoreWith({ name }, { journalBackend: backend });
    await first.createConversation({ title: 'forget me' });
    first.close();
    await deleteStoreWith({ name }, backend);
    const second = await openStoreWith({ name }, { journalBackend: backend });
    expect(second.openReport).toEqual({ reset: false, issues: [] });
    expect(await second.listConversations()).toEqual([]);
    second.close();
  });

  it('tells another open tab of the same database', async () => {
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const first = await openStoreWith({ name }, { journalBackend: backend });
    first.close();
    await deleteBehindTheStoresBack(name);
    const heard: StoreChange[] = [];
    const { ChangeChannel } = await import('../../../src/store/changes/change-channel.js');
    const otherTab = new ChangeChannel(name);
    otherTab.subscribe((change) => heard.push(change));
    const second = await openStoreWith({ name }, { journalBackend: backend });
    await expect.poll(() => heard.map((change) => change.type)).toContain('database_reset');
    expect(heard.find((change) => change.type === 'database_reset')?.origin).toBe('other_tab');
    otherTab.shutdown();
    second.close();
  });

  it('opens anyway, with an issue, when the folder outside IndexedDB refuses to open or to write', async () => {
    const refusing = memoryJournalBackend({ refuseOpen: true });
    const name = stores.name();
    const store = await openStoreWith({ name }, { journalBackend: refusing.backend });
    expect(store.openReport.reset).toBe(false);
    expect(store.openReport.issues.map((issue) => issue.code)).toEqual(['journal_unavailable']);
    store.close();

    const readOnly = memoryJournalBackend({ refuseWrites: true });
    const other = await openStoreWith({ name: stores.name() }, { journalBackend: readOnly.backend });
    expect(other.openReport.issues.map((issue) => issue.code)).toEqual(['journal_write_failed']);
    await other.createConversation({ title: 'still works' });
    other.close();
  });

  it('ignores a marker of another database name or a newer format, and says so', async () => {
    const memory = memoryJournalBackend();
    const name = stores.name();
    memory.files(name).set('marker.json', JSON.stringify({ format: 'convolog.marker', version: 1, database: 'someone-else', generation: 3, createdAt: '2025-01-01T00:00:00.000Z' }));
    const store = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(store.openReport.reset).toBe(false);
    expect(store.openReport.issues.map((issue) => issue.code)).toEqual(['foreign_journal']);
    store.close();

    const newer = stores.name();
    memory.files(newer).set('marker.json', JSON.stringify({ format: 'convolog.marker', version: 2, database: newer, generation: 1, createdAt: '2025-01-01T00:00:00.000Z' }));
    const second = await openStoreWith({ name: newer }, { journalBackend: memory.backend });
    expect(second.openReport.issues.map((issue) => issue.code)).toEqual(['journal_too_new']);
    second.close();
  });
});
