// Steps a test takes on the demo page, through its data-testid hooks only.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

const SCREENSHOT_DIRECTORY = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Opens the demo (fast offline assistant unless `query` says otherwise) and waits until it is ready. */
export async function openDemo(page: Page, origin: string, query = 'speed=fast', hash = ''): Promise<void> {
  await page.goto(`${origin}/?${query}${hash}`);
  await waitForReady(page);
}

/**
 * Reloads mid-storm, not waiting past the navigation's commit. Reloading again a few
 * milliseconds after the last one can catch Chromium between the old document and the new one,
 * when the protocol answers "Not attached to an active page": the reload never started, so it is
 * tried again once the new document is attached (that is a fact about the driver, not the demo).
 */
export async function reloadAtOnce(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.reload({ waitUntil: 'commit' });
      return;
    } catch (error) {
      if (attempt >= 5 || !/Not attached to an active page/.test(String(error))) throw error;
      await page.waitForTimeout(20 * attempt);
    }
  }
}

/** Waits for the app to have loaded its list and reopened its chat. */
export async function waitForReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-app-state="ready"]', { timeout: 30_000 });
}

/** The element with `data-testid=testId`. */
export function byTestId(page: Page | Locator, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"]`);
}

/** Transcript messages of `role` (stored and streaming). */
export function messages(page: Page, role?: 'user' | 'assistant' | 'tool'): Locator {
  return page.locator(role === undefined ? '[data-testid="message"]' : `[data-testid="message"][data-role="${role}"]`);
}

/**
 * Clicks New chat and waits for the draft: the empty chat pane, no chat marked open. Nothing is
 * stored until the first message is sent.
 */
export async function newChat(page: Page): Promise<void> {
  await byTestId(page, 'new-chat').click();
  await page.waitForFunction(() =>
    document.querySelector<HTMLElement>('.chat-actions')?.hidden === true
    && document.querySelectorAll('[data-testid="message"]').length === 0
    && document.querySelector('[data-testid="conversation-item"][aria-current="true"]') === null, undefined, { timeout: 15_000 });
}

/** Types `text` in the composer and sends it with the Send button. */
export async function send(page: Page, text: string): Promise<void> {
  await byTestId(page, 'composer').fill(text);
  await byTestId(page, 'send').click();
}

/** Waits until no reply is running (Send is back, Stop is gone). */
export async function waitForIdle(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => {
    const stop = document.querySelector<HTMLElement>('[data-testid="stop"]');
    const streaming = document.querySelector('[data-streaming="true"]');
    return stop !== null && stop.hidden && streaming === null;
  }, undefined, { timeout });
}

/** Sends `text` and waits until it is in the transcript and the whole turn (tools included) is over. */
export async function sendAndWait(page: Page, text: string): Promise<void> {
  const before = await messages(page, 'user').count();
  await send(page, text);
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="message"][data-role="user"]').length > count,
    before, { timeout: 30_000 });
  await waitForIdle(page);
}

/** Texts of the notices shown. */
export async function noticeTexts(page: Page): Promise<string[]> {
  return byTestId(page, 'notice').allInnerTexts();
}

/** Waits for a notice whose text matches `pattern`. */
export async function waitForNotice(page: Page, pattern: RegExp, timeout = 15_000): Promise<string> {
  const handle = await page.waitForFunction((source) => {
    const regex = new RegExp(source.pattern, source.flags);
    const notices = [...document.querySelectorAll<HTMLElement>('[data-testid="notice"]')];
    return notices.map((notice) => notice.innerText).find((text) => regex.test(text)) ?? false;
  }, { pattern: pattern.source, flags: pattern.flags }, { timeout });
  return (await handle.jsonValue()) as string;
}

/** Saves a screenshot under test/e2e/screenshots/ (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIRECTORY}${name}.png` });
}
