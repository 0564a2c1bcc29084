// A failed turn: the unanswered message gets its error and a Retry right under it, in its own
// chat only (not in another chat the user opens, back when they return), and both go once a
// reply succeeds. Retry answers the same message with the same context, on the same branch.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE, newContext, watchPage } from './support/browser.js';
import { byTestId, messages, noticeTexts, openDemo, screenshot, sendAndWait, waitForIdle } from './support/demo-page.js';
import { preferEndpoint, startScriptedEndpoint } from './support/scripted-endpoint.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('scripted endpoint', startScriptedEndpoint);

describe('demo: a failed turn', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    it(`offers Retry under the unanswered message, keeps the error with its chat and clears it on success (${name})`, async () => {
      const context = await newContext(demo.browser, viewport);
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        await preferEndpoint(page, endpoint);
        await openDemo(page, demo.server.origin);
        endpoint.script({ text: 'First answer.' });
        await sendAndWait(page, 'Warm up');
        endpoint.script({ status: 500, message: 'The model is overloaded.' });
        await sendAndWait(page, 'What is the capital of Peru?');
        const failure = byTestId(page, 'turn-failure');
        await failure.waitFor();
        expect(await failure.innerText()).toContain('The model is overloaded.');
        expect((await noticeTexts(page)).join('\n')).not.toContain('overloaded');
        await screenshot(page, `${name}-turn-failed`);

        // Another chat does not show it; coming back does.
        if (name === 'mobile') await page.locator('.menu-button').click();
        await byTestId(page, 'new-chat').click();
        await expect.poll(() => messages(page).count()).toBe(0);
        expect(await failure.count()).toBe(0);
        expect((await noticeTexts(page)).join('\n')).not.toContain('overloaded');
        if (name === 'mobile') await page.locator('.menu-button').click();
        await byTestId(page, 'conversation-item').filter({ hasText: 'Warm up' }).click();
        await failure.waitFor();

        endpoint.script({ text: 'Lima.' });
        const requestsBefore = endpoint.requests.length;
        await byTestId(page, 'retry-turn').click();
        await expect.poll(() => messages(page, 'assistant').last().innerText()).toContain('Lima.');
        await waitForIdle(page);
        expect(await failure.count()).toBe(0);
        // The same context as the failed request, and one user message: the same branch.
        expect(endpoint.requests.length).toBe(requestsBefore + 1);
        expect(endpoint.requests.at(-1)).toEqual(endpoint.requests.at(-2));
        expect(await messages(page, 'user').count()).toBe(2);
        expect(await byTestId(page, 'branch-position').count()).toBe(0);
        // Still gone after the next reply.
        await sendAndWait(page, 'Thanks');
        expect(await failure.count()).toBe(0);
        expect(watch.errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
