// Scenario 6: records written behind the store's back with a bad shape (a bug in an older
// build, a browser extension, disk damage). `entries` must throw `corrupt_entry` naming exactly
// which seq, and with `onCorrupt` read the rest and report every corrupt seq: nothing silently
// dropped. The demo must tell the user which messages could not be read.
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.js';
import { messageTexts, openDemo, sendAndWait, testId, waitForNotice } from './support/demo-steps.js';
import { loadHarness } from './support/harness-page.js';
import type { ScenarioPage } from './support/scenario-page.js';

/** Overwrites the records at `seqs` of `conversationId` in database `name` with bad shapes. */
async function corrupt(page: ScenarioPage, name: string, conversationId: string, seqs: number[]): Promise<void> {
  await page.evaluate(async ({ name, conversationId, seqs }) => {
    const shapes = [
      (seq: number) => ({ conversationId, seq, type: 'message', id: `bad-${seq}`, timestamp: 'yesterday', message: { role: 'wizard', content: 42 } }),
      (seq: number) => ({ conversationId, seq, garbage: true }),
      (seq: number) => ({ conversationId, seq, type: 'compaction', id: `bad-${seq}`, timestamp: '', summary: 7 }),
    ];
    for (const [index, seq] of seqs.entries()) {
      await window.reliability.raw.writeRecord(name, 'entries', shapes[index % shapes.length]!(seq));
    }
  }, { name, conversationId, seqs });
}

describe('scenario 6: corrupt stored records', () => {
  const suite = useBrowserSuite('corrupt');

  it('entries throws corrupt_entry naming the seq; with onCorrupt it reads the rest and reports each corrupt seq', async () => {
    const page = await suite.harness();
    const name = 'corrupt';
    const conversationId = await page.evaluate(async (name) => {
      const { openStore, user, assistant } = window.reliability.convolog;
      const store = await openStore({ name });
      const { id } = await store.createConversation({ title: 'to be damaged' });
      for (let turn = 1; turn <= 5; turn++) await store.append(id, [user(`question ${turn}`), assistant(`answer ${turn}`)]);
      store.close();
      return id;
    }, name);
    const damaged = [3, 7, 8];
    await corrupt(page, name, conversationId, damaged);

    const result = await page.evaluate(async ({ name, conversationId }) => {
      const { openStore } = window.reliability.convolog;
      const store = await openStore({ name });
      const attempt = async (call: () => Promise<unknown>) => {
        try {
          await call();
          return undefined;
        } catch (error) {
          return window.reliability.describeError(error);
        }
      };
      const plain = await attempt(() => store.entries(conversationId));
      const page = await attempt(() => store.entries(conversationId, { afterSeq: 5, limit: 4 }));
      const reported: number[] = [];
      const rest = await store.entries(conversationId, { onCorrupt: ({ seq, error }) => { reported.push(seq); if (error === undefined) reported.push(-1); } });
      const tail: number[] = [];
      const tailEntries = await store.entries(conversationId, { beforeSeq: 11, limit: 3, onCorrupt: ({ seq }) => tail.push(seq) });
      store.close();
      return { plain, page, reported, restSeqs: rest.map((entry) => entry.seq), tail, tailSeqs: tailEntries.map((entry) => entry.seq) };
    }, { name, conversationId });

    expect(result.plain).toMatchObject({ code: 'corrupt_entry', details: { seq: 3 } });
    expect(result.plain?.message).toContain('seq 3');
    expect(result.page).toMatchObject({ code: 'corrupt_entry', details: { seq: 7 } });
    expect(result.reported).toEqual(damaged);
    expect(result.restSeqs).toEqual([1, 2, 4, 5, 6, 9, 10]);
    expect(result.tail).toEqual([8]);
    expect(result.tailSeqs).toEqual([9, 10]);
  });

  it('the demo shows which messages could not be read, and the rest of the chat', async () => {
    const page = await suite.newPage();
    await openDemo(page, suite.server.origin);
    for (const text of ['First message', 'Second message', 'Third message']) await sendAndWait(page, text);
    const stored = await page.evaluate(async () => {
      const records = await new Promise<{ conversationId: string; seq: number; message?: { role: string; content: unknown } }[]>((resolve, reject) => {
        const request = indexedDB.open('convolog');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const read = request.result.transaction('entries').objectStore('entries').getAll();
          read.onsuccess = () => { resolve(read.result); request.result.close(); };
        };
      });
      return records.map((record) => ({ conversationId: record.conversationId, seq: record.seq, role: record.message?.role, content: record.message?.content }));
    });
    const userSeqs = stored.filter((record) => record.role === 'user').map((record) => record.seq);
    expect(userSeqs).toHaveLength(3);
    const conversationId = stored[0]!.conversationId;
    // The second user message and the last entry of the chat.
    const damaged = [userSeqs[1]!, Math.max(...stored.map((record) => record.seq))];
    await loadHarness(page, suite.server.origin);
    await corrupt(page, 'convolog', conversationId, damaged);

    await openDemo(page, suite.server.origin);
    const notice = await waitForNotice(page, /could not be read/);
    for (const seq of damaged) expect(notice).toContain(`#${seq}`);
    const placeholders = await page.evaluate((selector) => [...document.querySelectorAll<HTMLElement>(selector)].map((element) => element.dataset.seq), testId('corrupt-entry'));
    expect(placeholders).toEqual(damaged.map(String));
    const users = await messageTexts(page, 'user');
    expect(users).toEqual([expect.stringContaining('First message'), expect.stringContaining('Third message')]);
  });
});
