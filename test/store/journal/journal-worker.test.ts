// DESIGN §21: the journal written by a dedicated worker through OPFS sync access handles, where
// the engine has them (Chromium, Firefox). Each store instance ("tab") appends to a live file of
// its own, which its Web Lock marks; rolls leave other tabs' live files alone; a worker that does
// not start or dies hands over to the main-thread writer without losing an acknowledged write.
// Node has neither OPFS nor workers: the main-thread writer is what the other journal tests cover.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import type { ConvologStore } from '../../../src/store/index.js';
import { parseJournalFile, SEGMENT_PREFIX } from '../../../src/store/journal/journal-format.js';
import { untilNoLiveFiles } from '../../../src/store/journal/live-files.js';
import { hasOpfs, opfsBackend } from '../../../src/store/journal/opfs-backend.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import type { JournalIssue } from '../../../src/store/types/open-report.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump } from './journal-support.js';

const stores = storeFixture();
const workers = hasOpfs() && typeof Worker === 'function';

async function open(name: string, internal: Parameters<typeof openStoreWith>[1] = {}): Promise<ConvologStore> {
  const store = await openStoreWith({ name, journal: true }, internal);
  await STORE_JOURNALS.get(store)!.rolled(); // the first snapshot (taken at open) out of the way
  return store;
}

function writtenBy(store: ConvologStore): string {
  return STORE_JOURNALS.get(store)!.writtenBy();
}

/** The segments of `name` (after every store let go of its live file), with the change types each holds. */
async function segments(name: string): Promise<{ name: string; changes: string[] }[]> {
  await untilNoLiveFiles(name);
  const folder = await opfsBackend(name);
  const names = (await folder.list()).filter((file) => file.startsWith(SEGMENT_PREFIX)).sort();
  const issues: JournalIssue[] = [];
  const files = await Promise.all(names.map(async (file) => parseJournalFile(file, (await folder.read(file)) ?? '', name, issues)));
  expect(issues).toEqual([]);
  return files.filter((file) => file !== undefined).map((file) => ({ name: file.name, changes: file.records.map((record) => record.change.type) }));
}

async function restoredAfterReset(name: string, expected: unknown[]): Promise<void> {
  await untilNoLiveFiles(name);
  await deleteBehindTheStoresBack(name);
  const after = await open(name);
  expect(after.openReport).toMatchObject({ reset: true, issues: [] });
  expect(await dump(after)).toEqual(expected);
  after.close();
}

describe.skipIf(!workers)('the journal worker', () => {
  it('appends every committed write to one live file, through the worker', async () => {
    const name = stores.name();
    const store = await open(name);
    expect(writtenBy(store)).toBe('worker');
    const { id } = await store.createConversation({ title: 'worker' });
    for (let turn = 0; turn < 3; turn++) await store.append(id, [user(`q${turn}`), assistant(`a${turn}`)]);
    await store.updateConversation(id, { title: 'worker, renamed' });
    expect(writtenBy(store)).toBe('worker');
    const expected = await dump(store);
    store.close();
    // One file for five writes (the rename announced first): the main-thread writer writes a segment per batch.
    expect(await segments(name)).toEqual([{ name: expect.any(String), changes: [
      'conversation_created', 'entries_appended', 'entries_appended', 'entries_appended', 'intent', 'conversation_updated',
    ] }]);
    await restoredAfterReset(name, expected);
  });

  it('lets two tabs write at once, each to its own live file, and a roll in one leaves the other\'s alone', async () => {
    const name = stores.name();
    // Every batch asks for a roll: the tabs' rolls run while the other tab appends to its live file.
    const tabs = [await open(name, { journalRollBytes: 1 }), await open(name, { journalRollBytes: 1 })];
    const ids = await Promise.all(tabs.map(async (tab, index) => (await tab.createConversation({ title: `tab ${index}` })).id));
    await Promise.all(tabs.map(async (tab, index) => {
      for (let turn = 0; turn < 8; turn++) await tab.append(ids[index]!, [user(`${index}.${turn}`), assistant(`${index}.${turn}!`)]);
    }));
    await Promise.all(tabs.map((tab) => STORE_JOURNALS.get(tab)!.rolled()));
    for (const tab of tabs) {
      expect(writtenBy(tab)).toBe('worker');
      expect(tab.openReport.issues).toEqual([]); // no roll failed on a file another tab held
    }
    const expected = await dump(tabs[0]!);
    expect(expected).toHaveLength(2);
    for (const tab of tabs) tab.close();
    await restoredAfterReset(name, expected);
  });

  it('falls back to the main-thread writer when the worker does not start, losing nothing', async () => {
    const name = stores.name();
    const store = await open(name, { journalWorker: () => new Worker('/no-such-journal-worker.js', { type: 'module' }) });
    const { id } = await store.createConversation({ title: 'no worker' });
    for (let turn = 0; turn < 3; turn++) await store.append(id, [user(`q${turn}`), assistant(`a${turn}`)]);
    expect(writtenBy(store)).toBe('main-thread');
    const expected = await dump(store);
    store.close();
    await restoredAfterReset(name, expected);
  });

  it('falls back to the main-thread writer when the worker dies mid-session, losing no acknowledged write', async () => {
    const name = stores.name();
    const store = await open(name, { journalWorker: () => new Worker(new URL('./dying-journal-worker.ts', import.meta.url), { type: 'module' }) });
    expect(writtenBy(store)).toBe('worker');
    const { id } = await store.createConversation({ title: 'dying worker' });
    for (let turn = 0; turn < 6; turn++) await store.append(id, [user(`q${turn}`), assistant(`a${turn}`)]);
    expect(writtenBy(store)).toBe('main-thread'); // it died at its fourth append
    expect(store.openReport.issues).toEqual([]);
    const expected = await dump(store);
    expect((expected[0] as { entries: unknown[] }).entries).toHaveLength(12);
    store.close();
    await restoredAfterReset(name, expected);
  });

  it('falls back to the main-thread writer when the worker stops answering, so no write waits for it forever', async () => {
    const name = stores.name();
    const store = await open(name, {
      journalWorker: () => new Worker(new URL('./hung-journal-worker.ts', import.meta.url), { type: 'module' }),
      journalWorkerPatienceMs: 300,
    });
    const { id } = await store.createConversation({ title: 'hung worker' });
    for (let turn = 0; turn < 6; turn++) await store.append(id, [user(`q${turn}`), assistant(`a${turn}`)]);
    expect(writtenBy(store)).toBe('main-thread'); // it stopped answering at its fourth append
    const expected = await dump(store);
    expect((expected[0] as { entries: unknown[] }).entries).toHaveLength(12);
    store.close();
    await restoredAfterReset(name, expected);
  });
});
