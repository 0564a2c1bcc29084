// Builds examples/react-chat, serves the build and drives it in real Chromium: list, open, send
// (a streamed answer with a tool call), regenerate and switch versions, reload, switch chats —
// everything kept in IndexedDB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, watchPage } from './support/browser.js';

const configFile = fileURLToPath(new URL('../../examples/react-chat/vite.config.ts', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'react-chat-'));
let server: PreviewServer;
let browser: Browser;

beforeAll(async () => {
  await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  server = await preview({ configFile, logLevel: 'silent', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

async function send(page: Page, text: string, storedAfter: number): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator(`section[data-stored="${storedAfter}"]`).waitFor();
  await page.locator('ol[data-chat-status="ready"]').waitFor();
}

function transcript(page: Page): Promise<string[]> {
  return page.locator('main li').allTextContents();
}

describe('examples/react-chat', () => {
  it('lists, opens, sends, reloads and switches chats, all from the store', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000); // a loaded CI machine, not a slow app: every wait is for a state the app reaches
    const watch = watchPage(page);
    await page.goto(server.resolvedUrls!.local[0]!);
    await page.locator('nav[data-status="ready"]').waitFor();

    await page.getByRole('button', { name: '+ New chat' }).click();
    await send(page, 'weather in Oslo', 4);
    await send(page, 'hello', 6);
    expect(await transcript(page)).toEqual(['weather in Oslo', 'weather → {"city":"Oslo","celsius":12}It is 12°C in Oslo.', 'hello', 'You said: hello']);
    await page.getByRole('button', { name: 'weather in Oslo' }).waitFor();

    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.locator('p.versions', { hasText: '2/2' }).waitFor();
    expect((await transcript(page)).at(-1)).toBe('Once more, you said: hello');
    await page.getByRole('button', { name: 'Previous version' }).click();
    await page.locator('p.versions', { hasText: '1/2' }).waitFor();
    expect((await transcript(page)).at(-1)).toBe('You said: hello');

    await page.reload();
    await page.locator('p.versions', { hasText: '1/2' }).waitFor();
    expect(await transcript(page)).toEqual(['weather in Oslo', 'weather → {"city":"Oslo","celsius":12}It is 12°C in Oslo.', 'hello', 'You said: hello']);

    await page.getByRole('button', { name: '+ New chat' }).click();
    await send(page, 'second chat', 2);
    await page.getByRole('button', { name: 'second chat' }).waitFor();
    await page.getByRole('button', { name: 'weather in Oslo' }).click();
    await page.locator('section[data-stored="6"]').waitFor();
    expect(await transcript(page)).toHaveLength(4);
    expect(await page.locator('nav button').allTextContents()).toEqual(['+ New chat', 'second chat', 'weather in Oslo']);
    expect(watch.errors).toEqual([]);
    if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });
    await context.close();
  });
});
