// Resuming in the demo: a reload brings back every chat and the open one exactly; Stop keeps
// what streamed; a turn stopped inside a tool window is settled before the next message.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE, newContext, watchPage } from './support/browser.js';
import {
  byTestId, messages, newChat, openDemo, screenshot, send, sendAndWait, waitForIdle, waitForNotice, waitForReady,
} from './support/demo-page.js';

const demo = useDemoEnvironment();

/** Everything visible in the transcript, in order: role and text of each message. */
async function transcriptSnapshot(page: import('playwright-core').Page): Promise<string[]> {
  return page.locator('[data-testid="message"]').evaluateAll((nodes) =>
    nodes.map((node) => `${(node as HTMLElement).dataset.role}: ${(node as HTMLElement).innerText.trim()}`));
}

describe('demo: resume', () => {
  it('brings back every chat, the open one exactly, after a reload', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      await sendAndWait(page, 'First chat: what is 2+3?');
      await newChat(page);
      await sendAndWait(page, 'Second chat: weather in Oslo and Paris?');
      const before = await transcriptSnapshot(page);
      expect(before.filter((line) => line.startsWith('tool:'))).toHaveLength(2);
      // The sidebar settles (titles from first messages, most recent first) before we compare.
      await expect.poll(() => byTestId(page, 'conversation-item').allInnerTexts())
        .toEqual([expect.stringContaining('Second chat'), expect.stringContaining('First chat')]);
      // Titles only, as text content: innerText depends on layout (a line break appears once the
      // stylesheet applies) and the relative time may tick over; neither is what a reload must keep.
      const sidebarTitles = () => byTestId(page, 'conversation-item').locator('.conversation-title').allTextContents();
      const titles = await sidebarTitles();
      expect(titles).toHaveLength(2);

      await page.reload();
      await waitForReady(page);
      expect(await transcriptSnapshot(page)).toEqual(before);
      expect(await sidebarTitles()).toEqual(titles);
      expect(await page.locator('[data-testid="conversation-item"][aria-current="true"]').innerText()).toContain('Second chat');

      // The other chat is intact too, and opening it marks it current.
      await byTestId(page, 'conversation-item').nth(1).click();
      await expect.poll(() => page.locator('[aria-current="true"]').innerText()).toContain('First chat');
      expect(await messages(page, 'assistant').last().innerText()).toContain('2+3 = 5');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Stop keeps the text that streamed, stores it as stopped, and runs no tools', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await openDemo(page, demo.server.origin, 'tokenDelay=60&toolDelay=50');
      await send(page, 'Tell me something long about this demo please');
      await page.waitForFunction(() => (document.querySelector('[data-streaming="true"] .text')?.textContent ?? '').split(' ').length > 6);
      await byTestId(page, 'stop').click();
      await waitForIdle(page);
      const stopped = messages(page, 'assistant');
      expect(await stopped.count()).toBe(1);
      const text = await stopped.locator('.text').innerText();
      expect(text.length).toBeGreaterThan(10);
      expect(await stopped.innerText()).toContain('Stopped');

      await page.reload();
      await waitForReady(page);
      expect(await messages(page, 'assistant').locator('.text').innerText()).toBe(text);
    } finally {
      await context.close();
    }
  });

  it('stopped inside a tool window: shows it, and settles it with a notice before the next message', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin, 'speed=fast&toolDelay=60000');
      await send(page, 'What is the weather in Bergen?');
      await page.waitForSelector('[data-testid="tool-call"][data-state="running"]');
      await byTestId(page, 'stop').click();
      await waitForIdle(page);
      expect(await byTestId(page, 'tool-call').getAttribute('data-state')).toBe('pending');
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(true);
      expect(await byTestId(page, 'interrupted').innerText()).toMatch(/closed with an error result when you send your next message/);

      // The tab "dies" here: a reload finds the unsettled window and says so.
      await page.goto(`${demo.server.origin}/?speed=fast`);
      await waitForReady(page);
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(true);
      expect(await messages(page, 'tool').count()).toBe(0);
      await screenshot(page, 'desktop-interrupted');

      await sendAndWait(page, 'Never mind. What is 6*7?');
      const notice = await waitForNotice(page, /interrupted/i);
      expect(notice).toMatch(/1 unanswered tool call was closed/);
      // The synthetic error result is folded under the call it answers.
      const settled = byTestId(page, 'tool-call').first().locator('[data-role="tool"]');
      expect(await settled.getAttribute('class')).toContain('is-error');
      expect(await settled.innerText()).toMatch(/Interrupted/);
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(false);
      expect(await messages(page, 'assistant').last().innerText()).toContain('6*7 = 42');
      await screenshot(page, 'desktop-settled');
      await page.setViewportSize(MOBILE);
      await page.waitForTimeout(400); // the sidebar slides away on narrow screens
      await screenshot(page, 'mobile-settled');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
