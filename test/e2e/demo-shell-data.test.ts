// The demo's shell around data, in real Chromium (issue 27): search snippets show their match
// past the three-line clamp and say which version a hit on a forked message is; sync errors in
// words for a person (once, no ids, details folded); the storage line after a sync pull; saving
// settings says what was saved; the Markdown export says it holds one branch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE, newContext, watchPage } from './support/browser.js';
import { byTestId, openDemo, screenshot, sendAndWait, waitForNotice } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { useDownloads } from './support/downloads.js';
import { seedChats } from './support/seed-chats.js';
import { useCouchServer } from '../sync/couch-server.js';

const demo = useDemoEnvironment();
const couch = useCouchServer();
const downloads = useDownloads('convolog-demo-shell-');
const POLL = { timeout: 10_000 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function searchFor(page: Page, query: string): Promise<void> {
  await byTestId(page, 'search-input').fill(query);
  await expect.poll(() => page.locator('.search-panel').getAttribute('data-query'), POLL).toBe(query);
}

/** Opens Settings, syncs with `url`, waits for the outcome and returns the status line (the dialog stays open). */
async function syncNow(page: Page, url: string): Promise<string> {
  if (await page.locator('dialog[open]').count() === 0) await byTestId(page, 'settings').click();
  await byTestId(page, 'sync-url').fill(url);
  await byTestId(page, 'sync-now').click();
  await page.waitForFunction(() => {
    const status = document.querySelector<HTMLElement>('[data-testid="sync-status"]');
    return status?.dataset.state === 'synced' || status?.dataset.state === 'error';
  }, undefined, { timeout: 30_000 });
  return byTestId(page, 'sync-status').innerText();
}

const FILLER = 'This message starts with a long stretch of words that push the interesting part far to the right, well past what three lines of the sidebar can hold, and only then';

describe('demo shell: search results', () => {
  it('shows the match of a long message inside the three-line clamp, on a laptop and a phone', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, `${FILLER} mentions the quokka.`);
      for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
        await page.setViewportSize(viewport);
        if (viewport === MOBILE) await page.locator('.menu-button').click();
        await searchFor(page, 'quokka');
        const result = byTestId(page, 'search-result').first();
        const body = await result.locator('.search-result-body').boundingBox();
        const mark = await result.locator('mark').first().boundingBox();
        expect(body).not.toBeNull();
        expect(mark).not.toBeNull();
        expect(mark!.y + mark!.height, `the match is inside the clamped snippet at ${viewport.width}px`).toBeLessThanOrEqual(body!.y + body!.height + 0.5);
        expect(await result.locator('mark').first().innerText()).toBe('quokka');
        expect(await byTestId(result, 'search-snippet').innerText()).toMatch(/^…/);
        await screenshot(page, `shell-search-snippet-${viewport.width}`);
        await byTestId(page, 'search-input').fill('');
      }
      expect(watch.errors).toEqual([]);
    });
  });

  it('says which version each hit on sibling branches is, so equal answers do not look like duplicates', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [{
        title: 'Ferry times',
        messages: [
          { role: 'user', text: 'When does the ferry to Bergen leave?' },
          { role: 'assistant', text: 'The ferry leaves at nine from pier four.' },
          { role: 'assistant', text: 'The ferry leaves at nine from pier four.', versionOf: 1 },
          { role: 'assistant', text: 'The ferry leaves at nine from pier four.', versionOf: 1 },
        ],
      }]);
      await searchFor(page, 'pier');
      await expect.poll(() => byTestId(page, 'search-result').count(), POLL).toBe(3);
      const versions = await byTestId(page, 'search-version').allInnerTexts();
      expect(versions.sort()).toEqual(['version 1 of 3', 'version 2 of 3', 'version 3 of 3']);
      // The question above the fork is on every branch: no version label.
      await searchFor(page, 'Bergen');
      await expect.poll(() => byTestId(page, 'search-result').count(), POLL).toBe(1);
      expect(await byTestId(page, 'search-version').count()).toBe(0);
      await searchFor(page, 'pier');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(300);
      await screenshot(page, 'shell-search-versions-dark');
      expect(watch.errors).toEqual([]);
    });
  });
});

