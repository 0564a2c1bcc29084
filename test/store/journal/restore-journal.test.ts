// DESIGN §21, recovery: the journal mirrors every committed write, and an open that finds the
// database thrown away restores from it before it resolves. Bad journals restore what they
// safely can and never keep the store from opening. In-memory journal folder (Node and Chromium).
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import { steppingClock, storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump, profile, writeEverything } from './journal-support.js';

const stores = storeFixture();

function segmentsOf(files: Map<string, string>): string[] {
  return [...files.keys()].filter((file) => file.startsWith('j-')).sort();
}

describe('restoring from the journal after a reset', () => {
  it('brings back every conversation as it was: branches, head, compaction, renames, imports, deletions', async () => {
    const name = stores.name();
    const browser = profile(name);
    const before = await browser.open();
    await writeEverything(before);
    const expected = await dump(before);
    before.close();
    await deleteBehindTheStoresBack(name);

    const after = await browser.open();
    expect(after.openReport.reset).toBe(true);
    expect(after.openReport.issues).toEqual([]);
    expect(after.openReport.restored).toEqual({ conversations: 2, entries: 6 + 8, attachments: 0 });
    expect(Date.parse(after.openReport.lostAfter!)).not.toBeNaN();
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('keeps journaling after a restore, so a second reset loses nothing either', async () => {
    const name = stores.name();
    const browser = profile(name);
    const first = await browser.open();
    const { id } = await first.createConversation({ title: 'twice' });
    await first.append(id, [user('before the first reset')]);
    first.close();
    await deleteBehindTheStoresBack(name);
    const second = await browser.open();
    await second.append(id, [user('between the resets')]);
    const expected = await dump(second);
    second.close();
    await deleteBehindTheStoresBack(name);
    const third = await browser.open();
    expect(third.openReport.reset).toBe(true);
    expect(await dump(third)).toEqual(expected);
    third.close();
  });

  it('restores nothing after clear() but what came after it', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    await store.createConversation({ title: 'cleared away' });
    await store.clear();
    await store.createConversation({ title: 'after the clear' });
    store.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect((await after.listConversations()).map((conversation) => conversation.title)).toEqual(['after the clear']);
    after.close();
  });

  it('journals nothing and restores nothing with journal: false, but still reports the reset', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open({ journal: false });
    const { id } = await store.createConversation({ title: 'unjournaled' });
    await store.append(id, [user('x')]);
    store.close();
    expect(segmentsOf(browser.memory.files(name))).toEqual([]);
    await deleteBehindTheStoresBack(name);
    const after = await browser.open({ journal: false });
    expect(after.openReport.reset).toBe(true);
    expect(after.openReport.restored).toBeUndefined();
    expect(await after.listConversations()).toEqual([]);
    after.close();
  });

  it('keeps both tabs\' writes to one conversation when two instances interleave', async () => {
    const name = stores.name();
    const browser = profile(name);
    const tabA = await browser.open();
    const tabB = await browser.open();
    const { id } = await tabA.createConversation({ title: 'two tabs' });
    await Promise.all([
      tabA.append(id, [user('from A')]),
      tabB.append(id, [user('from B')]).catch(() => tabB.settle(id)), // either order is fine
    ]);
    await tabB.updateConversation(id, { title: 'renamed in B' });
    await tabA.append(id, [user('A again')]);
    const expected = await dump(tabA);
    tabA.close();
    tabB.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(await dump(after)).toEqual(expected);
    after.close();
  });
});

describe('writes a killed tab committed but never journaled', () => {
  it('are journaled at the next open, so a later restore has no gap', async () => {
    const name = stores.name();
    const browser = profile(name);
    const first = await browser.open();
    const { id } = await first.createConversation({ title: 'killed mid-journal' });
    await first.append(id, [user('journaled')]);
    browser.memory.faults.refuseWrites = true; // the tab dies after the commit, before its segment is written
    await first.append(id, [user('committed, never journaled')]);
    first.close();
    browser.memory.faults.refuseWrites = false;
    const second = await browser.open(); // no reset: the database is there
    await second.append(id, [user('built on it')]);
    const expected = await dump(second);
    second.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.issues).toEqual([]);
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('are journaled at the next open when they renamed, moved the head of or deleted a conversation', async () => {
    const name = stores.name();
    const browser = profile(name);
    // Entries from long ago: the catch-up of recent entries does not carry these conversations along.
    const first = await browser.open({ now: steppingClock() });
    const renamed = await first.createConversation({ title: 'before' });
    const [, a1] = await first.append(renamed.id, [user('one'), assistant('ONE')]);
    await first.append(renamed.id, [user('two')], { parentId: a1!.id });
    const deleted = await first.createConversation({ title: 'deleted' });
    await first.append(deleted.id, [user('bye')]);
    // The tab dies after each commit, before its record is written.
    browser.memory.faults.refuseWrite = (text) => /"type":"conversation_(updated|deleted)"/.test(text);
    await first.updateConversation(renamed.id, { title: 'after' });
    await first.checkout(renamed.id, a1!.id);
    await first.deleteConversation(deleted.id);
    first.close();
    browser.memory.faults.refuseWrite = undefined;
    const second = await browser.open(); // no reset: the database is there
    const expected = await dump(second);
    expect(expected).toHaveLength(1);
    second.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.issues).toEqual([]);
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('takes an empty segment (a write killed before its first byte) for what it is, not damage', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    await store.createConversation({ title: 'kept' });
    store.close();
    browser.memory.files(name).set('j-999999999999999-killed00-000000000.jsonl', '');
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.issues).toEqual([]);
    expect((await after.listConversations()).map((conversation) => conversation.title)).toEqual(['kept']);
    after.close();
  });
});

