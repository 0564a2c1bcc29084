// Two tabs on the same chat see each other's messages appear (store.subscribe across tabs).
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, messages, openDemo, screenshot, sendAndWait, waitForNotice } from './support/demo-page.js';

const demo = useDemoEnvironment();

describe('demo: live across tabs', () => {
  it('shows messages from the other tab as they are appended, both ways', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const first = await context.newPage();
      const second = await context.newPage();
      const watchFirst = watchPage(first);
      const watchSecond = watchPage(second);
      await openDemo(first, demo.server.origin);
      await sendAndWait(first, 'Hello from the first tab');
      const conversationId = await byTestId(first, 'conversation-item').getAttribute('data-conversation-id');

      await openDemo(second, demo.server.origin, 'speed=fast', `#/c/${conversationId}`);
      expect(await messages(second, 'user').innerText()).toContain('Hello from the first tab');

      await sendAndWait(second, 'What is the weather in Tromsø?');
      // The first tab never reloaded: the new user message, the tool window and the answer arrive live.
      await expect.poll(() => messages(first, 'user').count(), { timeout: 10_000 }).toBe(2);
      await expect.poll(() => messages(first, 'tool').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => messages(first, 'assistant').last().innerText(), { timeout: 10_000 }).toContain('In Tromsø it is');
      expect(await byTestId(first, 'tool-call').locator('[data-role="tool"]').count()).toBe(1);

      await sendAndWait(first, 'And what is 9*9?');
      await expect.poll(() => messages(second, 'assistant').last().innerText(), { timeout: 10_000 }).toContain('9*9 = 81');

      // Both show the same transcript, in the same order.
      const read = (page: typeof first): Promise<string[]> => messages(page).allInnerTexts();
      expect(await read(second)).toEqual(await read(first));

      // A chat created in one tab shows up in the other's sidebar; a rename too.
      await byTestId(second, 'new-chat').click();
      await sendAndWait(second, 'A second chat');
      await expect.poll(() => byTestId(first, 'conversation-item').count(), { timeout: 10_000 }).toBe(2);
      await screenshot(first, 'desktop-two-tabs');

      // Deleting the chat the other tab has open tells that tab.
      await byTestId(second, 'conversation-item').filter({ hasText: 'Tromsø' }).or(byTestId(second, 'conversation-item').filter({ hasText: 'Hello from' })).first().click();
      await byTestId(second, 'delete').click();
      await waitForNotice(first, /deleted in another tab/);
      await expect.poll(() => byTestId(first, 'conversation-item').count()).toBe(1);
      expect([...watchFirst.errors, ...watchSecond.errors]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
