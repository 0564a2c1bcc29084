// The demo steps the reliability scenarios take, on a ScenarioPage (so in Chromium and Firefox
// alike), through the demo's data-testid hooks only: the same steps as the e2e suite's
// test/e2e/support/demo-page.ts, which stays on Playwright's Page and locators.
import type { ScenarioPage } from './scenario-page.js';

export const testId = (id: string): string => `[data-testid="${id}"]`;

/** Waits for the app to have loaded its list and reopened its chat. */
export async function waitForReady(page: ScenarioPage): Promise<void> {
  await page.waitForSelector('body[data-app-state="ready"]', { timeout: 30_000 });
}

/** Opens the demo (fast offline assistant unless `query` says otherwise) and waits until it is ready. */
export async function openDemo(page: ScenarioPage, origin: string, query = 'speed=fast'): Promise<void> {
  await page.goto(`${origin}/?${query}`);
  await waitForReady(page);
}

/** Types `text` in the composer and sends it with the Send button. */
export async function send(page: ScenarioPage, text: string): Promise<void> {
  await page.fill(testId('composer'), text);
  await page.click(testId('send'));
}

/** Waits until no reply is running (Send is back, Stop is gone). */
export async function waitForIdle(page: ScenarioPage, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => {
    const stop = document.querySelector<HTMLElement>('[data-testid="stop"]');
    return stop !== null && stop.hidden && document.querySelector('[data-streaming="true"]') === null;
  }, undefined, { timeout });
}

/** The inner texts of the transcript's messages of `role`. */
export function messageTexts(page: ScenarioPage, role: 'user' | 'assistant' | 'tool'): Promise<string[]> {
  return page.evaluate((role) => [...document.querySelectorAll<HTMLElement>(`[data-testid="message"][data-role="${role}"]`)].map((element) => element.innerText), role);
}

/** Sends `text` and waits until it is in the transcript and the whole turn (tools included) is over. */
export async function sendAndWait(page: ScenarioPage, text: string): Promise<void> {
  const before = (await messageTexts(page, 'user')).length;
  await send(page, text);
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="message"][data-role="user"]').length > count, before, { timeout: 30_000 });
  await waitForIdle(page);
}

/** Waits for a notice whose text matches `pattern`, and returns that text. */
export async function waitForNotice(page: ScenarioPage, pattern: RegExp, timeout = 15_000): Promise<string> {
  const find = (source: { pattern: string; flags: string }) => {
    const regex = new RegExp(source.pattern, source.flags);
    return [...document.querySelectorAll<HTMLElement>('[data-testid="notice"]')].map((notice) => notice.innerText).find((text) => regex.test(text)) ?? false;
  };
  const source = { pattern: pattern.source, flags: pattern.flags };
  await page.waitForFunction(find, source, { timeout });
  return (await page.evaluate(find, source)) as string;
}
