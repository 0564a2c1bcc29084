// The frame of nearly every demo test: a fresh context, one watched page with the demo open, and
// the context closed afterwards, also when the test fails.
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newContext, watchPage, type PageWatch } from './browser.js';
import type { DemoEnvironment } from './demo-environment.js';
import { openDemo } from './demo-page.js';

/** How {@link onDemoPage} opens the page. */
export interface DemoPageOptions {
  /** The screen size; a laptop unless given. */
  readonly viewport?: { width: number; height: number };
  /** The demo's query string; `speed=fast` (the fast offline assistant) unless given. */
  readonly query?: string;
  /** Dismiss confirm dialogs instead of accepting them. */
  readonly dismissDialogs?: boolean;
}

/** What a test gets from {@link onDemoPage}. */
export interface DemoSession {
  readonly page: Page;
  readonly watch: PageWatch;
  /** The page's context, for a second tab on the same storage. */
  readonly context: BrowserContext;
}

/**
 * Runs `test` on a fresh context's page, watched, with the demo open and ready; closes the
 * context afterwards, also when `test` throws.
 * @example
 * await onDemoPage(demo, async ({ page, watch }) => {
 *   await sendAndWait(page, 'Hello');
 *   expect(watch.errors).toEqual([]);
 * }, { viewport: MOBILE });
 */
export async function onDemoPage(demo: DemoEnvironment, test: (session: DemoSession) => Promise<void>, options: DemoPageOptions = {}): Promise<void> {
  const context = await newContext(demo.browser, options.viewport ?? DESKTOP);
  try {
    const page = await context.newPage();
    const watch = watchPage(page, { dismissDialogs: options.dismissDialogs });
    await openDemo(page, demo.server.origin, options.query);
    await test({ page, watch, context });
  } finally {
    await context.close();
  }
}
