// Scenario 10: a long chat. A 50,000-entry conversation opens in the demo in bounded batches
// (every IndexedDB read while loading and paging is counted: no giant getAll), at the bottom,
// pages older messages in as the user scrolls up, and stays usable (a new turn completes).
// The peak JS heap is reported (CDP Performance.getMetrics).
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { useBrowserSuite } from './support/browser-suite.js';
import { openHarness } from './support/harness-page.js';
import { byTestId, messages, waitForReady } from '../e2e/support/demo-page.js';
import { recordFigure } from './support/figures.js';

const ENTRIES = Number(process.env.CONVOLOG_LONG_ENTRIES ?? 50_000);
const BATCH = 5_000;
/** The most records one read may return while the chat loads and pages. */
const READ_BOUND = 1_000;

interface ReadLog { phase: string; kind: string; store: string; records: number }

/** Counts what every IndexedDB read returns, by phase (set by the test as window.__phase). */
function instrumentReads(): void {
  const reads: ReadLog[] = [];
  Object.assign(window, { __reads: reads, __phase: 'boot' });
  const phase = () => (window as unknown as { __phase: string }).__phase;
  for (const Target of [IDBObjectStore, IDBIndex]) {
    for (const method of ['getAll', 'getAllKeys', 'openCursor', 'openKeyCursor'] as const) {
      const original = Target.prototype[method as keyof typeof Target.prototype] as unknown as (...args: unknown[]) => IDBRequest;
      Object.defineProperty(Target.prototype, method, {
        configurable: true,
        writable: true,
        value(this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
          const request = original.apply(this, args);
          const storeName = this instanceof IDBIndex ? this.objectStore.name : this.name;
          const entry: ReadLog = { phase: phase(), kind: method, store: storeName, records: 0 };
          reads.push(entry);
          request.addEventListener('success', () => {
            const result = request.result as unknown;
            if (Array.isArray(result)) entry.records = result.length;
            else if (result !== null && result !== undefined) entry.records++; // one cursor step
          });
          return request;
        },
      });
    }
  }
}

