// DESIGN §21: each tab's journal worker appends to its own live file for up to a minute, so the
// files of two tabs overlap in time. A restore must replay their records in the order they were
// written, not file after file, or an older write in one tab's file lands on top of a newer
// deletion or clear in another's. (Found by review after the worker landed; both tests failed.)
import { describe, expect, it } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, profile } from './journal-support.js';

const stores = storeFixture();
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Folds each tab's segment files written since `before` into that tab's first one, as a worker's
 * live file holds them (the memory backend writes a file per batch, as the main-thread writer does).
 */
function asLiveFiles(files: Map<string, string>, before: Set<string>): void {
  const fresh = [...files.keys()].filter((name) => name.startsWith('j-') && !before.has(name)).sort();
  const byTab = new Map<string, string[]>();
  for (const name of fresh) {
    const tab = name.split('-')[2]!;
    byTab.set(tab, [...(byTab.get(tab) ?? []), name]);
  }
  for (const [first, ...rest] of byTab.values()) {
    let text = files.get(first!)!;
    for (const name of rest) {
      text += files.get(name)!.split('\n').slice(1).join('\n');
      files.delete(name);
    }
    files.set(first!, text);
  }
}

describe('a restore from the live files of two tabs', () => {
  it('keeps a chat deleted in one tab deleted, though the other tab wrote to it in a file started later', async () => {
    const name = stores.name();
    const browser = profile(name);
    const [tabA, tabB] = [await browser.open(), await browser.open()];
    const before = new Set(browser.memory.files(name).keys());
    const { id } = await tabA.createConversation({ title: 'doomed' });
    await tick();
    await tabB.append(id, [user('from B')]);
    await tabB.updateConversation(id, { title: 'renamed in B' });
    await tick();
    expect(await tabA.deleteConversation(id)).toBe(true);
    asLiveFiles(browser.memory.files(name), before);
    tabA.close();
    tabB.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.reset).toBe(true);
    expect(await after.listConversations()).toEqual([]);
    after.close();
  });

  it('keeps what clear() removed in one tab removed, though the other tab wrote it in a file started later', async () => {
    const name = stores.name();
    const browser = profile(name);
    const [tabA, tabB] = [await browser.open(), await browser.open()];
    const before = new Set(browser.memory.files(name).keys());
    await tabA.createConversation({ title: 'A first' });
    await tick();
    const { id } = await tabB.createConversation({ title: 'private' });
    await tabB.append(id, [user('secret')]);
    await tick();
    await tabA.clear();
    await tabA.createConversation({ title: 'after the clear' });
    asLiveFiles(browser.memory.files(name), before);
    tabA.close();
    tabB.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect((await after.listConversations()).map((conversation) => conversation.title)).toEqual(['after the clear']);
    after.close();
  });
});
