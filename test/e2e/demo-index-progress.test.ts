// The demo shows the search index catching up after a big import (DESIGN §17): a line at the top
// of the sidebar's foot counts the messages left (the store's searchIndexStatus), and goes once the index
// holds them all. Search finds the imported messages all along.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, openDemo, screenshot } from './support/demo-page.js';
import { generatedExport } from '../importers/fixtures/chatgpt-fixtures.js';

const demo = useDemoEnvironment();
let files: string;

beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'convolog-index-progress-'));
});

afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('demo: the search index after a big import', () => {
  it('shows how many messages are left to index, then nothing once all are indexed', { timeout: 180_000 }, async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      // Where the chat list starts: the line must not push it when it comes. (Settings is not
      // compared: the storage line below it settles its own height after boot, 4.6 px in one CI run.)
      const places = () => page.evaluate(() => document.querySelector('.sidebar-scroll')?.getBoundingClientRect().top);
      const before = await places();
      const path = join(files, 'conversations.json');
      // 40 chats of 100 turns: about 8,000 messages, a few seconds of indexing after the import.
      writeFileSync(path, JSON.stringify(generatedExport(40, 100)));
      await byTestId(page, 'import').setInputFiles(path);
      const progress = byTestId(page, 'index-progress');
      await progress.waitFor({ state: 'visible', timeout: 120_000 });
      expect(await progress.innerText()).toMatch(/^Indexing for search: [\d,]+ messages left$/);
      // It appeared without pushing the list down under the pointer.
      expect(await places()).toEqual(before);
      await screenshot(page, 'desktop-index-progress');
      await progress.waitFor({ state: 'hidden', timeout: 150_000 });
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
