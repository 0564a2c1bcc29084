// Branches in the demo, in real Chromium: Edit sends a new version of a message and streams a
// fresh answer, Regenerate answers again, the ‹ n/m › switcher flips between versions (by mouse
// and keyboard), the branch shown survives a reload and follows another tab, compaction stays
// on its branch, and export/import keeps every branch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE, watchPage } from './support/browser.js';
import {
  byTestId, messages, openDemo, screenshot, send, sendAndWait, waitForIdle, waitForNotice, waitForReady,
} from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { useDownloads } from './support/downloads.js';

const demo = useDemoEnvironment();
const downloads = useDownloads('convolog-demo-branches-');

/** The text of a message's bubble or body, without its buttons. */
async function textOf(message: Locator): Promise<string> {
  return message.evaluate((node) => [...node.querySelectorAll(':scope > .bubble, :scope > .msg-body > .text')]
    .map((part) => part.textContent ?? '').join(' ').trim());
}

/** Every message on screen as `role: text`, tool results included. */
async function transcript(page: Page): Promise<string[]> {
  return messages(page).evaluateAll((nodes) => nodes.map((node) => {
    const element = node as HTMLElement;
    const text = element.querySelector(':scope > .bubble, :scope > .msg-body > .text, :scope > .tool-output')?.textContent ?? '';
    return `${element.dataset.role}: ${text.trim()}`;
  }));
}

/** The switcher position text of `message` (e.g. "2/3"; empty when it has one version only). */
function positionOf(message: Locator): Promise<string> {
  return byTestId(message, 'branch-position').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? '').join(' '));
}

/** Edits the user message `message` to `text` and waits until the fresh answer is written. */
async function edit(page: Page, message: Locator, text: string): Promise<void> {
  await message.hover();
  await byTestId(message, 'edit-message').click();
  const input = byTestId(message, 'edit-input');
  await input.fill(text);
  await byTestId(message, 'edit-save').click();
  await page.waitForFunction((expected) => [...document.querySelectorAll('[data-testid="message"][data-role="user"]')]
    .some((node) => node.querySelector('.bubble')?.textContent?.includes(expected)), text);
  await waitForIdle(page);
}

/** Clicks Regenerate on the last assistant message and waits for the new answer to be written. */
async function regenerateLast(page: Page): Promise<void> {
  const last = messages(page, 'assistant').last();
  await last.hover();
  await byTestId(last, 'regenerate').click();
  await page.waitForSelector('[data-streaming="true"]', { timeout: 10_000 }).catch(() => undefined);
  await waitForIdle(page);
}

/**
 * Sends a greeting and `question`, edits the question into `edited` and switches back to the
 * first version; returns the transcript then shown.
 */
async function onFirstOfTwoVersions(page: Page, question: string, edited: string): Promise<string[]> {
  await sendAndWait(page, 'Hello there');
  await sendAndWait(page, question);
  await edit(page, messages(page, 'user').last(), edited);
  await byTestId(messages(page, 'user').last(), 'branch-prev').click();
  await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('1/2');
  return transcript(page);
}