describe('a bad journal restores what it safely can and never blocks the open', () => {
  it('restores up to a record cut short by a crash, and says what it dropped', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const { id } = await store.createConversation({ title: 'torn' });
    await store.append(id, [user('kept')]);
    await store.append(id, [user('torn away')]);
    store.close();
    const files = browser.memory.files(name);
    const last = segmentsOf(files).at(-1)!;
    const text = files.get(last)!;
    files.set(last, text.slice(0, text.length - 20)); // the tab died mid-record
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.issues.map((issue) => [issue.code, issue.file])).toEqual([['torn_record', last]]);
    expect((await after.entries(id)).map((entry) => entry.type === 'message' && entry.message.content)).toEqual(['kept']);
    expect(after.openReport.restored).toEqual({ conversations: 1, entries: 1, attachments: 0 });
    await after.append(id, [user('writes go on')]);
    after.close();
  });

  it('restores a conversation up to a lost segment, and names what it left out', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const { id } = await store.createConversation({ title: 'gap' });
    await store.append(id, [user('1')]);
    await store.append(id, [user('2')]);
    await store.append(id, [user('3')]);
    store.close();
    const files = browser.memory.files(name);
    files.delete(segmentsOf(files).at(-2)!); // the segment with seq 2
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.issues).toEqual([expect.objectContaining({ code: 'conversation_not_restored', conversationId: id, title: 'gap', dropped: 1 })]);
    expect(await after.entries(id)).toHaveLength(1);
    after.close();
  });

  it('ignores a journal of another database name and one from a newer format, with a report', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    await store.createConversation({ title: 'mine' });
    store.close();
    const files = browser.memory.files(name);
    const [mine] = segmentsOf(files);
    const other = files.get(mine!)!.replace(`"database":"${name}"`, '"database":"someone-else"');
    const newer = files.get(mine!)!.replace('"version":1', '"version":2');
    files.set('j-000000000000001-foreign00-000000000.jsonl', other);
    files.set('j-000000000000002-newer000-000000000.jsonl', newer);
    files.delete(mine!);
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.reset).toBe(true);
    expect(after.openReport.issues.map((issue) => issue.code).sort()).toEqual(['foreign_journal', 'journal_too_new']);
    expect(await after.listConversations()).toEqual([]);
    // Ignored, not destroyed: a newer build may still read them, so no roll removes them.
    await after.append((await after.createConversation({ title: 'new' })).id, [user('x')]);
    await STORE_JOURNALS.get(after)!.rolled();
    after.close();
    expect(files.has('j-000000000000002-newer000-000000000.jsonl')).toBe(true);
  });

  it('opens, and says so, when the folder refuses every write (quota, private mode)', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    browser.memory.faults.refuseWrites = true;
    const { id } = await store.createConversation({ title: 'unjournaled' });
    await store.append(id, [user('still saved in IndexedDB')]);
    expect(store.openReport.issues.map((issue) => issue.code)).toContain('journal_write_failed');
    expect(await store.entries(id)).toHaveLength(1);
    store.close();
    await deleteBehindTheStoresBack(name);
    const after = await browser.open();
    expect(after.openReport.reset).toBe(true);
    // The journal holds only the snapshot taken at the first open, before the writes were refused.
    expect(after.openReport.restored).toEqual({ conversations: 0, entries: 0, attachments: 0 });
    expect(after.openReport.issues.map((issue) => issue.code)).toContain('journal_write_failed');
    expect(await after.listConversations()).toEqual([]);
    after.close();
  });
});
