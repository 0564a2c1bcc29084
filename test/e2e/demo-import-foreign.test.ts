// Importing another app's history in the demo, in real Chromium: a multi-conversation ChatGPT
// conversations.json through the existing Import chat control, a progress bar, then the summary
// (conversations imported, branches kept, what was left out and why), and the newest chat open on
// the branch its owner last had.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pngBytes, thumbnailWidths } from './support/attachment-files.js';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, openDemo, screenshot, waitForNotice } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { T0, branchingConversation, browsingConversation, conversation, message, text, toolsConversation } from '../importers/fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation, linkedClaudeConversation } from '../importers/fixtures/claude-fixtures.js';

const demo = useDemoEnvironment();
let files: string;

beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'convolog-foreign-import-'));
});

afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

async function transcript(page: Page): Promise<string[]> {
  return page.locator('[data-testid="message"]').evaluateAll((nodes) =>
    nodes.map((node) => `${(node as HTMLElement).dataset.role}: ${(node as HTMLElement).querySelector('.text, .bubble')?.textContent?.trim() ?? ''}`));
}

describe('demo: importing another app\'s export', () => {
  it('imports a multi-conversation ChatGPT export with a progress bar, a summary, and the last branch open', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      // The branching chat was updated last, so it is the one the demo opens after the import.
      const exported = [toolsConversation(), browsingConversation(), { ...branchingConversation(), update_time: T0 + 9_000 },
        { title: 'Corrupted entry', conversation_id: 'broken', create_time: T0 }];
      const path = join(files, 'conversations.json');
      writeFileSync(path, JSON.stringify(exported));

      await byTestId(page, 'import').setInputFiles(path);
      const summary = byTestId(page, 'import-summary');
      await summary.waitFor({ timeout: 30_000 });
      expect(await byTestId(page, 'import-progress').count()).toBe(0); // the bar gave way to the summary
      const text = await summary.innerText();
      expect(text).toContain('3 conversations imported');
      expect(text).toContain('5 branches kept'); // 1 + 1 + 3 leaves
      expect(text).toMatch(/1 × images the export holds only by reference/);
      expect(text).toMatch(/2 × code runs and their output kept as text/);
      expect(text).toMatch(/3 × built-in tool calls and results of the app/);
      expect(text).toMatch(/Not imported \(1\)[\s\S]*Corrupted entry/i); // the heading is upper-cased by CSS
      await screenshot(page, 'desktop-import-chatgpt-summary');
      await byTestId(page, 'import-done').click();

      const titles = await byTestId(page, 'conversation-item').allTextContents();
      for (const title of ['Trip to Oslo', 'Chart my data', 'Who makes the WAF?']) expect(titles.join('\n')).toContain(title);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="message"]').length === 4);
      expect(await transcript(page)).toEqual([
        'user: Plan a weekend in Oslo', 'assistant: Saturday: Vigeland park. Sunday: a ferry.', 'user: And where to eat?', 'assistant: Try Mathallen.',
      ]);
      await screenshot(page, 'desktop-import-chatgpt-opened');
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('detects a Claude export, and refuses a zip with a clear notice', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await openDemo(page, demo.server.origin);
      const path = join(files, 'claude.json');
      // One unreadable item in chat_messages costs that message only, and the summary says so.
      const withNull = linkedClaudeConversation();
      (withNull.chat_messages as unknown[]).splice(2, 0, null);
      writeFileSync(path, JSON.stringify([withNull]));
      await byTestId(page, 'import').setInputFiles(path);
      const summary = byTestId(page, 'import-summary');
      await summary.waitFor({ timeout: 30_000 });
      expect(await page.locator('.import-dialog h2').innerText()).toBe('Imported your Claude export');
      expect(await summary.innerText()).toContain('1 conversation imported · 2 branches kept');
      expect(await summary.innerText()).toMatch(/1 × messages the export holds in a form that cannot be read/);
      expect(await summary.innerText()).not.toContain('Nothing was left out');
      await byTestId(page, 'import-done').click();

      // A conversation not imported is something left out too: the summary never says "Nothing was left out" then.
      const broken = join(files, 'claude-broken.json');
      writeFileSync(broken, JSON.stringify([linearClaudeConversation(), { uuid: 'broken', name: 'Broken chat', chat_messages: 'nope' }]));
      await byTestId(page, 'import').setInputFiles(broken);
      await page.waitForFunction(() => document.querySelector('[data-testid="import-summary"]')?.textContent?.includes('Broken chat'), undefined, { timeout: 30_000 });
      const brokenSummary = await byTestId(page, 'import-summary').innerText();
      expect(brokenSummary).toContain('1 conversation imported');
      expect(brokenSummary).toMatch(/Not imported \(1\)[\s\S]*Broken chat/i);
      expect(brokenSummary).not.toContain('Nothing was left out');
      await byTestId(page, 'import-done').click();

      // A ZIP that is neither a convolog chat nor an app's data export says so.
      const other = join(files, 'photos.zip');
      writeFileSync(other, zipSync({ 'holiday.txt': strToU8('not a chat') }));
      await byTestId(page, 'import').setInputFiles(other);
      await waitForNotice(page, /This ZIP is not a chat exported by convolog, nor a ChatGPT or Claude data export/);
    } finally {
      await context.close();
    }
  });

  it('imports ChatGPT\'s data export ZIP as downloaded, its pictures shown in the chat; a second import leaves the chat as it was', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const png = await pngBytes(page, 120, 80);
      const pointer = 'file-service://file-Garden1';
      const chat = conversation('zip-photo', 'My garden', [
        ['root', null, null],
        ['u1', 'root', message('u1', 'user', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: pointer, size_bytes: png.length, width: 120, height: 80 }, 'What grows here?'] }, {
          metadata: { attachments: [{ id: 'file-Garden1', name: 'garden.png' }] },
        }, 1)],
        ['a1', 'u1', message('a1', 'assistant', text('Tomatoes, by the look of it.'), {}, 2)],
      ], 'a1');
      const path = join(files, 'chatgpt-export.zip');
      writeFileSync(path, zipSync({
        'conversations.json': strToU8(JSON.stringify([chat])),
        'file-Garden1-garden.png': png,
        'user.json': strToU8('{}'),
        'chat.html': strToU8('<html></html>'),
      }));
      await byTestId(page, 'import').setInputFiles(path);
      await page.waitForFunction(() => document.querySelector('[data-testid="import-summary"]') !== null, undefined, { timeout: 30_000 });
      const summary = await byTestId(page, 'import-summary').innerText();
      expect(summary).toContain('1 conversation imported');
      expect(summary).toContain('1 picture or file');
      expect(summary).toContain('Nothing was left out');
      await screenshot(page, 'import-chatgpt-zip-summary');
      await byTestId(page, 'import-done').click();
      await expect.poll(() => thumbnailWidths(page), { timeout: 10_000 }).toEqual([120]);
      expect(await page.locator('[data-testid="message"]').first().innerText()).toContain('What grows here?');
      await screenshot(page, 'import-chatgpt-zip-chat');

      await byTestId(page, 'import').setInputFiles(path);
      await page.waitForFunction(() => document.querySelector('[data-testid="import-earlier"]') !== null, undefined, { timeout: 30_000 });
      expect(await byTestId(page, 'import-summary').innerText()).toContain('0 conversations imported');
      expect(await byTestId(page, 'import-earlier').innerText()).toBe('1 already imported before, left as they were.');
      await byTestId(page, 'import-done').click();
      expect(await page.locator('[data-testid="conversation-item"]').count()).toBe(1);
      expect(watch.errors).toEqual([]);
    });
  });

  it('importing the same file again asks what to do, and skip, replace and import again each do what they say', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await openDemo(page, demo.server.origin);
      const path = join(files, 'twice.json');
      writeFileSync(path, JSON.stringify([toolsConversation(), branchingConversation()]));
      const importOnce = async (choice?: 'skip' | 'replace' | 'duplicate'): Promise<string> => {
        await byTestId(page, 'import').setInputFiles(path);
        if (choice !== undefined) {
          const question = byTestId(page, 'reimport-question');
          await question.waitFor({ timeout: 30_000 });
          expect(await question.innerText()).toMatch(/already imported, such as “Chart my data”/);
          await byTestId(page, `reimport-${choice}`).click();
        }
        const summary = byTestId(page, 'import-summary');
        await summary.waitFor({ timeout: 30_000 });
        const text = await summary.innerText();
        await byTestId(page, 'import-done').click();
        await summary.waitFor({ state: 'hidden' });
        return text;
      };
      const titles = async (): Promise<string[]> => {
        return (await byTestId(page, 'conversation-item').allTextContents()).map((title) => (/Chart my data|Trip to Oslo/.exec(title) ?? [''])[0]).filter(Boolean).sort();
      };

      expect(await importOnce()).toContain('2 conversations imported');
      const first = await importOnce('skip');
      expect(first).toContain('0 conversations imported');
      expect(first).toContain('2 already imported before, left as they were.');
      await screenshot(page, 'desktop-import-again-skipped');
      expect(await titles()).toEqual(['Chart my data', 'Trip to Oslo']);

      const replaced = await importOnce('replace');
      expect(replaced).toContain('2 conversations imported');
      expect(replaced).toContain('2 already imported before, replaced with this file\'s copy.');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="conversation-item"]').length === 2);
      expect(await titles()).toEqual(['Chart my data', 'Trip to Oslo']);

      const copies = await importOnce('duplicate');
      expect(copies).toContain('2 already imported before, imported again as copies.');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="conversation-item"]').length === 4);
      expect(await titles()).toEqual(['Chart my data', 'Chart my data', 'Trip to Oslo', 'Trip to Oslo']);
      expect(watch.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
