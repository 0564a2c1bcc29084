// DESIGN §21 in the demo: the browser throws the database away (as Chromium does after a
// corrupted LevelDB table); on the next load the demo says so, how many chats its journal
// restored, and the chats are back.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, messages, newChat, openDemo, sendAndWait, waitForNotice, waitForReady } from './support/demo-page.js';

const demo = useDemoEnvironment();

describe('demo: the browser reset its storage', () => {
  it('restores the chats from the journal and says so', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      await sendAndWait(page, 'First chat: what is 2+3?');
      await newChat(page);
      await sendAndWait(page, 'Second chat: what is 4+4?');
      await expect.poll(() => byTestId(page, 'conversation-item').count()).toBe(2);

      // Behind the app's back: the database is deleted, nothing else is told (the open store
      // closes on the versionchange, as it does when the browser drops a database).
      await page.evaluate(() => new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('convolog');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }));
      await page.reload();
      await waitForReady(page);
      const notice = await waitForNotice(page, /reset its storage/);
      expect(notice).toContain('Your browser reset its storage; convolog restored 2 chats from its journal.');
      await expect.poll(() => byTestId(page, 'conversation-item').count()).toBe(2);
      await byTestId(page, 'conversation-item').nth(1).click();
      await expect.poll(() => messages(page, 'assistant').last().innerText()).toContain('2+3 = 5');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
