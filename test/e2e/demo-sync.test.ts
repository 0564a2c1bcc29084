// Settings → Sync in real Chromium: two browser contexts (two devices, separate storage) against
// one pouchdb-server. Both append offline to the same chat, then sync: both hold the same two
// branches, each device still on its own. (The branch switcher UI is another issue's; the tree is
// read from each page's own IndexedDB.)
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { newContext, watchPage } from './support/browser.js';
import { byTestId, messages, newChat, openDemo, screenshot, sendAndWait, waitForReady } from './support/demo-page.js';
import { useCouchServer } from '../sync/couch-server.js';
import { pngBytes, sendAndSettle, thumbnailWidths } from './support/attachment-files.js';

const demo = useDemoEnvironment();
const couch = useCouchServer();

async function syncNow(page: Page, url: string, options: { lazy?: boolean } = {}): Promise<string> {
  await byTestId(page, 'settings').click();
  await byTestId(page, 'sync-url').fill(url);
  if (options.lazy !== undefined) await byTestId(page, 'sync-lazy').setChecked(options.lazy);
  await byTestId(page, 'sync-now').click();
  await page.waitForFunction(() => {
    const status = document.querySelector<HTMLElement>('[data-testid="sync-status"]');
    return status?.dataset.state === 'synced' || status?.dataset.state === 'error';
  }, undefined, { timeout: 20_000 });
  const status = await byTestId(page, 'sync-status').innerText();
  await page.keyboard.press('Escape');
  return status;
}

/** The page's own IndexedDB, read raw: each conversation's head and its entries' (id, parentId). */
async function treeInPage(page: Page): Promise<Array<{ id: string; headId: string | null; entries: Array<[string, string | null]> }>> {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const request = indexedDB.open('convolog');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      const transaction = database.transaction(['conversations', 'entries']);
      const conversations = transaction.objectStore('conversations').getAll();
      const entries = transaction.objectStore('entries').getAll();
      transaction.oncomplete = () => {
        database.close();
        resolve((conversations.result as Array<{ id: string; headId: string | null }>).map((conversation) => ({
          id: conversation.id, headId: conversation.headId,
          entries: (entries.result as Array<{ conversationId: string; id: string; parentId: string | null }>)
            .filter((entry) => entry.conversationId === conversation.id)
            .map((entry) => [entry.id, entry.parentId] as [string, string | null])
            .sort(([left], [right]) => left.localeCompare(right)),
        })));
      };
    };
  }));
}

/** How many attachments the page's own IndexedDB holds (bytes stored on this device). */
function storedAttachments(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const request = indexedDB.open('convolog');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const database = request.result;
      const count = database.transaction('attachments').objectStore('attachments').count();
      count.onsuccess = () => {
        database.close();
        resolve(count.result);
      };
      count.onerror = () => reject(count.error);
    };
  }));
}

