// The demo's backup of everything (DESIGN §20, "Demo"): Settings → Backup downloads one ZIP of
// every chat (store.exportAll) and restores one (store.importAll, chats already here skipped),
// with progress and a summary; a damaged file is refused with nothing written; a reminder shows
// when the last backup is over 30 days old and nothing syncs. And one chat's ZIP with its
// pictures (DESIGN §18, "Demo"): exported from the chat's menu, imported with "Import chat".
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { byTestId, screenshot, waitForNotice, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { useDownloads } from './support/downloads.js';
import { seedChats } from './support/seed-chats.js';
import { seedManyChats } from './support/seed-many-chats.js';
import { storedAttachmentCount, storedChatCount } from './support/stored-chats.js';
import { pasteFile, pngBytes, sendAndSettle, thumbnailWidths } from './support/attachment-files.js';
import { seriousViolations } from './support/axe.js';

const demo = useDemoEnvironment();
const downloads = useDownloads('convolog-demo-backup-');
const POLL = { timeout: 20_000 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Deletes run 300 ms after Undo is offered. */
const QUERY = 'speed=fast&undoMs=300';

function titles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="conversation-item"] .conversation-title').allInnerTexts();
}

function settingsOpen(page: Page): Promise<boolean> {
  return page.locator('dialog.settings-dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open);
}

async function openSettings(page: Page): Promise<void> {
  if (!(await settingsOpen(page))) await byTestId(page, 'settings').click();
  await expect.poll(() => page.locator('dialog.settings-dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
  await byTestId(page, 'backup-section').scrollIntoViewIfNeeded();
}

async function closeSettings(page: Page): Promise<void> {
  if (await settingsOpen(page)) await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog.settings-dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
}

/** Settings → Delete all data, then waits out Undo until the store is empty. */
async function deleteEverything(page: Page): Promise<void> {
  await openSettings(page);
  await byTestId(page, 'delete-all').click();
  await expect.poll(() => storedChatCount(page), POLL).toBe(0);
  await expect.poll(() => byTestId(page, 'conversation-item').count(), POLL).toBe(0);
}

/** A chat with a picture, typed and pasted as a user would; returns the PNG's width. */
async function chatWithPicture(page: Page, text: string): Promise<number> {
  await byTestId(page, 'new-chat').click();
  const png = await pngBytes(page, 240, 160);
  await pasteFile(page, { name: 'garden.png', mimeType: 'image/png', buffer: png });
  await sendAndSettle(page, text);
  await expect.poll(() => thumbnailWidths(page), POLL).toEqual([240]);
  return 240;
}

async function backUp(page: Page): Promise<{ path: string; name: string }> {
  await openSettings(page);
  const file = await downloads.download(page, 'backup-all');
  await expect.poll(() => byTestId(page, 'backup-status').innerText(), POLL).toMatch(/^Backed up \d+ chats? into convolog-backup-/);
  return file;
}

async function restore(page: Page, path: string): Promise<string> {
  await openSettings(page);
  await byTestId(page, 'restore-input').setInputFiles(path);
  await expect.poll(() => byTestId(page, 'backup-section').getAttribute('aria-busy'), POLL).toBe('false');
  return byTestId(page, 'backup-status').innerText();
}

describe('demo: back up everything and restore', () => {
  it('backs up 3 chats (branches, a picture), and after deleting everything a restore brings them back', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [
        { title: 'Hiking plans', messages: [
          { role: 'user', text: 'Where should we hike?' },
          { role: 'assistant', text: 'Try the ridge trail.' },
          { role: 'assistant', text: 'Try the lake loop.', versionOf: 1 },
        ] },
        { title: 'Soup recipe', messages: [{ role: 'user', text: 'Leek soup?' }, { role: 'assistant', text: 'Leeks, potatoes, stock.' }] },
      ]);
      await chatWithPicture(page, 'Look at my garden');
      expect(await storedAttachmentCount(page)).toBe(1);
      expect(await byTestId(page, 'backup-reminder').isVisible()).toBe(false); // nothing is old yet

      await openSettings(page);
      expect(await byTestId(page, 'backup-last').innerText()).toBe('Last backup: never.');
      const file = await backUp(page);
      expect(file.name).toMatch(/^convolog-backup-\d{4}-\d{2}-\d{2}\.zip$/);
      expect(await byTestId(page, 'backup-status').innerText()).toBe(`Backed up 3 chats into ${file.name}.`);
      expect(await byTestId(page, 'backup-last').innerText()).toMatch(/^Last backup: .+ \(just now\)\.$/);
      expect(readFileSync(file.path).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      await screenshot(page, 'backup-settings-desktop');
      await closeSettings(page);

      await deleteEverything(page);
      expect(await storedAttachmentCount(page)).toBe(0);
      await closeSettings(page); // Delete all closed it already

      const status = await restore(page, file.path);
      expect(status).toBe('Restored 3 chats.');
      await waitForNotice(page, /^Restored 3 chats\./);
      await screenshot(page, 'backup-restored-desktop');
      await closeSettings(page);
      await expect.poll(() => titles(page), POLL).toEqual(['Look at my garden', 'Soup recipe', 'Hiking plans']);
      expect(await storedAttachmentCount(page)).toBe(1);

      // The picture is back, shown from the restored bytes.
      await byTestId(page, 'conversation-item').filter({ hasText: 'Look at my garden' }).click();
      await expect.poll(() => thumbnailWidths(page), POLL).toEqual([240]);
      // And the branches: the reply has its two versions, the one last shown first.
      await byTestId(page, 'conversation-item').filter({ hasText: 'Hiking plans' }).click();
      await expect.poll(() => byTestId(page, 'branch-position').allTextContents(), POLL).toEqual(['2/2']);
      await byTestId(page, 'branch-prev').click();
      await expect.poll(() => page.locator('[data-testid="message"][data-role="assistant"]').last().innerText(), POLL).toContain('ridge trail');

      // Restoring the same file again changes nothing.
      expect(await restore(page, file.path)).toBe('Restored 0 chats, 3 already here.');
      expect(await storedChatCount(page)).toBe(3);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 180_000);

  it('a restore while "Delete all data" still offers Undo brings the chats back, and the delete does not remove them after', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [
        { title: 'First', messages: [{ role: 'user', text: 'One' }] },
        { title: 'Second', messages: [{ role: 'user', text: 'Two' }] },
      ]);
      const file = await backUp(page);
      await byTestId(page, 'delete-all').click();
      await waitForNotice(page, /Every chat was deleted from this browser/);
      expect(await byTestId(page, 'conversation-item').count()).toBe(0);
      expect(await storedChatCount(page)).toBe(2); // Undo is still offered: nothing deleted yet

      expect(await restore(page, file.path)).toBe('Restored 2 chats.');
      await closeSettings(page);
      await expect.poll(() => titles(page), POLL).toEqual(['Second', 'First']);
      // No delete is left waiting to remove them (the page keeps pending deletes in sessionStorage).
      expect(await page.evaluate(() => sessionStorage.getItem('convolog-demo:pending-deletes'))).toBeNull();
      expect(await storedChatCount(page)).toBe(2);
      expect(watch.errors).toEqual([]);
    }, { query: 'speed=fast&undoMs=600000' });
  }, 120_000);

  it('Cancel stops a backup (no file, no "last backup") and a restore between chats (exactly the chats it reports are stored)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedManyChats(page, 400);
      // Cancel is clicked in the page the moment the bar first moves: a backup of 400 small chats
      // is over before a click from here would land (exportAll reads them 50 at a time).
      const cancelAtFirstProgress = (): Promise<void> => byTestId(page, 'backup-progress').evaluate((bar) => {
        const value = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, 'value')!;
        delete bar.dataset.cancelShown;
        Object.defineProperty(bar, 'value', {
          configurable: true,
          get() {
            return value.get!.call(this);
          },
          set(next: number) {
            value.set!.call(this, next);
            if (next <= 0) return;
            delete (bar as { value?: number }).value; // once
            const cancel = document.querySelector<HTMLButtonElement>('[data-testid="backup-cancel"]')!;
            // A script's click reaches a hidden button too: whether a person could click it is recorded.
            bar.dataset.cancelShown = String(cancel.checkVisibility() && !cancel.disabled);
            cancel.click();
          },
        });
      });
      const cancelWasShown = (): Promise<string | null> => byTestId(page, 'backup-progress').getAttribute('data-cancel-shown');
      let downloaded = 0;
      page.on('download', () => downloaded++);
      await openSettings(page);
      await cancelAtFirstProgress();
      await byTestId(page, 'backup-all').click();
      await expect.poll(() => byTestId(page, 'backup-status').innerText(), POLL).toBe('Backup cancelled; no file was saved.');
      expect(await cancelWasShown()).toBe('true');
      expect(await byTestId(page, 'backup-last').innerText()).toBe('Last backup: never.');
      expect(downloaded).toBe(0);

      const file = await backUp(page);
      expect(await byTestId(page, 'backup-status').innerText()).toMatch(/^Backed up 400 chats into /);
      await closeSettings(page);
      await deleteEverything(page);

      await openSettings(page);
      // Cancel once the first chats are written (the bar moves with every chat).
      await cancelAtFirstProgress();
      await byTestId(page, 'restore-input').setInputFiles(file.path);
      await expect.poll(() => byTestId(page, 'backup-section').getAttribute('aria-busy'), POLL).toBe('false');
      expect(await cancelWasShown()).toBe('true');
      const status = await byTestId(page, 'backup-status').innerText();
      const kept = Number(/^Restore stopped\. The (\d+) chats? restored before it stopped are kept\.$/.exec(status)?.[1]);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(400);
      expect(await storedChatCount(page)).toBe(kept);
      expect(await byTestId(page, 'backup-cancel').isVisible()).toBe(false);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 180_000);

  it('restores the other chats of a backup whose picture was changed, and lists the damaged chat as skipped with the reason', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [{ title: 'Soup recipe', messages: [{ role: 'user', text: 'Leek soup?' }] }]);
      await chatWithPicture(page, 'Look at my garden');
      const file = await backUp(page);
      await closeSettings(page);
      await deleteEverything(page);

      // Pictures are stored, not deflated: one byte changed inside the PNG leaves a readable ZIP.
      const tampered = Buffer.from(readFileSync(file.path));
      const png = tampered.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(png).toBeGreaterThan(0);
      tampered[png + 200] = tampered[png + 200]! ^ 0xff;
      const path = join(downloads.directory, 'changed-backup.zip');
      writeFileSync(path, tampered);

      expect(await restore(page, path)).toBe('Restored 1 chat, 1 skipped.');
      expect(await byTestId(page, 'restore-skipped').locator('li').allInnerTexts())
        .toEqual([expect.stringMatching(/^"Look at my garden" \(conversations\/\S+\.json, chat [0-9a-f-]{8}\): A picture or file in it does not match its fingerprint/)]);
      await waitForNotice(page, /^Restored 1 chat, 1 skipped\./);
      await screenshot(page, 'backup-skipped-desktop');
      await closeSettings(page);
      await expect.poll(() => titles(page), POLL).toEqual(['Soup recipe']);
      expect(await storedChatCount(page)).toBe(1);
      expect(await storedAttachmentCount(page)).toBe(0);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 120_000);

  it('refuses a cut-off backup, or a ZIP that is no backup, with the reason, and writes nothing', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [
        { title: 'First', messages: [{ role: 'user', text: 'One' }] },
        { title: 'Second', messages: [{ role: 'user', text: 'Two' }] },
      ]);
      const file = await backUp(page);
      await closeSettings(page);
      await deleteEverything(page);

      const bytes = readFileSync(file.path);
      const cut = join(downloads.directory, 'cut-off-backup.zip');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const status = await restore(page, cut);
      expect(status).toBe('Nothing was restored from cut-off-backup.zip. The file is cut off (an interrupted download or copy?). Download or copy it again.');
      expect(await byTestId(page, 'backup-status').getAttribute('class')).toContain('is-error');
      expect(await storedChatCount(page)).toBe(0);
      expect(await byTestId(page, 'conversation-item').count()).toBe(0);
      await screenshot(page, 'backup-refused-desktop');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'backup-refused-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // One chat's ZIP given to Restore is refused too, pointing to Import chat.
      const notBackup = join(downloads.directory, 'not-a-backup.zip');
      writeFileSync(notBackup, Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1'));
      expect(await restore(page, notBackup)).toMatch(/^Nothing was restored from not-a-backup\.zip\. /);
      expect(await storedChatCount(page)).toBe(0);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 120_000);

  it('is reachable by keyboard, announces progress in a status region, and has no serious axe violations (phone, dark)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await seedChats(page, [{ title: 'Only chat', messages: [{ role: 'user', text: 'Hello' }] }]);
      await page.locator('.menu-button').click();
      await openSettings(page);
      expect(await byTestId(page, 'backup-status').getAttribute('role')).toBe('status');
      expect(await byTestId(page, 'restore-input').getAttribute('aria-label')).toBe('Restore from a backup ZIP');
      await byTestId(page, 'backup-all').focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^convolog-backup-/);
      await expect.poll(() => byTestId(page, 'backup-status').innerText(), POLL).toMatch(/^Backed up 1 chat into /);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="restore"]') !== null)).toBe(true);
      await screenshot(page, 'backup-settings-phone-dark');
      expect(await seriousViolations(page)).toEqual([]);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY, viewport: MOBILE });
  }, 120_000);
});

