// Opens the reliability harness page and waits until the library loaded: in a Chromium context
// (playwright-core) or in any engine's ScenarioPage.
import type { BrowserContext, Page } from 'playwright-core';
import type { ScenarioPage } from './scenario-page.js';

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

/** Loads the harness in `page` (a fresh tab of any engine) and waits until the library loaded. */
export async function loadHarness(page: ScenarioPage, origin: string): Promise<ScenarioPage> {
  await page.goto(`${origin}${HARNESS_PATH}`);
  try {
    await page.waitForFunction(() => window.reliabilityReady === true, undefined, { timeout: 60_000 });
  } catch (error) {
    throw new Error(`The harness page did not load: ${page.errors().join('; ') || String(error)}`);
  }
  return page;
}
