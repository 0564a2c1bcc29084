// DESIGN §21: the journal's Web Lock is taken inside the upgrade that creates the database; an
// environment whose `navigator.locks` is there but null (happy-dom, which the React tests run in)
// made that throw and abort the upgrade, so openStore failed with storage_unavailable. The journal
// must never block openStore. Node only: a browser's navigator cannot be replaced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { memoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import { storeFixture } from '../store-fixture.js';

const stores = storeFixture();
const inNode = typeof window === 'undefined';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.runIf(inNode)('a navigator whose lock manager is missing or broken', () => {
  it.each([
    ['null', { locks: null }],
    ['without request', { locks: {} }],
    ['absent', {}],
  ])('opens, creates and reopens with navigator.locks %s', async (_label, navigator) => {
    vi.stubGlobal('navigator', navigator);
    const { backend } = memoryJournalBackend();
    const name = stores.name();
    const store = await openStoreWith({ name, journal: true }, { journalBackend: backend });
    const { id } = await store.createConversation({ title: 'no locks' });
    await store.append(id, [user('still here')]);
    store.close();
    const again = await openStoreWith({ name, journal: true }, { journalBackend: backend });
    expect(again.openReport.reset).toBe(false);
    expect((await again.entries(id)).map((entry) => entry.id)).toHaveLength(1);
    again.close();
  });
});
