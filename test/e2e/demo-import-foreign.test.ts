// Importing another app's history in the demo, in real Chromium: a multi-conversation ChatGPT
// conversations.json through the existing Import chat control, a progress bar, then the summary
// (conversations imported, branches kept, what was left out and why), and the newest chat open on
// the branch its owner last had.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, openDemo, screenshot, waitForNotice } from './support/demo-page.js';
import { T0, branchingConversation, browsingConversation, toolsConversation } from '../importers/fixtures/chatgpt-fixtures.js';
import { linkedClaudeConversation } from '../importers/fixtures/claude-fixtures.js';

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
      writeFileSync(path, JSON.stringify([linkedClaudeConversation()]));
      await byTestId(page, 'import').setInputFiles(path);
      const summary = byTestId(page, 'import-summary');
      await summary.waitFor({ timeout: 30_000 });
      expect(await page.locator('.import-dialog h2').innerText()).toBe('Imported your Claude export');
      expect(await summary.innerText()).toContain('1 conversation imported · 2 branches kept');
      await byTestId(page, 'import-done').click();

      const zip = join(files, 'chatgpt-export.zip');
      writeFileSync(zip, 'PK\u0003\u0004');
      await byTestId(page, 'import').setInputFiles(zip);
      await waitForNotice(page, /Unzip it and choose the conversations\.json inside/);
    } finally {
      await context.close();
    }
  });
});
