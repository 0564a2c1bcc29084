// The part of a page the scenarios use, the same in every engine: run code in the page, wait for
// a condition in it, close it. Playwright's Page (Chromium) and Puppeteer's (Firefox over WebDriver
// BiDi) differ in argument order and defaults; these adapters give both Playwright's shape, so a
// scenario is written once.
import type { Page as PlaywrightPage } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';

export interface ScenarioPage {
  /** Runs `fn` in the page with `arg` (structured as JSON) and returns its result. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Resolves once `fn(arg)` is truthy in the page (polled), or rejects after `options.timeout` ms. */
  waitForFunction<A = undefined>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<void>;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  url(): string;
  close(): Promise<void>;
  /** Uncaught errors the page has thrown so far. */
  errors(): readonly string[];
}

export function fromPlaywright(page: PlaywrightPage): ScenarioPage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    goto: async (url) => { await page.goto(url); },
    errors: () => errors,
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    waitForFunction: async (fn, arg, options) => { await page.waitForFunction(fn as never, arg, options); },
    url: () => page.url(),
    close: () => page.close(),
  };
}

/** Polls every 50 ms, not per animation frame: Firefox runs no frames in a background tab. */
export function fromPuppeteer(page: PuppeteerPage): ScenarioPage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  return {
    goto: async (url) => { await page.goto(url); },
    errors: () => errors,
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    waitForFunction: async (fn, arg, options) => {
      await page.waitForFunction(fn as never, { polling: 50, timeout: options?.timeout ?? 30_000 }, arg);
    },
    url: () => page.url(),
    close: () => page.close(),
  };
}
