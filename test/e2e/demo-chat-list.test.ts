// The sidebar at scale (issue 26, DESIGN §20): 10,000 chats load a page at a time as the list
// scrolls (never all of them in the DOM), in date groups, filtered by title as the user types,
// each with a menu (rename, export, delete); storage is asked to persist after the first chat and
// the sidebar says how full it is, warning above 80 %.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { pngBytes, sendAndSettle } from './support/attachment-files.js';
import { formatBytes } from '../../demo/shared/format.js';
import { byTestId, openDemo, screenshot, sendAndWait, waitForNotice } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { seedManyChats } from './support/seed-many-chats.js';

const demo = useDemoEnvironment();
const POLL = { timeout: 15_000 };

/**
 * The listed titles. textContent, not innerText: on a phone the list is in a drawer that closes
 * when the open chat is deleted, and a closed drawer is `visibility: hidden`, whose innerText is
 * empty (a test that read right after Delete saw `['']` on a loaded machine).
 */
function titles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="conversation-item"] .conversation-title').allTextContents();
}

function groups(page: Page): Promise<string[]> {
  // textContent: the labels are shown in capitals by CSS.
  return byTestId(page, 'date-group').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

/**
 * Scrolls the sidebar to one edge again and again, in the page (one round trip), until a chat
 * title matches `until` and nothing more is loading; returns the most chats the DOM held meanwhile.
 */
function scrollUntil(page: Page, edge: 'top' | 'bottom', until: RegExp): Promise<{ most: number; groups: string[] }> {
  return page.evaluate(async ({ edge, source }) => {
    const scroller = document.querySelector('.sidebar-scroll')!;
    const pattern = new RegExp(source);
    const groups = new Set<string>();
    let most = 0;
    for (let round = 0; round < 3000; round += 1) {
      const shown = [...document.querySelectorAll('[data-testid="conversation-item"] .conversation-title')].map((node) => node.textContent ?? '');
      for (const label of document.querySelectorAll('[data-testid="date-group"]')) groups.add(label.textContent ?? '');
      most = Math.max(most, shown.length);
      const loading = document.querySelector('[data-testid="list-more"]') !== null;
      if (shown.some((title) => pattern.test(title)) && (edge === 'top' || !loading)) return { most, groups: [...groups] };
      scroller.scrollTop = edge === 'top' ? 0 : scroller.scrollHeight;
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    return { most, groups: [...groups] };
  }, { edge, source: until.source });
}

describe('demo: 10,000 chats in the sidebar', () => {
  it('shows one page in date groups, scrolls to the oldest without rendering all, and back up through dropped pages', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedManyChats(page, 10_000);
      const first = await titles(page);
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThanOrEqual(50);
      expect(first[0]).toMatch(/^Chat 10000 /);
      // One chat an hour, the newest now: today, yesterday, the week before, then months.
      expect((await groups(page))[0]).toBe('Today');
      await screenshot(page, 'chat-list-10000-desktop');

      const down = await scrollUntil(page, 'bottom', /^Chat 1 /);
      const last = await titles(page);
      expect(last.at(-1)).toMatch(/^Chat 1 /);
      expect(down.most).toBeLessThanOrEqual(200);
      expect(down.groups.slice(0, 3)).toEqual(['Today', 'Yesterday', 'Previous 7 days']);
      expect(down.groups.length).toBeGreaterThan(12); // 10,000 hours: 14 or 15 months
      const seenGroups = await groups(page);
      expect(seenGroups.every((label) => /^[A-Z][a-z]+ \d{4}$/.test(label))).toBe(true);
      expect(await byTestId(page, 'list-more').count()).toBe(0);
      // The order holds across pages: each title's number is one less than the one above it.
      const numbers = last.map((title) => Number(/^Chat (\d+)/.exec(title)?.[1]));
      expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! - index));

      // Back up: the pages dropped on the way down come back, in order, still at most 200 chats.
      const top = Number(/^Chat (\d+)/.exec((await titles(page))[0]!)?.[1]);
      const up = await scrollUntil(page, 'top', new RegExp(`^Chat ${top + 300} `));
      expect(up.most).toBeLessThanOrEqual(200);
      const back = (await titles(page)).map((title) => Number(/^Chat (\d+)/.exec(title)?.[1]));
      expect(back).toContain(top + 300);
      expect(back).toEqual(back.map((_, index) => back[0]! - index));
      expect(watch.errors).toEqual([]);
    });
  }, 240_000);

  it('filters by title as the user types (accents, case and Han), and clears back to every chat', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedManyChats(page, 10_000);
      const filter = byTestId(page, 'title-filter');
      await filter.pressSequentially('cafe PLA');
      await expect.poll(async () => (await titles(page)).every((title) => title.includes('Café plans')), POLL).toBe(true);
      expect((await titles(page))[0]).toBe('Chat 9997 Café plans');
      await filter.fill('chat 4246');
      await expect.poll(() => titles(page), POLL).toEqual(['Chat 4246 天气预报']);
      // A Han substring and a word start together: 42, 420–429 and 4200–4299 that are weather reports.
      await filter.fill('预报 42');
      await expect.poll(async () => (await titles(page)).slice(0, 2), POLL).toEqual(['Chat 4294 天气预报', 'Chat 4288 天气预报']);
      await filter.fill('nothing like this');
      await expect.poll(() => page.locator('.sidebar-empty').innerText(), POLL).toBe('No chat title matches the filter.');
      await screenshot(page, 'chat-list-filter-desktop');
      await filter.fill('');
      await expect.poll(async () => (await titles(page))[0], POLL).toMatch(/^Chat 10000 /);
      expect(watch.errors).toEqual([]);
    });
  }, 240_000);

  it('renames, exports and deletes a chat from its menu, on a phone', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Plan the garden');
      await sendAndWait(page, 'More about the garden');
      await page.locator('.menu-button').click();
      await byTestId(page, 'new-chat').click();
      await sendAndWait(page, 'A second chat');
      await page.locator('.menu-button').click();
      const row = page.locator('.conversation-row', { hasText: 'Plan the garden' });
      await row.locator('[data-testid="chat-menu-button"]').click();
      await screenshot(page, 'chat-list-menu-phone');
      await byTestId(page, 'chat-menu-rename').click();
      const input = page.locator('.chat-header input');
      await input.fill('Garden 2027');
      await input.press('Enter');
      await page.locator('.menu-button').click();
      await expect.poll(() => titles(page), POLL).toContain('Garden 2027');

      const download = page.waitForEvent('download');
      await page.locator('.conversation-row', { hasText: 'Garden 2027' }).locator('[data-testid="chat-menu-button"]').click();
      await byTestId(page, 'chat-menu-export').click();
      expect((await download).suggestedFilename()).toMatch(/^garden-2027-.*\.json$/);

      await page.locator('.menu-button').click();
      await page.locator('.conversation-row', { hasText: 'Garden 2027' }).locator('[data-testid="chat-menu-button"]').click();
      await byTestId(page, 'chat-menu-delete').click();
      await waitForNotice(page, /Deleted "Garden 2027"/);
      expect(await titles(page)).toEqual(['A second chat']);
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  }, 120_000);
});