describe('demo: branches', () => {
  it('edits a message into a new branch with a fresh answer and switches between the versions', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello! I am planning a trip.');
      await sendAndWait(page, 'What is the weather in Oslo?');
      const before = await transcript(page);
      expect(await byTestId(page, 'branch-position').count()).toBe(0);

      await edit(page, messages(page, 'user').last(), 'What is the weather in Bergen?');
      // The new version replaced the old one on screen, with a fresh answer that ran its tool.
      const user = messages(page, 'user').last();
      expect(await textOf(user)).toBe('What is the weather in Bergen?');
      await expect.poll(() => positionOf(user)).toBe('2/2');
      expect(await messages(page, 'user').count()).toBe(2);
      expect(await byTestId(page, 'tool-call').count()).toBe(1);
      expect(await byTestId(page, 'tool-call').innerText()).toContain('Bergen');
      expect(await textOf(messages(page, 'assistant').last())).toMatch(/In Bergen it is -?\d+°C/);
      expect(await byTestId(user, 'branch-next').isDisabled()).toBe(true);
      await screenshot(page, 'desktop-branch-edited');

      await byTestId(user, 'branch-prev').click();
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('1/2');
      expect(await transcript(page)).toEqual(before);
      expect(await byTestId(messages(page, 'user').last(), 'branch-prev').isDisabled()).toBe(true);

      await byTestId(messages(page, 'user').last(), 'branch-next').click();
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('2/2');
      expect(await textOf(messages(page, 'assistant').last())).toMatch(/In Bergen/);

      // Editing the first message starts a new branch from the root.
      await edit(page, messages(page, 'user').first(), 'I am planning a trip to Norway.');
      expect(await messages(page, 'user').count()).toBe(1);
      await expect.poll(() => positionOf(messages(page, 'user').first())).toBe('2/2');
      expect(await textOf(messages(page, 'assistant').last())).toContain('I am planning a trip to Norway.');
      await byTestId(messages(page, 'user').first(), 'branch-prev').click();
      await expect.poll(() => messages(page, 'user').count()).toBe(2);
      // Back on the first version, which still ends where it was left: the Bergen branch.
      expect(await textOf(messages(page, 'user').last())).toBe('What is the weather in Bergen?');
      expect(watch.errors).toEqual([]);
    });
  });

  it('regenerates an answer, tools included, as a second version', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello there');
      const first = await textOf(messages(page, 'assistant').last());
      await regenerateLast(page);
      const answer = messages(page, 'assistant').last();
      await expect.poll(() => positionOf(answer)).toBe('2/2');
      expect(await textOf(answer)).toContain('version 2');
      expect(await messages(page, 'assistant').count()).toBe(1);
      await byTestId(answer, 'branch-prev').click();
      await expect.poll(() => textOf(messages(page, 'assistant').last())).toBe(first);
      await expect.poll(() => positionOf(messages(page, 'assistant').last())).toBe('1/2');

      // A turn with a tool: the whole turn is answered again from the user's message.
      await byTestId(messages(page, 'assistant').last(), 'branch-next').click();
      await expect.poll(() => positionOf(messages(page, 'assistant').last())).toBe('2/2');
      await sendAndWait(page, 'What is the weather in Lisbon?');
      await regenerateLast(page);
      await regenerateLast(page);
      expect(await byTestId(page, 'tool-call').count()).toBe(1);
      expect(await byTestId(page, 'tool-call').locator('[data-role="tool"]').count()).toBe(1);
      // The turn's versions are siblings of its first message (the one that called the tool), but
      // the switcher sits on the answer whose Regenerate was clicked.
      const turnStart = messages(page, 'assistant').nth(1);
      await expect.poll(() => positionOf(messages(page, 'assistant').last())).toBe('3/3');
      expect(await positionOf(turnStart)).toBe('');
      expect(await textOf(turnStart)).toContain('version 3');
      expect(await textOf(messages(page, 'assistant').last())).toMatch(/In Lisbon it is/);
      await screenshot(page, 'desktop-branch-regenerated');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(400); // let the colour transitions settle
      await screenshot(page, 'desktop-branch-dark');
      expect(watch.errors).toEqual([]);
    });
  });

  it('fits a phone: Edit shows without hovering, the editor and the switcher fit the width', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello there');
      await sendAndWait(page, 'What is the weather in Lisbon and what is 19*3?');
      const overflow = (): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      const user = messages(page, 'user').last();
      // A touch screen has no hover: the pencil is shown as it is.
      const pencil = byTestId(user, 'edit-message');
      await expect.poll(() => pencil.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
      await pencil.click();
      await byTestId(user, 'edit-input').fill('What is the weather in Porto and what is 19*4?');
      expect(await overflow()).toBe(false);
      await screenshot(page, 'mobile-branch-editing');
      await byTestId(user, 'edit-save').click();
      await expect.poll(() => textOf(messages(page, 'assistant').last())).toContain('19*4 = 76');
      await waitForIdle(page);
      await regenerateLast(page);
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('2/2');
      // On the regenerated answer (the turn's last), not on the tool-calling message above it.
      await expect.poll(() => positionOf(messages(page, 'assistant').last())).toBe('2/2');
      expect(await overflow()).toBe(false);
      await screenshot(page, 'mobile-branches');
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  });

  it('operates the switcher by keyboard, with labels that say which version is shown', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'what is 2+2?');
      await edit(page, messages(page, 'user').last(), 'what is 3+3?');
      const user = messages(page, 'user').last();
      expect(await byTestId(user, 'branch-prev').getAttribute('aria-label')).toBe('Previous version');
      expect(await byTestId(user, 'branch-next').getAttribute('aria-label')).toBe('Next version');
      expect(await user.locator('[role="group"]').getAttribute('aria-label')).toBe('Version 2 of 2');

      // Tab from the Edit button reaches the switcher; Enter and Space operate it.
      await byTestId(user, 'edit-message').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('branch-prev');
      await page.keyboard.press('Enter');
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('1/2');
      expect(await textOf(messages(page, 'user').last())).toBe('what is 2+2?');
      // Focus stays on the switcher (on Next, since Previous has nowhere to go now).
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('branch-next');
      expect(await messages(page, 'user').last().locator('[role="group"]').getAttribute('aria-label')).toBe('Version 1 of 2');
      await page.keyboard.press(' ');
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('2/2');
      expect(await textOf(messages(page, 'assistant').last())).toContain('3+3 = 6');

      // The editor by keyboard: Enter on the pencil opens it focused; Escape puts the message back unchanged.
      const current = messages(page, 'user').last();
      await byTestId(current, 'edit-message').focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('edit-input');
      expect(await byTestId(current, 'edit-input').inputValue()).toBe('what is 3+3?');
      await page.keyboard.type(' and 4+4');
      await screenshot(page, 'desktop-branch-editing');
      await page.keyboard.press('Escape');
      expect(await byTestId(current, 'edit-input').count()).toBe(0);
      expect(await textOf(current)).toBe('what is 3+3?');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('edit-message');
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('2/2');
      expect(watch.errors).toEqual([]);
    });
  });

  it('keeps the branch shown across a reload, and a second tab follows a switch live', async () => {
    await onDemoPage(demo, async ({ page: first, watch, context }) => {
      const shown = await onFirstOfTwoVersions(first, 'what is 5*5?', 'what is 6*6?');

      await first.reload();
      await waitForReady(first);
      expect(await transcript(first)).toEqual(shown);
      await expect.poll(() => positionOf(messages(first, 'user').last())).toBe('1/2');

      const conversationId = await byTestId(first, 'conversation-item').getAttribute('data-conversation-id');
      const second = await context.newPage();
      const watchSecond = watchPage(second);
      await openDemo(second, demo.server.origin, 'speed=fast', `#/c/${conversationId}`);
      expect(await transcript(second)).toEqual(shown);

      // A switch in the first tab shows in the second without a reload, and back.
      await byTestId(messages(first, 'user').last(), 'branch-next').click();
      await expect.poll(() => positionOf(messages(second, 'user').last()), { timeout: 10_000 }).toBe('2/2');
      await expect.poll(() => textOf(messages(second, 'assistant').last())).toContain('6*6 = 36');
      expect(await transcript(second)).toEqual(await transcript(first));
      await byTestId(messages(second, 'user').last(), 'branch-prev').click();
      await expect.poll(() => positionOf(messages(first, 'user').last()), { timeout: 10_000 }).toBe('1/2');
      expect(await transcript(first)).toEqual(shown);
      // An edit in one tab (a new branch) shows in the other as the third version.
      await edit(second, messages(second, 'user').last(), 'what is 7*7?');
      await expect.poll(() => positionOf(messages(first, 'user').last()), { timeout: 10_000 }).toBe('3/3');
      await expect.poll(() => textOf(messages(first, 'assistant').last())).toContain('7*7 = 49');
      expect([...watch.errors, ...watchSecond.errors]).toEqual([]);
    });
  });

  it('shows a compaction marker only on the branches that contain it', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello! I am planning a trip to Portugal in May.');
      await sendAndWait(page, 'What is the weather in Lisbon?');
      await sendAndWait(page, 'And what is 1250*4 for the hotel budget?');
      await sendAndWait(page, 'How does compacting a chat work?');
      await byTestId(page, 'compact').click();
      await waitForNotice(page, /Compacted/);
      expect(await byTestId(page, 'compaction').count()).toBe(1);

      // After the compaction: an edit of a message below it keeps it on both versions.
      await sendAndWait(page, 'Tell me what you remember');
      await edit(page, messages(page, 'user').last(), 'Tell me what you still know');
      expect(await byTestId(page, 'compaction').count()).toBe(1);
      expect(await textOf(messages(page, 'assistant').last())).toContain('compacted');

      // An edit above the compaction point starts a branch that never had it.
      await edit(page, messages(page, 'user').nth(1), 'What is the weather in Faro?');
      expect(await byTestId(page, 'compaction').count()).toBe(0);
      expect(await page.locator('[data-testid="message"].is-folded').count()).toBe(0);
      expect(await messages(page, 'user').count()).toBe(2);
      await screenshot(page, 'desktop-branch-without-compaction');
      await byTestId(messages(page, 'user').nth(1), 'branch-prev').click();
      await expect.poll(() => byTestId(page, 'compaction').count()).toBe(1);
      await expect.poll(() => positionOf(messages(page, 'user').nth(1))).toBe('1/2');
      expect(await textOf(messages(page, 'user').last())).toBe('Tell me what you still know');

      await page.reload();
      await waitForReady(page);
      expect(await byTestId(page, 'compaction').count()).toBe(1);
      expect(watch.errors).toEqual([]);
    });
  });

  it('exports a branched chat and imports it back with every branch', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const shown = await onFirstOfTwoVersions(page, 'what is 8*8?', 'what is 9*9?');

      const json = (await downloads.download(page, 'export')).path;
      const exported = JSON.parse(readFileSync(json, 'utf8')) as {
        formatVersion: number; conversation: { headId: string }; entries: { id: string; parentId: string | null }[];
      };
      expect(exported.formatVersion).toBe(3);
      // Both branches are in the file: the 8*8 turn and the 9*9 turn share the first exchange.
      const parents = exported.entries.map((entry) => entry.parentId);
      expect(new Set(parents).size).toBeLessThan(parents.length);
      const markdown = readFileSync((await downloads.download(page, 'export-markdown')).path, 'utf8');
      expect(markdown).toContain('`8*8` = 64');
      expect(markdown).not.toContain('9*9');

      await byTestId(page, 'import').setInputFiles(json);
      await waitForNotice(page, /Imported "Hello there/);
      await expect.poll(() => byTestId(page, 'conversation-item').count()).toBe(2);
      // The import opens on the branch that was current, and the other version is a click away.
      expect(await transcript(page)).toEqual(shown);
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('1/2');
      await byTestId(messages(page, 'user').last(), 'branch-next').click();
      await expect.poll(() => textOf(messages(page, 'assistant').last())).toContain('9*9 = 81');
      expect(watch.errors).toEqual([]);
    });
  });

  it('regenerates and edits an answer that was interrupted inside its tool window', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello there');
      await send(page, 'What is the weather in Kyoto?');
      await page.waitForSelector('[data-testid="tool-call"][data-state="running"]');
      await byTestId(page, 'stop').click();
      await waitForIdle(page);
      await expect.poll(() => byTestId(page, 'interrupted').isVisible()).toBe(true);
      const interrupted = await transcript(page);

      // Regenerate forks above the open window: the new answer runs its tool to the end.
      await page.goto(`${demo.server.origin}/?speed=fast${new URL(page.url()).hash}`);
      await waitForReady(page);
      await regenerateLast(page);
      expect(await textOf(messages(page, 'assistant').last())).toMatch(/In Kyoto it is/);
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(false);
      const regenerated = messages(page, 'assistant').last();
      await expect.poll(() => positionOf(regenerated)).toBe('2/2');

      // The interrupted version is kept as it was: no error result was written into it.
      await byTestId(regenerated, 'branch-prev').click();
      await expect.poll(() => transcript(page)).toEqual(interrupted);
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(true);

      // Editing the question forks above the window too.
      await edit(page, messages(page, 'user').last(), 'What is the weather in Osaka?');
      await expect.poll(() => positionOf(messages(page, 'user').last())).toBe('2/2');
      expect(await textOf(messages(page, 'assistant').last())).toMatch(/In Osaka it is/);
      expect(await byTestId(page, 'interrupted').isVisible()).toBe(false);
      expect(watch.errors).toEqual([]);
    }, { query: 'tokenDelay=5&toolDelay=4000' });
  });
});
