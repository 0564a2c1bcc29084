// The demo's data features in real Chromium: compaction (and its marker surviving a reload),
// export to JSON and Markdown, untrusted import with warnings, deleting, unreadable records.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import {
  byTestId, messages, newChat, screenshot, sendAndWait, waitForNotice, waitForReady,
} from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { storedChatCount } from './support/stored-chats.js';
import { useDownloads } from './support/downloads.js';

const demo = useDemoEnvironment();
const downloads = useDownloads('convolog-demo-downloads-');

async function transcript(page: Page): Promise<string[]> {
  return page.locator('[data-testid="message"]').evaluateAll((nodes) =>
    nodes.map((node) => `${(node as HTMLElement).dataset.role}: ${(node as HTMLElement).querySelector('.text, .bubble, .tool-output')?.textContent?.trim() ?? ''}`));
}

describe('demo: compaction', () => {
  it('compacts, dims what is no longer sent, and the marker survives a reload', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello! I am planning a trip to Portugal in May.');
      await sendAndWait(page, 'What is the weather in Lisbon?');
      await sendAndWait(page, 'And what is 1250*4 for the hotel budget?');
      await sendAndWait(page, 'How does compacting a chat work?');
      await sendAndWait(page, 'What is the weather in Porto?');

      await byTestId(page, 'compact').click();
      await waitForNotice(page, /Compacted: the model is now sent ~[\d,]+ tokens instead of ~[\d,]+/);
      const marker = byTestId(page, 'compaction');
      expect(await marker.count()).toBe(1);
      const markerText = await marker.innerText();
      expect(markerText).toMatch(/~[\d,]+ tokens → ~[\d,]+ tokens/);
      expect(markerText).toContain('Portugal'); // the extractive summary quotes what was said
      const folded = page.locator('[data-testid="message"].is-folded');
      expect(await folded.count()).toBeGreaterThan(2);
      expect(await byTestId(page, 'folded-range').innerText()).toContain('Not sent to the model');
      // The kept tail is not dimmed: the last message is sent.
      expect(await messages(page).last().getAttribute('class')).not.toContain('is-folded');
      await marker.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await screenshot(page, 'desktop-compacted');

      const before = await transcript(page);
      const foldedCount = await folded.count();
      await page.reload();
      await waitForReady(page);
      expect(await byTestId(page, 'compaction').count()).toBe(1);
      expect(await byTestId(page, 'compaction').innerText()).toBe(markerText);
      expect(await page.locator('[data-testid="message"].is-folded').count()).toBe(foldedCount);
      expect(await transcript(page)).toEqual(before);

      // The next turn is answered from the compacted context.
      await sendAndWait(page, 'Tell me what you remember');
      expect(await messages(page, 'assistant').last().innerText()).toContain('compacted');
      await page.setViewportSize(MOBILE);
      await page.waitForTimeout(400); // the sidebar slides away on narrow screens
      await byTestId(page, 'compaction').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await screenshot(page, 'mobile-compacted');
      expect(watch.errors).toEqual([]);
    });
  });

  it('says so when a chat is too short to compact', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, 'Hi');
      await byTestId(page, 'compact').click();
      await waitForNotice(page, /Nothing to compact yet/);
      expect(await byTestId(page, 'compaction').count()).toBe(0);
    });
  });
});

describe('demo: export and import', () => {
  it('exports JSON and Markdown, and imports the JSON back as a new chat', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Weather in Reykjavik, and what is 3^4?');
      const original = await transcript(page);

      const json = await downloads.download(page, 'export');
      expect(json.name).toMatch(/^weather-in-reykjavik.*\.json$/);
      const exported = JSON.parse(readFileSync(json.path, 'utf8')) as { format: string; entries: unknown[]; conversation: { title: string } };
      expect(exported.format).toBe('convolog.conversation');
      expect(exported.entries).toHaveLength(original.length);

      const markdown = await downloads.download(page, 'export-markdown');
      const text = readFileSync(markdown.path, 'utf8');
      expect(text).toContain('### User');
      expect(text).toContain('Weather in Reykjavik, and what is 3^4?');
      expect(text).toContain('`3^4` = 81'); // the offline assistant writes an expression as a code span (Markdown)

      await byTestId(page, 'import').setInputFiles(json.path);
      await waitForNotice(page, /Imported "Weather in Reykjavik/);
      await expect.poll(() => byTestId(page, 'conversation-item').count()).toBe(2);
      // The import is the open chat now, a separate conversation with the same content.
      expect(await transcript(page)).toEqual(original);
      const items = byTestId(page, 'conversation-item');
      const ids = await items.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.conversationId));
      expect(new Set(ids).size).toBe(2);
      expect(watch.errors).toEqual([]);
    });
  });

  it('imports an untrusted file with provider data and opaque content, listing what it removed', async () => {
    await onDemoPage(demo, async ({ page }) => {
      const hostile = {
        format: 'convolog.history',
        formatVersion: 1,
        messages: [
          { role: 'user', content: 'Summarize our meeting', providerData: { openai: { cache: 'x' } } },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Here is the summary.' },
              { type: 'other', typeName: 'web_search_call', value: { query: 'secret' }, origin: 'openai' },
            ],
          },
        ],
      };
      const path = join(downloads.directory, 'hostile.json');
      writeFileSync(path, JSON.stringify(hostile));
      await byTestId(page, 'import').setInputFiles(path);
      const notice = await waitForNotice(page, /Imported .* with \d+ changes?/);
      expect(notice.split('\n').length).toBeGreaterThan(1); // the warnings are listed
      expect(await transcript(page)).toEqual(['user: Summarize our meeting', 'assistant: Here is the summary.']);
      await screenshot(page, 'desktop-import-warnings');

      // A file that is not a chat at all is refused and changes nothing.
      const junk = join(downloads.directory, 'junk.json');
      writeFileSync(junk, '{"hello": "world"');
      await byTestId(page, 'import').setInputFiles(junk);
      await waitForNotice(page, /Could not import junk\.json\. Nothing was changed\./);
      expect(await byTestId(page, 'conversation-item').count()).toBe(1);
    });
  });
});