describe('demo shell: settings, sync and export', () => {
  it('says "Settings saved" for a change that is not about where replies come from', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await byTestId(page, 'settings').click();
      await byTestId(page, 'context-window').fill('64000');
      await byTestId(page, 'save-settings').click();
      const notice = await waitForNotice(page, /Settings saved/);
      expect(notice).not.toMatch(/Replies now come from/);
    });
  });

  it('words a sync error once, for a person, without ids, with the details folded', async () => {
    await onDemoPage(demo, async ({ page }) => {
      const status = await syncNow(page, 'http://127.0.0.1:9/nowhere');
      expect(status).toMatch(/^Sync failed: the sync server did not answer\. Check the network and the database URL\./);
      expect(status.match(/Sync failed/g)).toHaveLength(1);
      expect(status).not.toMatch(UUID);
      const details = byTestId(page, 'sync-error-details');
      expect(await details.isVisible()).toBe(true);
      await details.locator('summary').click();
      const text = await details.innerText();
      expect(text).toMatch(/No answer from the server/);
      expect(text).not.toMatch(UUID);
      await byTestId(page, 'sync-status').scrollIntoViewIfNeeded();
      await screenshot(page, 'shell-sync-error');
    });
  });

  it('refreshes the storage line as soon as a sync has pulled chats', async () => {
    const url = await couch().database('shell-storage');
    const laptopContext = await newContext(demo.browser);
    const phoneContext = await newContext(demo.browser);
    try {
      const laptop = await laptopContext.newPage();
      const phone = await phoneContext.newPage();
      const phoneWatch = watchPage(phone);
      await openDemo(laptop, demo.server.origin);
      await openDemo(phone, demo.server.origin);
      await seedChats(laptop, Array.from({ length: 70 }, (_, index) => ({
        title: `Chat ${index}`,
        messages: [{ role: 'user', text: `Question ${index}: ${FILLER}` }, { role: 'assistant', text: `Answer ${index}: ${FILLER.repeat(4)}` }],
      })));
      expect(await syncNow(laptop, url)).toMatch(/Synced at/);
      await byTestId(phone, 'settings').click();
      await expect.poll(() => byTestId(phone, 'storage-usage').innerText(), POLL).toMatch(/used/);
      const before = await byTestId(phone, 'storage-usage').innerText();
      expect(await syncNow(phone, url)).toMatch(/Synced at/);
      // The sidebar shows the first page of the 70 (the rest load as it scrolls, DESIGN §20).
      await expect.poll(() => phone.locator('[data-testid="conversation-item"] .conversation-title').first().innerText(), POLL).toBe('Chat 69');
      expect(await byTestId(phone, 'conversation-item').count()).toBe(50);
      // By the time the status says the sync is done, the line measures what it pulled.
      expect(await byTestId(phone, 'storage-usage').innerText()).not.toBe(before);
      const line = await phone.locator('.storage-line').innerText();
      expect(line).toMatch(/ of .* used · (not )?persistent$/);
      expect(phoneWatch.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    } finally {
      await laptopContext.close();
      await phoneContext.close();
    }
  });

  it('refreshes the storage line as soon as an import is done', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, `A big one: ${'lorem ipsum dolor sit amet '.repeat(8000)}`);
      const { path } = await downloads.download(page, 'export');
      await page.waitForTimeout(2500); // the refresh after the send has run: the line is settled
      const before = await page.locator('.storage-line').innerText();
      await byTestId(page, 'import').setInputFiles(path);
      await waitForNotice(page, /Imported/);
      await expect.poll(() => page.locator('.storage-line').innerText(), { timeout: 1000 }).not.toBe(before);
    });
  });

  it('says that a Markdown export holds only the branch on screen, in the notice and in the file', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, 'How does compacting a chat work?');
      const last = page.locator('[data-testid="message"][data-role="assistant"]').last();
      await last.hover();
      await byTestId(last, 'regenerate').click();
      await expect.poll(() => byTestId(page, 'branch-position').count(), POLL).toBeGreaterThan(0);
      await page.waitForFunction(() => (document.querySelector<HTMLElement>('[data-testid="stop"]')?.hidden ?? false), undefined, POLL);
      const { path } = await downloads.download(page, 'export-markdown');
      const notice = await waitForNotice(page, /only the branch on screen/);
      expect(notice).toMatch(/1 of this chat's 2 branches/);
      expect(readFileSync(path, 'utf8')).toMatch(/^# .*\n\n> This is one of the chat's 2 branches: the one shown when it was exported\. The convolog JSON export keeps every branch\./);
      await screenshot(page, 'shell-export-markdown');
    });
  });
});
