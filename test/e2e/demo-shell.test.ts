// The demo's shell in real Chromium (issue 27): New chat is a draft until the first message,
// Delete offers Undo instead of a confirm box (and a reload during the window keeps the chat),
// the phone's drawer is modal (focus in, Tab trapped, Escape out), and the keyboard: Escape stops
// a reply, Ctrl/Cmd+Shift+O starts a chat, `?` shows the shortcuts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import {
  byTestId, messages, openDemo, screenshot, send, sendAndWait, waitForIdle, waitForNotice, waitForReady,
} from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { storedChatCount } from './support/stored-chats.js';

const demo = useDemoEnvironment();
const POLL = { timeout: 10_000 };

function titles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="conversation-item"] .conversation-title').allInnerTexts();
}

describe('demo shell: New chat is a draft', () => {
  it('stores nothing for four clicks on New chat; the first message creates the chat, then Compact and Export apply', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'An existing chat');
      for (let click = 0; click < 4; click += 1) await byTestId(page, 'new-chat').click();
      await page.waitForTimeout(300);
      expect(await titles(page)).toEqual(['An existing chat']);
      expect(await storedChatCount(page)).toBe(1);
      // The draft: nothing to compact, export or delete (the actions are not offered).
      for (const action of ['compact', 'export', 'export-markdown', 'delete']) {
        expect(await byTestId(page, action).isVisible(), action).toBe(false);
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
      await screenshot(page, 'shell-draft-desktop');

      await sendAndWait(page, 'The first message of the draft');
      await expect.poll(() => titles(page), POLL).toEqual(['The first message of the draft', 'An existing chat']);
      expect(await byTestId(page, 'conversation-item').first().getAttribute('aria-current')).toBe('true');
      expect(await byTestId(page, 'compact').isEnabled()).toBe(true);
      expect(await byTestId(page, 'export').isEnabled()).toBe(true);
      expect(await storedChatCount(page)).toBe(2);

      // Back to a draft and reload: still two chats; the draft left nothing behind.
      await byTestId(page, 'new-chat').click();
      await page.reload();
      await waitForReady(page);
      expect(await storedChatCount(page)).toBe(2);
      expect(watch.errors).toEqual([]);
    });
  });
});

describe('demo shell: Delete with Undo', () => {
  it('hides the chat at once without a confirm box, Undo brings it back, and the store deletes it after the window', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Keep this one');
      await byTestId(page, 'new-chat').click();
      await sendAndWait(page, 'Delete this one');
      await byTestId(page, 'delete').click();
      expect(await titles(page)).toEqual(['Keep this one']);
      const notice = await waitForNotice(page, /Deleted "Delete this one"/);
      // The notice comes once the next chat shows.
      expect(await messages(page, 'user').innerText()).toContain('Keep this one');
      expect(notice).toMatch(/Undo/);
      expect(watch.dialogs).toEqual([]);
      // Not in the search either while Undo is offered.
      await byTestId(page, 'search-input').fill('delete');
      await expect.poll(() => page.locator('.search-panel').getAttribute('data-query'), POLL).toBe('delete');
      expect(await byTestId(page, 'search-result').count()).toBe(0);
      await byTestId(page, 'search-input').fill('');
      await screenshot(page, 'shell-undo-desktop');

      await page.locator('[data-testid="notice"] .notice-action', { hasText: 'Undo' }).click();
      await expect.poll(() => titles(page), POLL).toEqual(['Delete this one', 'Keep this one']);
      // The list shows it first; the transcript follows once the chat's entries are read.
      await expect.poll(() => messages(page, 'user').innerText(), POLL).toContain('Delete this one');
      expect(await storedChatCount(page)).toBe(2);

      // Again, with a short window (?undoMs=1000), and let it end: the store deletes the chat.
      await openDemo(page, demo.server.origin, 'speed=fast&undoMs=1000');
      await byTestId(page, 'delete').click();
      await expect.poll(() => storedChatCount(page), POLL).toBe(1);
      await page.reload();
      await waitForReady(page);
      expect(await titles(page)).toEqual(['Keep this one']);
      expect(watch.errors).toEqual([]);
    }, { query: 'speed=fast&undoMs=60000' });
  });

  it('keeps a chat deleted just before a reload, says so, and offers to delete it now', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, 'Deleted right before a reload');
      await byTestId(page, 'delete').click();
      expect(await titles(page)).toEqual([]);
      await page.reload();
      await waitForReady(page);
      expect(await titles(page)).toEqual(['Deleted right before a reload']);
      await waitForNotice(page, /reloaded before "Deleted right before a reload" was deleted, so it was kept/);
      await page.locator('[data-testid="notice"] .notice-action', { hasText: 'Delete now' }).click();
      await expect.poll(() => titles(page), POLL).toEqual([]);
      await expect.poll(() => storedChatCount(page), { timeout: 20_000 }).toBe(0);
    }, { query: 'speed=fast&undoMs=8000' });
  });

  it('deletes every chat from the settings with Undo instead of a confirm box', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'One');
      await byTestId(page, 'new-chat').click();
      await sendAndWait(page, 'Two');
      await byTestId(page, 'settings').click();
      await byTestId(page, 'delete-all').click();
      await waitForNotice(page, /Every chat was deleted/);
      expect(await page.locator('dialog[open]').count()).toBe(0);
      expect(await titles(page)).toEqual([]);
      expect(watch.dialogs).toEqual([]);
      await page.locator('[data-testid="notice"] .notice-action', { hasText: 'Undo' }).click();
      await expect.poll(() => titles(page), POLL).toEqual(['Two', 'One']);

      await openDemo(page, demo.server.origin, 'speed=fast&undoMs=1000');
      await byTestId(page, 'settings').click();
      await byTestId(page, 'delete-all').click();
      await expect.poll(() => storedChatCount(page), POLL).toBe(0);
      await page.reload();
      await waitForReady(page);
      expect(await titles(page)).toEqual([]);
    }, { query: 'speed=fast&undoMs=60000' });
  });

  it('keeps a chat another tab starts during the Undo window of Delete all: only the chats of the click are deleted', async () => {
    await onDemoPage(demo, async ({ page, context }) => {
      await sendAndWait(page, 'Old one');
      await byTestId(page, 'new-chat').click();
      await sendAndWait(page, 'Old two');
      const other = await context.newPage();
      await openDemo(other, demo.server.origin);
      await byTestId(page, 'settings').click();
      await byTestId(page, 'delete-all').click();
      await waitForNotice(page, /Every chat was deleted/);
      // Another tab writes a new chat between the click (its list of chats) and the store's delete.
      await byTestId(other, 'new-chat').click();
      await sendAndWait(other, 'Started meanwhile');
      await expect.poll(() => storedChatCount(page), { timeout: 25_000 }).toBe(1);
      await expect.poll(() => titles(page), POLL).toEqual(['Started meanwhile']);
      await expect.poll(() => titles(other), POLL).toEqual(['Started meanwhile']);
    }, { query: 'speed=fast&undoMs=8000' });
  });
});