describe('demo: backup reminder', () => {
  async function setRecord(page: Page, record: { lastBackupDaysAgo?: number; firstChatDaysAgo?: number; syncUrl?: string }): Promise<void> {
    await page.evaluate(({ record, day }) => {
      const ago = (days: number): string => new Date(Date.now() - days * day).toISOString();
      if (record.lastBackupDaysAgo !== undefined) localStorage.setItem('convolog-demo:last-backup', ago(record.lastBackupDaysAgo));
      if (record.firstChatDaysAgo !== undefined) localStorage.setItem('convolog-demo:first-chat-seen', ago(record.firstChatDaysAgo));
      if (record.syncUrl !== undefined) localStorage.setItem('convolog-demo:sync', JSON.stringify({ url: record.syncUrl, username: '', password: '', live: false }));
    }, { record, day: DAY_MS });
    await page.reload();
    await waitForReady(page);
  }

  it('shows when the last backup is 40 days old, snoozes on "Not now", and "Back up now" backs up and hides it', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [{ title: 'Old chat', messages: [{ role: 'user', text: 'Hello' }] }]);
      const reminder = byTestId(page, 'backup-reminder');
      expect(await reminder.isVisible()).toBe(false);

      await setRecord(page, { lastBackupDaysAgo: 40 });
      await expect.poll(() => reminder.isVisible(), POLL).toBe(true);
      expect(await byTestId(page, 'backup-reminder-text').innerText()).toMatch(/^Your last backup was 40 days ago, on .+\. Chats since then live only in this browser\.$/);
      expect(await reminder.getAttribute('role')).toBe('region');
      await screenshot(page, 'backup-reminder-desktop');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'backup-reminder-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await seriousViolations(page)).toEqual([]);

      // Not now: gone, and still gone after a reload (7 days' snooze).
      await byTestId(page, 'backup-reminder-dismiss').click();
      expect(await reminder.isVisible()).toBe(false);
      await page.reload();
      await waitForReady(page);
      expect(await reminder.isVisible()).toBe(false);

      // Snooze over (set 8 days back): it shows again; Back up now downloads, and it goes.
      await page.evaluate((day) => localStorage.setItem('convolog-demo:backup-reminder-snoozed-until', new Date(Date.now() - day).toISOString()), DAY_MS);
      await page.reload();
      await waitForReady(page);
      await expect.poll(() => reminder.isVisible(), POLL).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), byTestId(page, 'backup-reminder-now').click()]);
      expect(download.suggestedFilename()).toMatch(/^convolog-backup-\d{4}-\d{2}-\d{2}\.zip$/);
      await expect.poll(() => byTestId(page, 'backup-status').innerText(), POLL).toMatch(/^Backed up 1 chat into /);
      await closeSettings(page);
      await expect.poll(() => reminder.isVisible(), POLL).toBe(false);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 120_000);

  it('shows with no backup ever once chats are 40 days old, and not when sync is set up', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const reminder = byTestId(page, 'backup-reminder');
      // No chats: nothing to lose, no reminder, whatever the record says.
      await setRecord(page, { firstChatDaysAgo: 40 });
      expect(await reminder.isVisible()).toBe(false);

      await seedChats(page, [{ title: 'Old chat', messages: [{ role: 'user', text: 'Hello' }] }]);
      await expect.poll(() => reminder.isVisible(), POLL).toBe(true);
      expect(await byTestId(page, 'backup-reminder-text').innerText()).toContain('never been backed up');
      await screenshot(page, 'backup-reminder-phone');

      await setRecord(page, { syncUrl: 'https://couch.example.com/userdb-1' });
      expect(await reminder.isVisible()).toBe(false);
      await setRecord(page, { lastBackupDaysAgo: 40 });
      expect(await reminder.isVisible()).toBe(false);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY, viewport: MOBILE });
  }, 120_000);
});

