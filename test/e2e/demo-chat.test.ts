// The demo in real Chromium: a chat is created, a reply streams in, tools run and fold their
// results under the call, and everything comes back after a reload.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE, newContext, watchPage } from './support/browser.js';
import {
  byTestId, messages, newChat, openDemo, screenshot, send, sendAndWait, waitForIdle, waitForReady,
} from './support/demo-page.js';

const demo = useDemoEnvironment();

describe('demo: chatting', () => {
  it('creates a chat, streams a reply token by token and stores only the finished message', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin, 'tokenDelay=40&toolDelay=50');
      await screenshot(page, 'desktop-empty');

      await byTestId(page, 'new-chat').click();
      await send(page, 'Hello there');
      // The first message created the chat (New chat alone stores nothing).
      await expect.poll(() => byTestId(page, 'conversation-item').count()).toBe(1);
      expect(await byTestId(page, 'conversation-item').first().getAttribute('aria-current')).toBe('true');
      // While streaming, the partial grows in memory (several distinct lengths are seen).
      const lengths = new Set<number>();
      await page.waitForSelector('[data-streaming="true"]');
      while (await page.locator('[data-streaming="true"]').count() > 0) {
        lengths.add((await page.locator('[data-streaming="true"]').innerText().catch(() => '')).length);
        await page.waitForTimeout(30);
      }
      expect(lengths.size).toBeGreaterThan(3);
      await waitForIdle(page);

      expect(await messages(page, 'user').allInnerTexts()).toEqual([expect.stringContaining('Hello there')]);
      const reply = await messages(page, 'assistant').innerText();
      expect(reply).toContain('offline demo assistant');
      // The first message named the chat.
      await expect.poll(() => byTestId(page, 'conversation-item').innerText()).toContain('Hello there');
      await screenshot(page, 'desktop-reply');

      // What is stored is exactly the finished reply: read it back through a reload.
      await page.reload();
      await waitForReady(page);
      expect(await messages(page, 'assistant').innerText()).toBe(reply);

      // The next reply streams without redrawing what is above the messages: each chunk used to
      // rebuild the transcript's top line, and the scroll that followed reflowed every message
      // (5 s of a turn in a chat showing 660 messages).
      await page.evaluate(() => {
        const counter = { records: 0 };
        Object.assign(window, { __topChanges: counter });
        new MutationObserver((records) => { counter.records += records.length; })
          .observe(document.querySelector('.transcript-top')!, { childList: true, subtree: true, characterData: true });
      });
      await sendAndWait(page, 'And once more');
      expect(await messages(page, 'assistant').count()).toBe(2);
      expect(await page.evaluate(() => (window as unknown as { __topChanges: { records: number } }).__topChanges.records)).toBe(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a weather tool call with its result folded under it, then the answer', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      await sendAndWait(page, "What's the weather in Lisbon?");

      const call = byTestId(page, 'tool-call');
      await expect.poll(() => call.count()).toBe(1);
      expect(await call.getAttribute('data-tool')).toBe('get_weather');
      expect(await call.innerText()).toContain('Lisbon');
      // The result is inside the call, not a separate transcript row.
      const result = call.locator('[data-testid="message"][data-role="tool"]');
      expect(await result.count()).toBe(1);
      expect(await result.innerText()).toMatch(/temperatureC/);
      const answer = messages(page, 'assistant').last();
      expect(await answer.innerText()).toMatch(/In Lisbon it is -?\d+°C/);

      await sendAndWait(page, 'what is 12*7?');
      const calculator = byTestId(page, 'tool-call').last();
      expect(await calculator.getAttribute('data-tool')).toBe('calculator');
      expect(await calculator.locator('[data-role="tool"]').innerText()).toContain('84');
      expect(await messages(page, 'assistant').last().innerText()).toContain('12*7 = 84');
      await screenshot(page, 'desktop-tools');

      await page.setViewportSize(MOBILE);
      await page.waitForTimeout(300);
      await screenshot(page, 'mobile-tools');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lays out at desktop and phone sizes: no horizontal overflow, a drawer sidebar on phones', async () => {
    const context = await newContext(demo.browser, MOBILE);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      await screenshot(page, 'mobile-empty');
      const overflow = (): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(await overflow()).toBe(false);
      // The sidebar is off screen until the menu button opens it.
      expect(await byTestId(page, 'new-chat').isVisible()).toBe(false);
      await page.locator('.menu-button').click();
      await expect.poll(() => byTestId(page, 'new-chat').isVisible()).toBe(true);
      await page.waitForTimeout(300);
      await screenshot(page, 'mobile-sidebar');
      await newChat(page);
      await expect.poll(() => byTestId(page, 'new-chat').isVisible()).toBe(false);
      await sendAndWait(page, 'Is it raining in Oslo, and what is (17+5)*3?');
      expect(await byTestId(page, 'tool-call').count()).toBe(2);
      expect(await overflow()).toBe(false);
      const composer = await byTestId(page, 'composer').boundingBox();
      expect(composer !== null && composer.y + composer.height <= MOBILE.height).toBe(true);
      await screenshot(page, 'mobile-two-tools');
      await byTestId(page, 'settings').evaluate((element) => (element as HTMLElement).click());
      await page.waitForSelector('dialog[open]');
      await screenshot(page, 'mobile-settings');
      await page.keyboard.press('Escape');

      await page.setViewportSize(DESKTOP);
      await page.goto(`${demo.server.origin}/?tokenDelay=60&toolDelay=3000${new URL(page.url()).hash}`);
      await waitForReady(page);
      await send(page, 'What is the weather in Kyoto and in Nairobi?');
      await page.waitForSelector('[data-testid="tool-call"][data-state="running"]');
      await screenshot(page, 'desktop-tool-running');
      await byTestId(page, 'stop').click();
      await waitForIdle(page);
      expect(await overflow()).toBe(false);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(400); // let the colour transitions settle
      await screenshot(page, 'desktop-dark');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
