// Opens the reliability harness page in a Chromium context and waits until the library loaded.
import type { BrowserContext, Page } from 'playwright-core';

export const HARNESS_PATH = '/test/reliability/pages/harness.html';

export async function openHarness(context: BrowserContext, origin: string, setup?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await setup?.(page);
  await page.goto(`${origin}${HARNESS_PATH}`);
  try {
    await page.waitForFunction(() => window.reliabilityReady === true, undefined, { timeout: 60_000 });
  } catch (error) {
    throw new Error(`The harness page did not load: ${errors.join('; ') || String(error)}`);
  }
  return page;
}
