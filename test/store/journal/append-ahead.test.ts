// DESIGN §21: an append's record is journaled ahead of its commit, so the journal's write (and
// its flush) overlaps IndexedDB's instead of following it. That leaves two cases a record written
// after the commit never had: a commit that fails after its record was queued (withdrawn), and a
// kill between the record and the commit (a record of entries that never committed, whose seqs a
// later append takes: the later entry wins).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { JOURNAL_FORMAT, JOURNAL_VERSION, journalText, type JournalRecord } from '../../../src/store/journal/journal-format.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump, profile } from './journal-support.js';

// Aborts the next readwrite transaction once its body is done, as a commit the browser refuses
// (quota: Chromium fires only `abort`) does; every other call passes through.
const failNextCommit = vi.hoisted(() => ({ armed: false }));
vi.mock('../../../src/store/database/run-transaction.js', async (original) => {
  const actual = await original<typeof import('../../../src/store/database/run-transaction.js')>();
  return {
    ...actual,
    runTransaction: ((context, stores, mode, operation, body) => actual.runTransaction(context, stores, mode, operation, async (transaction) => {
      const result = await body(transaction);
      if (failNextCommit.armed && mode === 'readwrite') {
        failNextCommit.armed = false;
        await Promise.resolve(); // after the caller queued its record, as a real commit failure comes
        transaction.abort();
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return result;
    })) as typeof actual.runTransaction,
  };
});

const stores = storeFixture();

afterEach(() => {
  failNextCommit.armed = false;
});

function texts(entries: readonly { type: string; message?: { content: unknown } }[]): unknown[] {
  return entries.map((entry) => entry.message?.content);
}

describe('an append journaled ahead of its commit', () => {
  it('is withdrawn from the journal when its commit fails: a restore does not bring back what the app was told failed', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const { id } = await store.createConversation({ title: 'quota' });
    await store.append(id, [user('kept')]);
    failNextCommit.armed = true;
    await expect(store.append(id, [user('refused at commit')])).rejects.toMatchObject({ code: 'quota_exceeded' });
    const expected = await dump(store);
    store.close();
    const journal = [...browser.memory.files(name).values()].join('');
    expect(journal).toContain('"entries_withdrawn"');

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.issues).toEqual([]);
    expect(await dump(restored)).toEqual(expected);
    expect(texts(await restored.entries(id))).toEqual(['kept']);
    restored.close();
  });

  it('lets a later entry take the seq of one journaled ahead of a commit a kill cut off', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const { id } = await store.createConversation({ title: 'killed before the commit' });
    const [first] = await store.append(id, [user('committed')]);
    const conversation = (await store.getConversation(id))!;
    // What a kill between the record and the commit leaves: seq 2 journaled, never committed.
    const phantom = { ...first!, id: 'never-committed', seq: 2, parentId: first!.id, message: user('never committed') };
    const record: JournalRecord = {
      at: new Date().toISOString(),
      change: { type: 'entries_appended', conversationId: id, conversation: { ...conversation, lastSeq: 2, headId: phantom.id }, entries: [phantom] },
    };
    browser.memory.files(name).set('j-000000000000001-phantom0-000000000.jsonl',
      journalText({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, database: name, generation: 1 }, [JSON.stringify(record)]));
    await store.append(id, [user('committed second')]); // seq 2 again, in a record written after
    const expected = await dump(store);
    store.close();

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.issues).toEqual([]);
    expect(await dump(restored)).toEqual(expected);
    restored.close();
  });
});