describe('demo: a chat\'s menu while the list changes', () => {
  it('stays open on its chat, its item still focused, when another tab adds a chat, and its choice still runs', async () => {
    await onDemoPage(demo, async ({ page: first, watch: watchFirst, context }) => {
      await sendAndWait(first, 'Plan the garden');
      const second = await context.newPage();
      await openDemo(second, demo.server.origin);

      const row = first.locator('.conversation-row', { hasText: 'Plan the garden' });
      await row.locator('[data-testid="chat-menu-button"]').click();
      await byTestId(first, 'chat-menu-export').focus();
      await byTestId(second, 'new-chat').click();
      await sendAndWait(second, 'A chat from the other tab');
      // The first tab's list is drawn again with the new chat in it; the menu is still open on its row.
      await expect.poll(() => titles(first), POLL).toContain('A chat from the other tab');
      expect(await byTestId(first, 'chat-menu').isVisible()).toBe(true);
      expect(await row.locator('[data-testid="chat-menu"]').count()).toBe(1);
      expect(await row.locator('[data-testid="chat-menu-button"]').getAttribute('aria-expanded')).toBe('true');
      expect(await first.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-menu-export');

      const download = first.waitForEvent('download');
      await first.keyboard.press('Enter');
      expect((await download).suggestedFilename()).toMatch(/^plan-the-garden-.*\.json$/);
      expect(await byTestId(first, 'chat-menu').isVisible()).toBe(false);
      expect(watchFirst.errors).toEqual([]);
    });
  }, 120_000);
});

describe('demo: a chat\'s row while the list changes', () => {
  it('keeps the focused row, the same element, focused when another tab moves its chat to the top', async () => {
    await onDemoPage(demo, async ({ page: first, watch, context }) => {
      await sendAndWait(first, 'Plan the garden');
      const gardenId = await byTestId(first, 'conversation-item').getAttribute('data-conversation-id');
      await byTestId(first, 'new-chat').click();
      await sendAndWait(first, 'Plan the trip');
      expect(await titles(first)).toEqual(['Plan the trip', 'Plan the garden']);
      // A keyboard user rests on the older chat's row; the element is marked to know it again.
      const garden = first.locator(`[data-testid="conversation-item"][data-conversation-id="${gardenId}"]`);
      await garden.focus();
      await garden.evaluate((element) => Object.assign(element, { marked: true }));

      const second = await context.newPage();
      await openDemo(second, demo.server.origin, 'speed=fast', `#/c/${gardenId}`);
      await sendAndWait(second, 'And the fence?');
      // The first tab's list is drawn again in the new order: the garden on top, its row kept, still focused.
      await expect.poll(() => titles(first), POLL).toEqual(['Plan the garden', 'Plan the trip']);
      expect(await first.evaluate(() => (document.activeElement as { marked?: boolean } | null)?.marked === true)).toBe(true);
      await first.keyboard.press('Enter');
      await expect.poll(() => garden.getAttribute('aria-current'), POLL).toBe('true');
      expect(watch.errors).toEqual([]);
    });
  }, 120_000);
});

describe('demo: keeping the chats', () => {
  it('asks for persistent storage after the first saved chat and shows whether it holds', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await page.evaluate(() => {
        (window as unknown as { persistAsked: number }).persistAsked = 0;
        const storage = navigator.storage;
        const persist = storage.persist.bind(storage);
        storage.persist = () => {
          (window as unknown as { persistAsked: number }).persistAsked += 1;
          return persist();
        };
      });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(0);
      await sendAndWait(page, 'The first chat');
      await expect.poll(() => page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked), POLL).toBe(1);
      await expect.poll(() => byTestId(page, 'storage-line').innerText(), POLL).toMatch(/· (not )?persistent$/);
      await waitForNotice(page, /Persistent storage (granted|was not granted)/);
      await byTestId(page, 'new-chat').click();
      await sendAndWait(page, 'The second chat');
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(1);
      expect(watch.errors).toEqual([]);
    });
  }, 120_000);

  // DESIGN §20: the parts against what the browser counts. Messages and the index are the
  // library's estimates ("about"), the picture's bytes and the journal's files are exact.
  it('shows usage by part after a chat with a picture: messages, index, attachments, journal, other', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const png = await pngBytes(page, 640, 480);
      await byTestId(page, 'attach-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
      await byTestId(page, 'composer').fill('What is in this picture? '.repeat(20));
      await sendAndSettle(page, 'What is in this picture? '.repeat(20));
      await byTestId(page, 'settings').click();
      const part = (key: string): Promise<string> => byTestId(page, `storage-part-${key}`).innerText();
      await expect.poll(() => part('attachments'), POLL).toBe(formatBytes(png.length));
      // The search index is built in the background: "none" until the indexer has run.
      await expect.poll(async () => {
        await page.keyboard.press('Escape'); // closed and opened again: opening reads the estimate
        await byTestId(page, 'settings').click();
        return part('search');
      }, POLL).toMatch(/^about \d/);
      const messagesText = await part('messages');
      const size = Number(/^about ([\d.]+) (B|KB)$/.exec(messagesText)?.[1] ?? Number.NaN) * (messagesText.endsWith('KB') ? 1000 : 1);
      // Two messages (the question is ~500 characters) and the chat's record: a few KB, not nothing and not MBs.
      expect(size, messagesText).toBeGreaterThan(500);
      expect(size, messagesText).toBeLessThan(50_000);
      // Chromium journals by default: its files hold the messages and the picture again.
      expect(await part('journal')).toMatch(/^\d/);
      const rows = await byTestId(page, 'storage-parts').locator('li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.part));
      expect(rows.slice(0, 4)).toEqual(['messages', 'search', 'attachments', 'journal']);
      // What the browser counts beyond the parts, when it counts more (it does here: LevelDB's logs and the OPFS journal's folder).
      if (rows.includes('other')) expect(await part('other')).toMatch(/^about \d/);
      const shares = await byTestId(page, 'storage-parts').locator('.storage-part-share').allInnerTexts();
      expect(shares.filter((share) => share !== '').every((share) => /^(< 1|\d{1,3}) %$/.test(share)), shares.join(', ')).toBe(true);
      await byTestId(page, 'storage-parts').scrollIntoViewIfNeeded();
      await screenshot(page, 'storage-parts-desktop');
      await page.setViewportSize(MOBILE);
      await byTestId(page, 'storage-parts').scrollIntoViewIfNeeded();
      await screenshot(page, 'storage-parts-phone');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'storage-parts-phone-dark');
      expect(watch.errors).toEqual([]);
    });
  }, 120_000);

  it('shows usage against the quota and warns above 80 %, in the dark theme too', async () => {
    await onDemoPage(demo, async ({ page, context, watch }) => {
      await context.addInitScript(() => {
        navigator.storage.estimate = async () => ({ usage: 850_000_000, quota: 1_000_000_000 });
      });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect.poll(() => byTestId(page, 'storage-line').innerText(), POLL).toMatch(/^85 % full! 850 MB of 1\.0 GB used/);
      await screenshot(page, 'storage-warning-dark');
      await byTestId(page, 'settings').click();
      await expect.poll(() => byTestId(page, 'storage-warning').innerText(), POLL).toMatch(/Storage is 85 % full/);
      await byTestId(page, 'storage-warning').scrollIntoViewIfNeeded();
      await screenshot(page, 'storage-warning-settings-dark');
      expect(watch.errors).toEqual([]);
    });
  }, 120_000);
});
