// Compaction as the user reads it: one label for the whole dimmed range that is no longer sent
// (not one per message), and the marker's card and the toast tell the same token numbers.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { byTestId, screenshot, sendAndWait, waitForNotice, waitForReady } from './support/demo-page.js';
import { seedChats } from './support/seed-chats.js';
import { onDemoPage } from './support/demo-session.js';
import { startFakeOpenAIServer } from './support/fake-openai-server.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('fake OpenAI endpoint', () => startFakeOpenAIServer());

/** The numbers in `text`, commas dropped ("~1,234 tokens → ~400 tokens" → [1234, 400]). */
function numbers(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*/g)].map((match) => Number(match[0].replace(/,/g, '')));
}

/** The card's "before → after". */
async function cardNumbers(page: Page): Promise<number[]> {
  return numbers(await byTestId(page, 'compaction').last().locator('.compaction-stats').innerText());
}

async function chat(page: Page): Promise<void> {
  await sendAndWait(page, 'Hello! I am planning a trip to Portugal in May.');
  await sendAndWait(page, 'What is the weather in Lisbon?');
  await sendAndWait(page, 'And what is 1250*4 for the hotel budget?');
  await sendAndWait(page, 'How does compacting a chat work?');
  await sendAndWait(page, 'What is the weather in Porto?');
}

describe('demo: compaction labels and numbers', () => {
  it('labels the dimmed range once and agrees with the toast on the numbers (Compact button)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await chat(page);
      await byTestId(page, 'compact').click();
      const toast = await waitForNotice(page, /Compacted: the model is now sent/);
      const [after, before] = numbers(toast);
      expect(await cardNumbers(page)).toEqual([before, after]);
      expect(await page.locator('.is-folded').count()).toBeGreaterThan(2);
      expect(await byTestId(page, 'folded-range').count()).toBe(1);
      expect(await page.locator('.msg .folded-tag').count()).toBe(0);
      await byTestId(page, 'folded-range').scrollIntoViewIfNeeded();
      await screenshot(page, 'desktop-compaction-one-label');
      expect(watch.errors).toEqual([]);
    });
  });

  it('keeps agreeing after a reload of a long chat, whose kept messages are not all loaded', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const messages = Array.from({ length: 300 }, (_, index) => ({
        role: index % 2 === 0 ? 'user' as const : 'assistant' as const,
        text: `Message ${index + 1}: ${'a few words about the trip and the weather '.repeat(3)}`,
      }));
      await seedChats(page, [{ title: 'A long chat', messages }]);
      await byTestId(page, 'conversation-item').filter({ hasText: 'A long chat' }).click();
      await page.locator('[data-testid="message"]').first().waitFor();
      await byTestId(page, 'compact').click();
      const toast = await waitForNotice(page, /Compacted: the model is now sent/);
      const [after, before] = numbers(toast);
      expect(await cardNumbers(page)).toEqual([before, after]);
      await page.reload();
      await waitForReady(page);
      await byTestId(page, 'compaction').last().waitFor();
      await expect.poll(() => cardNumbers(page)).toEqual([before, after]);
      expect(watch.errors).toEqual([]);
    });
  });

  it('agrees with the auto-compact toast, measured by the endpoint\'s usage', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-model', contextWindow: 400, autoCompactPercent: 50 });
      await chat(page);

      const toast = await waitForNotice(page, /compacted before sending/);
      // The same way of writing numbers as the card: "~1,053 tokens", not "~1.05k".
      const reached = Number(/reached ~?([\d,]+) tokens/.exec(toast)![1]!.replace(/,/g, ''));
      const sent = Number(/now sent ~([\d,]+) tokens/.exec(toast)![1]!.replace(/,/g, ''));
      const [before, after] = await cardNumbers(page);
      expect(before).toBe(reached);
      expect(after).toBe(sent);
      expect(watch.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    });
  });
});