async function heapBytes(session: CDPSession): Promise<number> {
  const { metrics } = await session.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

function largestRead(reads: readonly ReadLog[], phase: string): number {
  return Math.max(0, ...reads.filter((read) => read.phase === phase).map((read) => read.records));
}

describe('scenario 10: long chat', () => {
  const suite = useBrowserSuite('long');

  it(`opens a ${ENTRIES.toLocaleString('en')}-entry chat in bounded batches, pages on scroll, and stays usable`, async () => {
    const writer = await openHarness(suite.chromium.context, suite.server.origin);
    const written = await writer.evaluate(async ({ entries, batch }) => {
      const { openStore, user, assistant } = window.reliability.convolog;
      const store = await openStore();
      const { id } = await store.createConversation({ title: 'Long chat' });
      const started = performance.now();
      for (let from = 0; from < entries; from += batch) {
        const messages = Array.from({ length: Math.min(batch, entries - from) }, (_, offset) => {
          const index = from + offset;
          return index % 2 === 0 ? user(`Question ${index / 2 + 1}: what about item ${index}?`) : assistant(`Answer ${(index + 1) / 2}: item ${index - 1} is fine.`);
        });
        await store.append(id, messages);
      }
      const milliseconds = performance.now() - started;
      const conversation = await store.getConversation(id);
      // The store's own paging: the last 100 before the end, one bounded range.
      const tail = await store.entries(id, { beforeSeq: entries + 1, limit: 100 });
      store.close();
      return { id, milliseconds, lastSeq: conversation?.lastSeq, tail: [tail[0]?.seq, tail.at(-1)?.seq, tail.length] };
    }, { entries: ENTRIES, batch: BATCH });
    expect(written.lastSeq).toBe(ENTRIES);
    expect(written.tail).toEqual([ENTRIES - 99, ENTRIES, 100]);
    await writer.close();

    const demo: Page = await suite.chromium.context.newPage();
    await demo.addInitScript(instrumentReads);
    const session = await demo.context().newCDPSession(demo);
    await session.send('Performance.enable');
    const heap: number[] = [];
    await demo.goto(`${suite.server.origin}/?speed=fast`);
    await waitForReady(demo);
    await demo.evaluate(() => Object.assign(window, { __phase: 'open' }));
    const opening = Date.now();
    const item = byTestId(demo, 'conversation-item').filter({ hasText: 'Long chat' });
    if ((await item.getAttribute('aria-current')) !== 'true') await item.click();
    await demo.waitForFunction((last) => [...document.querySelectorAll('[data-testid="message"]')].some((element) => element.textContent?.includes(`Answer ${last}:`)), ENTRIES / 2, { timeout: 60_000 });
    const openMilliseconds = Date.now() - opening;
    heap.push(await heapBytes(session));
    const shownAtOpen = await messages(demo).count();

    await demo.evaluate(() => Object.assign(window, { __phase: 'scroll' }));
    for (let page = 0; page < 10; page++) {
      const before = await messages(demo).count();
      await demo.locator('.transcript').evaluate((element) => { element.scrollTop = 0; element.dispatchEvent(new Event('scroll')); });
      await demo.waitForFunction((count) => document.querySelectorAll('[data-testid="message"]').length > count, before, { timeout: 20_000 });
    }
    const shownAfterScroll = await messages(demo).count();
    heap.push(await heapBytes(session));
    const firstShown = await messages(demo).first().innerText();

    // Usable: a new turn on top of 50,000 entries.
    await demo.evaluate(() => Object.assign(window, { __phase: 'send' }));
    const sending = Date.now();
    await byTestId(demo, 'composer').fill('Still responsive after fifty thousand entries?');
    await byTestId(demo, 'send').click();
    await demo.waitForFunction(() => {
      const stop = document.querySelector<HTMLElement>('[data-testid="stop"]');
      const users = [...document.querySelectorAll('[data-testid="message"][data-role="user"]')];
      return stop !== null && stop.hidden && document.querySelector('[data-streaming="true"]') === null &&
        users.at(-1)?.textContent?.includes('Still responsive') === true;
    }, undefined, { timeout: 120_000 });
    const turnMilliseconds = Date.now() - sending;
    heap.push(await heapBytes(session));
    const reads = await demo.evaluate(() => (window as unknown as { __reads: ReadLog[] }).__reads);
    const stored = await demo.evaluate(async () => {
      const request = indexedDB.open('convolog');
      const database = await new Promise<IDBDatabase>((resolve) => { request.onsuccess = () => resolve(request.result); });
      const conversations = await new Promise<{ title: string; lastSeq: number }[]>((resolve) => {
        const read = database.transaction('conversations').objectStore('conversations').getAll();
        read.onsuccess = () => resolve(read.result);
      });
      database.close();
      return conversations.find((conversation) => conversation.title === 'Long chat')?.lastSeq;
    });

    expect(shownAtOpen).toBeLessThanOrEqual(READ_BOUND);
    expect(shownAfterScroll).toBeGreaterThan(shownAtOpen);
    expect(shownAfterScroll).toBeLessThan(ENTRIES / 10);
    expect(firstShown).not.toContain('Question 1:');
    expect(largestRead(reads, 'open')).toBeLessThanOrEqual(READ_BOUND);
    expect(largestRead(reads, 'scroll')).toBeLessThanOrEqual(READ_BOUND);
    expect(stored).toBeGreaterThanOrEqual(ENTRIES + 2);
    const peakHeapMegabytes = Math.round(Math.max(...heap) / 1024 / 1024 * 10) / 10;
    const bigReadsWhileSending = reads.filter((read) => read.phase === 'send' && read.records > READ_BOUND).map((read) => `${read.kind}(${read.store})=${read.records}`);
    recordFigure('long-chat', {
      bigReadsWhileSending, entries: ENTRIES, appendMilliseconds: Math.round(written.milliseconds), openMilliseconds, turnMilliseconds,
      messagesInDomAtOpen: shownAtOpen, messagesInDomAfter10Pages: shownAfterScroll,
      largestReadOpen: largestRead(reads, 'open'), largestReadScroll: largestRead(reads, 'scroll'), largestReadSend: largestRead(reads, 'send'),
      readsOpen: reads.filter((read) => read.phase === 'open').length, peakHeapMegabytes,
    });
    expect(peakHeapMegabytes).toBeLessThan(256);
  });
});
