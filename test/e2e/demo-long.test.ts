// A long chat opens at the bottom and pages older messages in as the user scrolls up; a storm
// of reloads while a reply streams never loses what was committed.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE, newContext, watchPage } from './support/browser.js';
import { byTestId, messages, openDemo, reloadAtOnce, screenshot, send, sendAndWait, waitForNotice, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';

const demo = useDemoEnvironment();

let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'convolog-demo-long-'));
});

afterAll(async () => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** A serialized history of `turns` user/assistant pairs, numbered so order is checkable. */
function longHistory(turns: number): string {
  const messages = [];
  for (let turn = 1; turn <= turns; turn += 1) {
    messages.push({ role: 'user', content: `Question ${turn}: tell me about item ${turn}.` });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Answer ${turn}: item ${turn} is fine.` }] });
  }
  return JSON.stringify({ format: 'convolog.history', formatVersion: 1, messages });
}

describe('demo: long chats', () => {
  it('opens a long chat at the bottom with one page, and pages older messages in on scroll up', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      const path = join(directory, 'long-chat.json');
      writeFileSync(path, longHistory(300)); // 600 entries
      await byTestId(page, 'import').setInputFiles(path);
      await waitForNotice(page, /Imported/);

      const shown = (): Promise<number> => messages(page).count();
      const firstShown = async (): Promise<string> => messages(page).first().innerText();
      // Only the last page is in the DOM, and the view is at the bottom.
      expect(await shown()).toBeLessThan(130);
      expect(await messages(page).last().innerText()).toContain('Answer 300');
      const atBottom = await page.locator('.transcript').evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight < 4);
      expect(atBottom).toBe(true);

      // Scrolling up loads the page before, keeping what was on screen in place.
      const countBefore = await shown();
      const firstBefore = await firstShown();
      await page.locator('.transcript').evaluate((element) => { element.scrollTop = 0; });
      await expect.poll(shown).toBeGreaterThan(countBefore);
      expect(await firstShown()).not.toBe(firstBefore);
      const scrolledTo = await page.locator('.transcript').evaluate((element) => element.scrollTop);
      expect(scrolledTo).toBeGreaterThan(0);

      // Keep scrolling to the top: every message arrives, in order, and the start is marked.
      for (let round = 0; round < 20 && (await shown()) < 600; round += 1) {
        await page.locator('.transcript').evaluate((element) => { element.scrollTop = 0; });
        await page.waitForTimeout(120);
      }
      expect(await shown()).toBe(600);
      expect(await firstShown()).toContain('Question 1:');
      expect(await page.locator('.transcript-start').innerText()).toBe('Beginning of this chat');
      const numbers = await messages(page, 'user').evaluateAll((nodes) => nodes.map((node) => Number(/Question (\d+)/.exec(node.textContent ?? '')?.[1])));
      expect(numbers).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says "at least" in the context meter of a chat longer than the window, having read only its end', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await byTestId(page, 'settings').click();
      await byTestId(page, 'context-window').fill('4000');
      await byTestId(page, 'save-settings').click();
      await waitForNotice(page, /Settings saved/);
      const path = join(directory, 'longer-than-the-window.json');
      writeFileSync(path, longHistory(1500)); // 3,000 entries, ~12 tokens each
      await byTestId(page, 'import').setInputFiles(path);
      await waitForNotice(page, /Imported/);

      const meter = byTestId(page, 'context-meter');
      await expect.poll(() => meter.getAttribute('data-at-least')).toBe('true');
      // The first page from the end (1,000 entries) already fills 4,000 tokens: the meter stops there.
      const tokens = Number(await meter.getAttribute('data-tokens'));
      expect(tokens).toBeGreaterThanOrEqual(4000);
      expect(tokens).toBeLessThan(30_000);
      expect(await meter.innerText()).toMatch(/^>[\d.]+k \/ 4k tokens$/);
      expect(await meter.getAttribute('title')).toMatch(/longer than the window/);
      expect(await meter.evaluate((element) => element.classList.contains('is-near-limit'))).toBe(true);
      await screenshot(page, 'desktop-context-meter-at-least');
      expect(watch.errors).toEqual([]);
    });
  });

  it('survives a storm of reloads while a reply streams: nothing committed is lost', async () => {
    const context = await newContext(demo.browser, MOBILE);
    try {
      const page = await context.newPage();
      await openDemo(page, demo.server.origin);
      await sendAndWait(page, 'What is 2*21?');
      await sendAndWait(page, 'Weather in Nuuk?');
      const committed = await messages(page).allInnerTexts();

      await page.goto(`${demo.server.origin}/?tokenDelay=80${new URL(page.url()).hash}`);
      await waitForReady(page);
      await send(page, 'Please write a long answer while I keep reloading the page');
      await page.waitForSelector('[data-streaming="true"]');
      for (let reload = 0; reload < 20; reload += 1) {
        await reloadAtOnce(page);
        await page.waitForTimeout(reload % 3 === 0 ? 5 : 60);
      }
      await page.reload();
      await waitForReady(page);
      const after = await messages(page).allInnerTexts();
      // Everything committed before the storm is still there, in order; the user message sent
      // just before it was committed too (only the streaming partial may be gone).
      expect(after.slice(0, committed.length)).toEqual(committed);
      expect(after[committed.length]).toContain('Please write a long answer');
      expect(await byTestId(page, 'conversation-item').count()).toBe(1);
      await screenshot(page, 'mobile-after-reload-storm');
    } finally {
      await context.close();
    }
  });
});
