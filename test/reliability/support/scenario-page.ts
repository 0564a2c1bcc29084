// The part of a page the scenarios use, the same in every engine: run code in the page, wait for
// a condition or an element, type and click as the user does, reload, close. Playwright's Page
// (Chromium) and Puppeteer's (Firefox over WebDriver BiDi) differ in argument order, defaults and
// reload; these adapters give both Playwright's shape, so a scenario is written once. WebKitGTK's
// page, over classic WebDriver, has the same shape (support/webdriver-page.ts).
import type { Page as PlaywrightPage } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { reloadAtOnce } from '../../e2e/support/demo-page.js';

export interface ScenarioPage {
  /** Runs `fn` in the page with `arg` (structured as JSON) and returns its result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Resolves once `fn(arg)` is truthy in the page (polled), or rejects after `options.timeout` ms. */
  waitForFunction<A = undefined>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<void>;
  /** Resolves once an element matching `selector` is visible. */
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<void>;
  /** Types `text` into the (visible, enabled) element, replacing its value, as a user does. */
  fill(selector: string, text: string): Promise<void>;
  /** Clicks the (visible, enabled) element, as a user does. */
  click(selector: string): Promise<void>;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` in every document this page loads from now on, before the document's own scripts
   * (in WebKit, over classic WebDriver, only at the first command after the load).
   */
  addInitScript(fn: () => void): Promise<void>;
  /** Reloads, waiting only until the new document replaced the old one, not for it to load. */
  reloadAtOnce(): Promise<void>;
  url(): string;
  close(): Promise<void>;
  /** Uncaught errors the page has thrown so far. */
  errors(): readonly string[];
  /** The Playwright page behind it, in Chromium alone: for a CDP step. */
  readonly chromium?: PlaywrightPage;
}

export function fromPlaywright(page: PlaywrightPage): ScenarioPage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    waitForFunction: async (fn, arg, options) => { await page.waitForFunction(fn as never, arg, options); },
    waitForSelector: async (selector, options) => { await page.waitForSelector(selector, options); },
    fill: (selector, text) => page.locator(selector).fill(text),
    click: (selector) => page.locator(selector).click(),
    goto: async (url) => { await page.goto(url); },
    addInitScript: async (fn) => { await page.addInitScript(fn); },
    reloadAtOnce: () => reloadAtOnce(page),
    url: () => page.url(),
    close: () => page.close(),
    errors: () => errors,
    chromium: page,
  };
}

/** Polls every 50 ms, not per animation frame: Firefox runs no frames in a background tab. */
export function fromPuppeteer(page: PuppeteerPage): ScenarioPage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  return {
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    waitForFunction: async (fn, arg, options) => {
      await page.waitForFunction(fn as never, { polling: 50, timeout: options?.timeout ?? 30_000 }, arg);
    },
    waitForSelector: async (selector, options) => {
      await page.waitForSelector(selector, { visible: true, timeout: options?.timeout ?? 30_000 });
    },
    fill: (selector, text) => page.locator(selector).fill(text),
    click: (selector) => page.locator(selector).click(),
    goto: async (url) => { await page.goto(url); },
    addInitScript: async (fn) => { await page.evaluateOnNewDocument(fn); },
    reloadAtOnce: () => reloadMarked(page),
    url: () => page.url(),
    close: () => page.close(),
    errors: () => errors,
  };
}

/**
 * Puppeteer's reload waits at least for DOMContentLoaded (it has no "commit"), which would let the
 * app start before every reload. So the page is marked, reloaded from inside, and polled until a
 * document without the mark answers: the new one, however early.
 */
async function reloadMarked(page: PuppeteerPage): Promise<void> {
  await page.evaluate(() => {
    Object.assign(window, { __reloading: true });
    location.reload();
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const old = await page.evaluate(() => (window as unknown as { __reloading?: boolean }).__reloading === true).catch(() => true);
    if (!old) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('The page did not reload within 30 s');
}