describe('demo: one chat as a ZIP with its pictures', () => {
  it('exports a chat with a picture as a ZIP from its menu; after deleting it, importing the ZIP shows the picture', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await chatWithPicture(page, 'My garden today');
      const row = page.locator('.conversation-row', { hasText: 'My garden today' });
      await row.locator('[data-testid="chat-menu-button"]').click();
      expect(await byTestId(page, 'chat-menu').getByRole('menuitem').allInnerTexts()).toEqual(['Rename', 'Export JSON', 'Export ZIP with attachments', 'Delete']);
      await screenshot(page, 'chat-menu-export-zip-desktop');
      const file = await downloads.download(page, 'chat-menu-export-zip');
      expect(file.name).toMatch(/^my-garden-today-\d{4}-\d{2}-\d{2}\.zip$/);
      await waitForNotice(page, /with its pictures and files/);

      await byTestId(page, 'delete').click();
      await expect.poll(() => storedChatCount(page), POLL).toBe(0);
      await expect.poll(() => storedAttachmentCount(page), POLL).toBe(0);

      await byTestId(page, 'import').setInputFiles(file.path);
      await waitForNotice(page, /^Imported "My garden today"/);
      await expect.poll(() => thumbnailWidths(page), POLL).toEqual([240]);
      expect(await storedAttachmentCount(page)).toBe(1);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 120_000);

  it('says why a chat ZIP is refused: cut off, a picture that does not match its fingerprint, or a ZIP that is no chat', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await chatWithPicture(page, 'My garden today');
      await page.locator('.conversation-row', { hasText: 'My garden today' }).locator('[data-testid="chat-menu-button"]').click();
      const file = await downloads.download(page, 'chat-menu-export-zip');
      const bytes = readFileSync(file.path);
      const importAndRead = async (name: string, data: Buffer): Promise<string> => {
        const path = join(downloads.directory, name);
        writeFileSync(path, data);
        await byTestId(page, 'import').setInputFiles(path);
        return waitForNotice(page, new RegExp(`^Could not import ${name.replace('.', '\\.')}`));
      };

      expect(await importAndRead('cut.zip', bytes.subarray(0, Math.floor(bytes.length / 2)))).toContain('The file is cut off');
      // The picture is stored, not deflated: one byte changed inside it leaves a readable ZIP with other bytes.
      const tampered = Buffer.from(bytes);
      const png = tampered.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(png).toBeGreaterThan(0);
      tampered[png + 200] = tampered[png + 200]! ^ 0xff;
      expect(await importAndRead('tampered.zip', tampered)).toContain('does not match its fingerprint');
      const backup = await backUp(page);
      await closeSettings(page);
      expect(await importAndRead('backup.zip', readFileSync(backup.path))).toContain('This ZIP is not a chat exported by convolog');
      await screenshot(page, 'chat-zip-refused-desktop');
      expect(await storedChatCount(page)).toBe(1);
      expect(watch.errors).toEqual([]);
    }, { query: QUERY });
  }, 120_000);
});
