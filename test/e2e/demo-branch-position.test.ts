// Switching versions keeps the clicked switcher where it was on screen (a longer branch used to
// jump to the bottom, throwing the message off-screen), and a regenerated turn with tool calls
// shows its ‹ n/m › on the answer whose Regenerate was clicked, not on the tool-calling message.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { byTestId, messages, screenshot, sendAndWait, waitForIdle } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';

const demo = useDemoEnvironment();

/** The switcher's top, relative to the transcript box (px). */
async function switcherTop(page: Page, message: Locator): Promise<number> {
  const box = await page.locator('.transcript').boundingBox();
  const switcher = await message.locator('.branch-switcher').boundingBox();
  if (box === null || switcher === null) throw new Error('The switcher is not shown.');
  return switcher.y - box.y;
}

async function edit(page: Page, message: Locator, text: string): Promise<void> {
  await message.hover();
  await byTestId(message, 'edit-message').click();
  await byTestId(message, 'edit-input').fill(text);
  await byTestId(message, 'edit-save').click();
  await page.waitForFunction((expected) => [...document.querySelectorAll('[data-testid="message"][data-role="user"]')]
    .some((node) => node.querySelector('.bubble')?.textContent?.includes(expected)), text);
  await waitForIdle(page);
}

describe('demo: switching versions in place', () => {
  for (const [name, viewport] of [['desktop', undefined], ['mobile', MOBILE]] as const) {
    it(`keeps the switched message where it was when the other version's branch is longer (${name})`, async () => {
      await onDemoPage(demo, async ({ page, watch }) => {
        await sendAndWait(page, 'Hello! I am planning a trip.');
        await sendAndWait(page, 'Tell me about Oslo.');
        for (const topic of ['Bergen', 'Tromsø', 'Stavanger', 'Trondheim', 'Ålesund']) await sendAndWait(page, `And what about ${topic}?`);
        // A second version of the second message: a short branch.
        await edit(page, messages(page, 'user').nth(1), 'Tell me about Lisbon.');
        const question = messages(page, 'user').nth(1);
        await expect.poll(() => question.locator('[data-testid="branch-position"]').innerText()).toBe('2/2');
        await question.scrollIntoViewIfNeeded();
        const before = await switcherTop(page, question);

        await byTestId(question, 'branch-prev').click();
        await expect.poll(() => messages(page, 'user').count()).toBe(7);
        const after = await switcherTop(page, messages(page, 'user').nth(1));
        expect(Math.abs(after - before)).toBeLessThan(2);
        await screenshot(page, `${name}-branch-switched-in-place`);

        // And back to the short one: the switcher stays put as far as the shorter page allows.
        await byTestId(messages(page, 'user').nth(1), 'branch-next').click();
        await expect.poll(() => messages(page, 'user').count()).toBe(2);
        expect(await messages(page, 'user').nth(1).isVisible()).toBe(true);
        expect(watch.errors).toEqual([]);
      }, { viewport });
    });
  }

  it('shows the versions of a regenerated tool-calling turn on the answer that was regenerated', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'What is the weather in Lisbon?');
      const last = messages(page, 'assistant').last();
      await last.hover();
      await byTestId(last, 'regenerate').click();
      await page.waitForSelector('[data-streaming="true"]', { timeout: 10_000 }).catch(() => undefined);
      await waitForIdle(page);
      const answers = messages(page, 'assistant');
      await expect.poll(() => answers.last().locator('[data-testid="branch-position"]').innerText()).toBe('2/2');
      expect(await answers.first().locator('[data-testid="branch-position"]').count()).toBe(0);
      // It switches the whole turn, tool call included, and keeps focus on the button used.
      await byTestId(answers.last(), 'branch-prev').click();
      await expect.poll(() => answers.last().locator('[data-testid="branch-position"]').innerText()).toBe('1/2');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toMatch(/branch-(prev|next)/);
      expect(await byTestId(page, 'tool-call').count()).toBe(1);
      await screenshot(page, 'desktop-branch-regenerated-tools');
      expect(watch.errors).toEqual([]);
    });
  });
});