describe('demo: sync through CouchDB', () => {
  it('two devices appending offline to the same chat end up with the same two branches, each on its own', async () => {
    const url = await couch().database('demo');
    const laptopContext = await newContext(demo.browser);
    const phoneContext = await newContext(demo.browser);
    try {
      const laptop = await laptopContext.newPage();
      const phone = await phoneContext.newPage();
      const laptopWatch = watchPage(laptop);
      const phoneWatch = watchPage(phone);
      await openDemo(laptop, demo.server.origin);
      await openDemo(phone, demo.server.origin);

      await newChat(laptop);
      await sendAndWait(laptop, 'Plan a trip to Oslo');
      expect(await syncNow(laptop, url)).toMatch(/Synced at .*Nothing pending/);
      expect(await syncNow(phone, url)).toMatch(/Synced at/);
      await expect.poll(() => byTestId(phone, 'conversation-item').count()).toBe(1);
      await byTestId(phone, 'conversation-item').first().click();
      await expect.poll(() => messages(phone, 'user').count()).toBe(1);

      // Offline (no sync) on both, each continues the same chat.
      await sendAndWait(laptop, 'From the laptop: by train');
      await sendAndWait(phone, 'From the phone: by plane');
      await syncNow(laptop, url);
      await syncNow(phone, url);
      await syncNow(laptop, url);

      const [laptopTree] = await treeInPage(laptop);
      const [phoneTree] = await treeInPage(phone);
      expect(laptopTree!.entries).toEqual(phoneTree!.entries);
      const parents = laptopTree!.entries.map(([, parentId]) => parentId);
      const forkPoints = [...new Set(parents)].filter((parent) => parents.filter((candidate) => candidate === parent).length === 2);
      expect(forkPoints).toHaveLength(1);
      expect(laptopTree!.headId).not.toBe(phoneTree!.headId);
      // Each device still shows its own branch.
      expect(await messages(laptop, 'user').allInnerTexts()).toEqual([expect.stringContaining('Oslo'), expect.stringContaining('laptop')]);
      expect(await messages(phone, 'user').allInnerTexts()).toEqual([expect.stringContaining('Oslo'), expect.stringContaining('phone')]);
      // After a reload, both show the two versions of the second message (‹ 1/2 ›), each on its own.
      for (const page of [laptop, phone]) {
        await page.reload();
        // Ready first, as the other demo tests wait after a reload: with two demo files at once in
        // CI, the reopened page took longer than the poll's 1 s (ci55, "expected +0 to be 2").
        await waitForReady(page);
        await expect.poll(() => messages(page, 'user').count()).toBe(2);
        const second = messages(page, 'user').nth(1);
        await expect.poll(() => byTestId(second, 'branch-position').count()).toBe(1);
        expect(await byTestId(second, 'branch-position').innerText()).toMatch(/^[12]\/2$/);
      }
      expect(await messages(laptop, 'user').nth(1).innerText()).toContain('laptop');
      expect(await messages(phone, 'user').nth(1).innerText()).toContain('phone');
      await byTestId(laptop, 'settings').click();
      await byTestId(laptop, 'sync-status').scrollIntoViewIfNeeded();
      await screenshot(laptop, 'sync-settings');
      // The browser logs the first checkpoint read (GET _local/…, 404 before the first sync) as a failed resource; nothing else may fail.
      const errors = [...laptopWatch.errors, ...phoneWatch.errors].filter((error) => !/status of 404/.test(error));
      expect(errors).toEqual([]);
    } finally {
      await laptopContext.close();
      await phoneContext.close();
    }
  });

  it('"Download pictures when shown": the chat comes without its picture\'s bytes, which download when the chat shows it', async () => {
    const url = await couch().database('demo');
    const laptopContext = await newContext(demo.browser);
    const phoneContext = await newContext(demo.browser);
    try {
      const laptop = await laptopContext.newPage();
      const phone = await phoneContext.newPage();
      const phoneWatch = watchPage(phone);
      await openDemo(laptop, demo.server.origin);
      await openDemo(phone, demo.server.origin);
      await newChat(laptop);
      await byTestId(laptop, 'attach-input').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: await pngBytes(laptop, 40, 20) });
      await sendAndSettle(laptop, 'A picture of the beach');
      expect(await syncNow(laptop, url)).toMatch(/Synced at .*Nothing pending/);
      expect(await syncNow(phone, url, { lazy: true })).toMatch(/Synced at/);
      await expect.poll(() => byTestId(phone, 'conversation-item').count()).toBe(1);
      // Synced, and not one picture byte downloaded yet.
      expect(await storedAttachments(phone)).toBe(0);
      // The server out of reach: the chat shows, and the picture says where it is.
      await phone.route(`${url}/**`, (route) => route.abort());
      await byTestId(phone, 'conversation-item').first().click();
      await expect.poll(() => byTestId(phone, 'attachment-missing').count(), { timeout: 20_000 }).toBe(1);
      expect(await byTestId(phone, 'attachment-missing').innerText()).toContain('beach.png is on the sync server: it shows when the server can be reached');
      await screenshot(phone, 'sync-lazy-picture-offline');
      expect(await storedAttachments(phone)).toBe(0);
      // Back online: the next time the chat shows, the picture downloads.
      await phone.unroute(`${url}/**`);
      await phone.reload();
      await byTestId(phone, 'conversation-item').first().click();
      await expect.poll(() => thumbnailWidths(phone), { timeout: 20_000 }).toEqual([40]);
      expect(await storedAttachments(phone)).toBe(1);
      // The setting is kept for the next visit.
      await byTestId(phone, 'settings').click();
      expect(await byTestId(phone, 'sync-lazy').isChecked()).toBe(true);
      await byTestId(phone, 'sync-lazy').scrollIntoViewIfNeeded();
      await screenshot(phone, 'sync-settings-lazy');
      await phone.keyboard.press('Escape');
      expect(phoneWatch.errors.filter((error) => !/status of 404|ERR_FAILED|Failed to fetch/.test(error))).toEqual([]);
    } finally {
      await laptopContext.close();
      await phoneContext.close();
    }
  });

  it('says in words when the server cannot be reached', async () => {
    const context = await newContext(demo.browser);
    try {
      const page = await context.newPage();
      await openDemo(page, demo.server.origin);
      const status = await syncNow(page, 'http://127.0.0.1:9/nowhere');
      expect(status).toMatch(/^Sync failed: the sync server did not answer/);
    } finally {
      await context.close();
    }
  });
});