describe('demo shell: keyboard and the phone drawer', () => {
  it('on a phone, the drawer takes focus, keeps Tab inside, and Escape closes it with focus back on the menu button', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello from a phone');
      const menu = page.locator('.menu-button');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      await expect.poll(() => byTestId(page, 'new-chat').isVisible(), POLL).toBe(true);
      const focusInDrawer = (): Promise<boolean> => page.evaluate(() => document.querySelector('aside.sidebar')?.contains(document.activeElement) ?? false);
      expect(await focusInDrawer()).toBe(true);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDrawer(), `after ${press + 1} Tab`).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer()).toBe(true);
      await page.waitForTimeout(300);
      await screenshot(page, 'shell-drawer-phone');
      await page.keyboard.press('Escape');
      await expect.poll(() => byTestId(page, 'new-chat').isVisible(), POLL).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  });

  it('Escape stops a streaming reply and keeps what it wrote, as Stop does', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await send(page, 'How does compacting a chat work?');
      await page.waitForFunction(() => (document.querySelector('[data-streaming="true"]')?.textContent?.length ?? 0) > 20, undefined, POLL);
      await page.keyboard.press('Escape');
      // At 150 ms a token the whole answer takes many seconds more: idle this soon means stopped.
      await waitForIdle(page, 2000);
      const partial = await messages(page, 'assistant').last().innerText();
      expect(partial.length).toBeGreaterThan(20);
      await page.reload();
      await waitForReady(page);
      expect(await messages(page, 'assistant').last().innerText()).toBe(partial);
      expect(watch.errors).toEqual([]);
    }, { query: 'tokenDelay=150&toolDelay=50' });
  });

  it('Ctrl+Shift+O opens a new chat, and ? shows the shortcuts (but types a ? in a field)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'A chat to leave');
      await page.locator('.transcript').focus();
      await page.keyboard.press('Control+Shift+O');
      await expect.poll(() => page.locator('.chat-actions').isHidden(), POLL).toBe(true);
      expect(await messages(page).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');

      // In the composer, ? is a character.
      await page.keyboard.type('Why?');
      expect(await byTestId(page, 'composer').inputValue()).toBe('Why?');
      expect(await byTestId(page, 'shortcuts-dialog').isVisible()).toBe(false);

      await page.locator('.transcript').focus();
      await page.keyboard.press('?');
      await expect.poll(() => byTestId(page, 'shortcuts-dialog').isVisible(), POLL).toBe(true);
      const help = await byTestId(page, 'shortcuts-dialog').innerText();
      expect(help).toMatch(/New chat/);
      expect(help).toMatch(/Stop the reply/);
      await screenshot(page, 'shell-shortcuts-desktop');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(300);
      await screenshot(page, 'shell-shortcuts-dark');
      await page.keyboard.press('Escape');
      await expect.poll(() => byTestId(page, 'shortcuts-dialog').isVisible(), POLL).toBe(false);
      expect(watch.errors).toEqual([]);
    });
  });
});