describe('demo: deleting and damaged data', () => {
  it('deletes a chat without a confirm box, and it stays deleted after a reload once Undo is over', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Keep this one');
      await newChat(page);
      await sendAndWait(page, 'Delete this one');
      expect(await byTestId(page, 'conversation-item').count()).toBe(2);

      await byTestId(page, 'delete').click();
      await waitForNotice(page, /Deleted "Delete this one"/);
      expect(watch.dialogs).toEqual([]);
      expect(await byTestId(page, 'conversation-item').allInnerTexts()).toEqual([expect.stringContaining('Keep this one')]);
      // The remaining chat opened in its place.
      expect(await messages(page, 'user').innerText()).toContain('Keep this one');

      // Undo is offered for ?undoMs=2000 here; the store's delete runs after it (demo-shell.test.ts covers Undo).
      await expect.poll(() => storedChatCount(page), { timeout: 10_000 }).toBe(1);
      await page.reload();
      await waitForReady(page);
      expect(await byTestId(page, 'conversation-item').count()).toBe(1);
    }, { query: 'speed=fast&undoMs=2000' });
  });

  it('renames a chat from the header and by double-clicking it in the sidebar', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, 'Original title');
      await byTestId(page, 'rename').click();
      await byTestId(page, 'rename-input').fill('Trip planning');
      await byTestId(page, 'rename-input').press('Enter');
      await expect.poll(() => byTestId(page, 'conversation-item').innerText()).toContain('Trip planning');

      await byTestId(page, 'conversation-item').dblclick();
      await byTestId(page, 'rename-input').fill('Trip planning <b>2</b>');
      await byTestId(page, 'rename-input').press('Enter');
      await expect.poll(() => byTestId(page, 'conversation-item').innerText()).toContain('Trip planning <b>2</b>');
      await page.reload();
      await waitForReady(page);
      expect(await page.locator('.chat-title').innerText()).toBe('Trip planning <b>2</b>');
    });
  });

  it('deletes all data from the settings (Undo offered, no confirm box)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'One');
      await newChat(page);
      await sendAndWait(page, 'Two');
      await byTestId(page, 'settings').click();
      await page.waitForSelector('dialog[open]');
      await expect.poll(() => byTestId(page, 'storage-usage').innerText()).toMatch(/used/);
      await byTestId(page, 'request-persistence').click();
      await waitForNotice(page, /Persistent storage (granted|was not granted)/);
      await screenshot(page, 'desktop-settings');
      await byTestId(page, 'delete-all').click();
      await waitForNotice(page, /Every chat was deleted/);
      expect(watch.dialogs).toEqual([]);
      expect(await byTestId(page, 'conversation-item').count()).toBe(0);
      await expect.poll(() => storedChatCount(page), { timeout: 10_000 }).toBe(0); // the Undo window ends, the store is cleared
      await page.reload();
      await waitForReady(page);
      expect(await byTestId(page, 'conversation-item').count()).toBe(0);
    }, { query: 'speed=fast&undoMs=2000' });
  });

  it('tells the user which stored messages could not be read, and shows the rest', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await sendAndWait(page, 'First message');
      await sendAndWait(page, 'Second message');
      const conversationId = await byTestId(page, 'conversation-item').getAttribute('data-conversation-id');
      // Damage seq 2 behind the store's back, as a bug or a manual edit would.
      await page.evaluate(async (id) => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('convolog');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const transaction = database.transaction('entries', 'readwrite');
        const entries = transaction.objectStore('entries');
        const read = entries.get([id!, 2]);
        read.onsuccess = () => entries.put({ ...read.result, message: { role: 'robot', content: 42 } });
        await new Promise((resolve) => { transaction.oncomplete = resolve; });
        database.close();
      }, conversationId);

      await page.reload();
      await waitForReady(page);
      const notice = await waitForNotice(page, /could not be read/);
      expect(notice).toContain('#2');
      expect(await byTestId(page, 'corrupt-entry').innerText()).toContain('Message #2 could not be read');
      expect(await messages(page, 'user').allInnerTexts()).toEqual([
        expect.stringContaining('First message'), expect.stringContaining('Second message'),
      ]);
      await screenshot(page, 'desktop-corrupt');
    });
  });
});
