// Headless system Chromium driven by playwright-core, one fresh context per test.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/find-chromium.mjs';

/** Launches Chromium (never downloaded: the system one, see scripts/find-chromium.mjs). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
}

/** A laptop screen. */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A phone screen. */
export const MOBILE = { width: 390, height: 844 } as const;

/** What a page did that a test may want to assert on. */
export interface PageWatch {
  /** Every request the page made, by URL. */
  readonly requests: string[];
  /** Every dialog (alert/confirm/prompt) that opened, by message. */
  readonly dialogs: string[];
  /** Uncaught errors and console errors. */
  readonly errors: string[];
}

/** A fresh context (its own storage) at `viewport`. */
export async function newContext(browser: Browser, viewport: { width: number; height: number } = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    acceptDownloads: true,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
}

/**
 * Records what `page` does. Confirm dialogs are accepted unless `dismissDialogs`; every dialog
 * is recorded either way, so a test can assert none was opened by content.
 */
export function watchPage(page: Page, options: { dismissDialogs?: boolean } = {}): PageWatch {
  const watch: PageWatch = { requests: [], dialogs: [], errors: [] };
  page.on('request', (request) => watch.requests.push(request.url()));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void (options.dismissDialogs ? dialog.dismiss() : dialog.accept()).catch(() => undefined);
  });
  page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
  });
  return watch;
}
