// DESIGN §21, catch-up: a tab killed between a write's commit and its journal record leaves the
// write in IndexedDB only. Appends are found again by their recent timestamps, but an import and a
// sync pull (mergeEntries) carry the source's times (2020, say), and clear() leaves nothing to
// read: before, none was caught up, and a later restore lost the imported or pulled chat, or
// brought back what clear() had removed. (Found by last stop's review.) Each now journals an
// intent first, and the next open journals what it names.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump, profile, type Profile } from './journal-support.js';

const stores = storeFixture();

/** A conversation exported by another device in 2020: every time in it is the source's. */
function exportFrom2020(id: string): Record<string, unknown> {
  const at = (minute: number): string => `2020-05-01T10:0${minute}:00.000Z`;
  const message = (seq: number, parentId: string | null, content: unknown) => ({
    type: 'message', id: `${id}-e${seq}`, conversationId: id, seq, timestamp: at(seq), parentId, message: content,
  });
  return {
    format: 'convolog.conversation', formatVersion: 2, exportedAt: at(9),
    conversation: { id, title: 'from 2020', createdAt: at(0), updatedAt: at(2), headId: `${id}-e2` },
    entries: [message(1, null, user('old question')), message(2, `${id}-e1`, assistant('old answer'))],
  };
}

/** Opens again (no reset: catch-up runs), waits for any roll, and returns the store's content then. */
async function caughtUp(browser: Profile): Promise<unknown[]> {
  const store = await browser.open();
  await STORE_JOURNALS.get(store)?.rolled();
  const content = await dump(store);
  store.close();
  return content;
}

/** The browser throws the database away; the next open restores it from the journal. */
async function afterReset(name: string, browser: Profile): Promise<unknown[]> {
  await deleteBehindTheStoresBack(name);
  const store = await browser.open();
  expect(store.openReport.reset).toBe(true);
  expect(store.openReport.issues).toEqual([]);
  const content = await dump(store);
  store.close();
  return content;
}

describe('writes with the source\'s times that a killed tab never journaled', () => {
  it('an import is journaled at the next open, and a later append to it restores whole', async () => {
    const name = stores.name();
    const browser = profile(name);
    const first = await browser.open();
    await first.createConversation({ title: 'local' });
    browser.memory.faults.refuseWrite = (text) => text.includes('"from 2020"'); // killed after the import's commit
    await first.importConversation(exportFrom2020('imported'));
    first.close();
    browser.memory.faults.refuseWrite = undefined;
    const second = await browser.open();
    await second.append('imported', [user('a new question, today')]);
    second.close();
    const expected = await caughtUp(browser);
    expect(expected).toHaveLength(2);
    expect(await afterReset(name, browser)).toEqual(expected);
  });

  it('a sync pull (mergeEntries) is journaled at the next open, whole', async () => {
    const name = stores.name();
    const browser = profile(name);
    const first = await browser.open();
    const pulled = exportFrom2020('pulled') as { conversation: Record<string, unknown>; entries: { message: unknown }[] };
    await first.mergeEntries('pulled', pulled.entries.slice(0, 1), { conversation: pulled.conversation as never });
    browser.memory.faults.refuseWrite = (text) => text.includes('"entries_appended"'); // killed after the second pull's commit
    await first.mergeEntries('pulled', pulled.entries, { conversation: pulled.conversation as never });
    first.close();
    browser.memory.faults.refuseWrite = undefined;
    const expected = await caughtUp(browser);
    expect((expected[0] as { entries: unknown[] }).entries).toHaveLength(2);
    expect(await afterReset(name, browser)).toEqual(expected);
  });

  it('a clear() is caught up at the next open: a restore does not bring back what it removed', async () => {
    const name = stores.name();
    const browser = profile(name);
    const first = await browser.open();
    for (const title of ['gone 1', 'gone 2']) await first.createConversation({ title });
    browser.memory.faults.refuseWrite = (text) => text.includes('"cleared"');
    await first.clear();
    browser.memory.faults.refuseWrite = undefined;
    await first.createConversation({ title: 'after the clear' });
    first.close();
    const expected = await caughtUp(browser);
    expect(expected).toHaveLength(1);
    expect(await afterReset(name, browser)).toEqual(expected);
  });
});

describe('an app whose clock is not the journal\'s', () => {
  it('has its last unjournaled append caught up, though its times are a day behind the wall clock', async () => {
    const name = stores.name();
    const browser = profile(name);
    const dayBehind = (): Date => new Date(Date.now() - 86_400_000);
    const first = await browser.open({ now: dayBehind });
    const { id } = await first.createConversation({ title: 'skewed' });
    await first.append(id, [user('journaled')]);
    browser.memory.faults.refuseWrite = (text) => text.includes('cut off by the kill');
    await first.append(id, [user('cut off by the kill')]);
    first.close();
    browser.memory.faults.refuseWrite = undefined;
    const second = await browser.open({ now: dayBehind });
    await second.append(id, [user('the next session')]);
    const expected = await dump(second);
    second.close();
    expect(await afterReset(name, browser)).toEqual(expected);
  });
});
