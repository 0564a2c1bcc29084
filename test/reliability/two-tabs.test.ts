// Scenario 2: two tabs on one conversation (and 2b: a dedicated worker), in real Chromium and
// Firefox (the reliability-firefox project), sharing one profile's IndexedDB. Seqs are allocated inside the write transaction, so
// concurrent writers never collide; `expectedLastSeq` lets exactly one of two racing answers win;
// every instance hears the others' appends.
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.js';
import { recordFigure } from './support/figures.js';
import type { ScenarioPage as Page } from './support/scenario-page.js';

const PER_TAB = 500;

describe('scenario 2: two tabs, one conversation', () => {
  const suite = useBrowserSuite('tabs');
  let first: Page;
  let second: Page;
  beforeAll(async () => {
    first = await suite.harness();
    second = await suite.harness();
  });

  /** Opens the store in the page and starts recording the other tabs' appends to `conversationId`. */
  async function listen(page: Page, name: string, conversationId: string): Promise<void> {
    await page.evaluate(async ({ name, conversationId }) => {
      const store = await window.reliability.convolog.openStore({ name });
      const heard: number[] = [];
      store.subscribe((change) => {
        if (change.type === 'entries_appended' && change.origin === 'other_tab') heard.push(...change.entries.map((entry) => entry.seq));
      }, { conversationId });
      Object.assign(window, { tabStore: store, heard });
    }, { name, conversationId });
  }

  it(`appends ${PER_TAB} + ${PER_TAB} messages concurrently: 1,000 entries, seqs 1..1000, each tab hears the other`, async () => {
    const name = 'two-tabs';
    const conversationId = await first.evaluate(async (name) => {
      const store = await window.reliability.convolog.openStore({ name });
      const { id } = await store.createConversation({ title: 'shared' });
      store.close();
      return id;
    }, name);
    await listen(first, name, conversationId);
    await listen(second, name, conversationId);

    const appendAll = (page: Page, label: string) => page.evaluate(async ({ conversationId, label, count }) => {
      const { user } = window.reliability.convolog;
      const store = (window as unknown as { tabStore: import('../../src/index.js').ConvologStore }).tabStore;
      const seqs: number[] = [];
      // Waves of 25 appends in flight at once: a busy tab, not a polite one.
      for (let wave = 0; wave < count; wave += 25) {
        const batch = await Promise.all(Array.from({ length: Math.min(25, count - wave) }, (_, offset) =>
          store.append(conversationId, [user(`${label} ${wave + offset}`)])));
        seqs.push(...batch.map(([entry]) => entry!.seq));
      }
      return seqs;
    }, { conversationId, label, count: PER_TAB });
    const started = Date.now();
    const [firstSeqs, secondSeqs] = await Promise.all([appendAll(first, 'A'), appendAll(second, 'B')]);
    const milliseconds = Date.now() - started;

    expect(new Set([...firstSeqs, ...secondSeqs]).size).toBe(2 * PER_TAB);
    const stored = await first.evaluate(async (conversationId) => {
      const store = (window as unknown as { tabStore: import('../../src/index.js').ConvologStore }).tabStore;
      const entries = await store.entries(conversationId);
      const conversation = await store.getConversation(conversationId);
      return {
        seqs: entries.map((entry) => entry.seq),
        texts: entries.map((entry) => (entry.type === 'message' ? entry.message.content : '')),
        lastSeq: conversation?.lastSeq,
      };
    }, conversationId);
    expect(stored.seqs).toEqual(Array.from({ length: 2 * PER_TAB }, (_, index) => index + 1));
    expect(stored.lastSeq).toBe(2 * PER_TAB);
    const expectedTexts = [...Array.from({ length: PER_TAB }, (_, index) => `A ${index}`), ...Array.from({ length: PER_TAB }, (_, index) => `B ${index}`)];
    expect([...stored.texts].sort()).toEqual(expectedTexts.sort());
    // Interleaved, or the test proved nothing about concurrency.
    const switches = stored.texts.filter((text, index) => index > 0 && String(text)[0] !== String(stored.texts[index - 1])[0]).length;
    expect(switches).toBeGreaterThan(10);

    // Each tab hears exactly the other's 500 appends (BroadcastChannel is asynchronous: wait).
    const heardBy = (page: Page) => page.waitForFunction((count) => (window as unknown as { heard: number[] }).heard.length >= count, PER_TAB, { timeout: 30_000 })
      .then(() => page.evaluate(() => [...(window as unknown as { heard: number[] }).heard].sort((a, b) => a - b)));
    expect(await heardBy(first)).toEqual([...secondSeqs].sort((a, b) => a - b));
    expect(await heardBy(second)).toEqual([...firstSeqs].sort((a, b) => a - b));
    recordFigure('two-tabs', { entries: stored.seqs.length, interleavings: switches, milliseconds });
  });

  it('lets exactly one of two tabs answering the same turn with expectedLastSeq win; the other gets conflict', async () => {
    const name = 'two-tabs-race';
    const conversationId = await first.evaluate(async (name) => {
      const { openStore, user } = window.reliability.convolog;
      const store = await openStore({ name });
      const { id } = await store.createConversation({ title: 'race' });
      await store.append(id, [user('Which tab answers?')]);
      store.close();
      return id;
    }, name);
    await listen(first, name, conversationId);
    await listen(second, name, conversationId);
    const rounds = 25;
    const answer = (page: Page, label: string, expectedLastSeq: number) => page.evaluate(async ({ conversationId, label, expectedLastSeq }) => {
      const { assistant, user } = window.reliability.convolog;
      const store = (window as unknown as { tabStore: import('../../src/index.js').ConvologStore }).tabStore;
      try {
        // An answer and the next question: a turn, written only if nobody answered first.
        await store.append(conversationId, [assistant(`answer from ${label}`), user(`next question after ${label}`)], { expectedLastSeq });
        return { won: true as const };
      } catch (error) {
        return { won: false as const, error: window.reliability.describeError(error) };
      }
    }, { conversationId, label, expectedLastSeq });
    let lastSeq = 1;
    const winners: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const [fromFirst, fromSecond] = await Promise.all([answer(first, 'A', lastSeq), answer(second, 'B', lastSeq)]);
      const outcomes = [fromFirst, fromSecond];
      expect(outcomes.filter((outcome) => outcome.won), `round ${round}`).toHaveLength(1);
      const loser = outcomes.find((outcome) => !outcome.won);
      expect(loser && !loser.won ? loser.error.code : undefined).toBe('conflict');
      winners.push(fromFirst.won ? 'A' : 'B');
      lastSeq += 2;
    }
    const texts = await first.evaluate(async (conversationId) => {
      const store = (window as unknown as { tabStore: import('../../src/index.js').ConvologStore }).tabStore;
      return (await store.entries(conversationId)).map((entry) => (entry.type === 'message' ? JSON.stringify(entry.message.content) : ''));
    }, conversationId);
    expect(texts).toHaveLength(1 + 2 * rounds);
    winners.forEach((winner, round) => expect(texts[1 + 2 * round]).toContain(`answer from ${winner}`));
    recordFigure('expected-last-seq-race', { rounds, winsA: winners.filter((winner) => winner === 'A').length, winsB: winners.filter((winner) => winner === 'B').length });
  });

  it('2b: opens the store and appends inside a dedicated Web Worker; the page hears it through subscribe', async () => {
    const name = 'worker';
    const result = await first.evaluate(async (name) => {
      const { openStore } = window.reliability.convolog;
      const store = await openStore({ name });
      const { id } = await store.createConversation({ title: 'worker' });
      const heard: { seq: number; origin: string }[] = [];
      store.subscribe((change) => {
        if (change.type === 'entries_appended') heard.push(...change.entries.map((entry) => ({ seq: entry.seq, origin: change.origin })));
      }, { conversationId: id });
      const worker = new Worker('/test/reliability/pages/store-worker.ts', { type: 'module' });
      const reply = await new Promise<{ ok: boolean; seqs?: number[]; entryCount?: number; error?: string }>((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`worker failed: ${event.message}`));
        worker.postMessage({ name, conversationId: id, count: 20 });
      });
      worker.terminate();
      const deadline = Date.now() + 10_000;
      while (heard.length < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const entries = await store.entries(id);
      store.close();
      return { reply, heard, pageSeqs: entries.map((entry) => entry.seq) };
    }, name);
    expect(result.reply).toMatchObject({ ok: true, entryCount: 20 });
    expect(result.reply.seqs).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(result.pageSeqs).toEqual(result.reply.seqs);
    expect(result.heard).toEqual(result.reply.seqs!.map((seq) => ({ seq, origin: 'other_tab' })));
  });
});
