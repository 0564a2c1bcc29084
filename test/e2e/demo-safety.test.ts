// Hostile text in the demo: typed, imported, and echoed back by the assistant, it shows
// literally; nothing executes, no dialog opens, nothing is fetched. The assistant's answers are
// Markdown: the only links in them are http(s) ones that open a new tab, noopener noreferrer.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { byTestId, messages, openDemo, screenshot, sendAndWait, waitForNotice, waitForReady } from './support/demo-page.js';

const demo = useDemoEnvironment();

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert("script")</script>',
  '<iframe srcdoc="<script>alert(2)</script>"></iframe>',
  '[click me](javascript:alert(3)) javascript:alert(4)',
  '![tracker](https://tracker.example/pixel.png) https://tracker.example/a.png',
  '<svg onload=alert(5)>',
];

let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'convolog-demo-xss-'));
});

afterAll(async () => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Elements content could have created: none may exist inside the transcript (a link only as a safe Markdown link). */
async function injectedElements(page: Page): Promise<number> {
  const elements = await page.locator('.transcript').locator('img, script, iframe, svg:not(.icon), object, embed').count();
  const unsafeLinks = await page.locator('.transcript a').evaluateAll((anchors) => (anchors as HTMLAnchorElement[]).filter((anchor) =>
    !/^https?:/.test(anchor.getAttribute('href') ?? '') || anchor.target !== '_blank' || anchor.rel !== 'noopener noreferrer').length);
  return elements + unsafeLinks;
}

/** Requests the payloads would cause (the `x` image, the tracker, anything off this origin). */
function suspiciousRequests(requests: readonly string[], origin: string): string[] {
  return requests.filter((url) => !url.startsWith(origin) || /\/x$|pixel|tracker/.test(url));
}

describe('demo: hostile content', () => {
  it('renders typed payloads and the assistant echoing them literally, running nothing and fetching nothing', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page, { dismissDialogs: true });
      await page.addInitScript(() => {
        (window as unknown as { __executed: string[] }).__executed = [];
        const record = (what: string) => (window as unknown as { __executed: string[] }).__executed.push(what);
        window.alert = () => record('alert');
      });
      await openDemo(page, demo.server.origin);
      const requestsBefore = watch.requests.length;
      for (const payload of PAYLOADS) await sendAndWait(page, payload);

      const users = await messages(page, 'user').allInnerTexts();
      PAYLOADS.forEach((payload, index) => expect(users[index]).toContain(payload));
      // The offline assistant quotes the user: model output is rendered as text too.
      const replies = await messages(page, 'assistant').allInnerTexts();
      expect(replies.some((reply) => reply.includes('<img src=x onerror=alert(1)>'))).toBe(true);
      // The first message titled the chat: the sidebar shows the markup as text as well.
      expect(await byTestId(page, 'conversation-item').innerText()).toContain('<img src=x onerror=alert(1)>');

      expect(await injectedElements(page)).toBe(0);
      expect(watch.dialogs).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __executed: string[] }).__executed)).toEqual([]);
      expect(suspiciousRequests(watch.requests.slice(requestsBefore), demo.server.origin)).toEqual([]);

      // And again after a reload, from storage.
      await page.reload();
      await waitForReady(page);
      expect(await messages(page, 'user').allInnerTexts()).toEqual(users);
      expect(await injectedElements(page)).toBe(0);
      expect(watch.dialogs).toEqual([]);
      expect(suspiciousRequests(watch.requests, demo.server.origin)).toEqual([]);
      await screenshot(page, 'desktop-xss');
    } finally {
      await context.close();
    }
  });

  it('renders an imported hostile chat literally: markup in text, titles, tool results and image URLs', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page, { dismissDialogs: true });
      await openDemo(page, demo.server.origin);
      const exported = {
        format: 'convolog.conversation',
        formatVersion: 1,
        exportedAt: '2025-01-01T00:00:00.000Z',
        conversation: {
          id: '0194a1b2-0000-7000-8000-000000000001',
          title: '<img src=x onerror=alert("title")>',
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
        },
        entries: [
          entry(1, { role: 'user', content: [
            { type: 'text', text: '<script>alert("imported")</script>' },
            { type: 'image', source: { kind: 'url', url: 'https://tracker.example/pixel.png' } },
          ] }),
          entry(2, { role: 'assistant', content: [
            { type: 'text', text: '<iframe srcdoc="<script>alert(1)</script>">' },
            { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"<img src=x onerror=alert(2)>"}' },
          ] }),
          entry(3, { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: '<a href="javascript:alert(3)">click</a>' }),
        ],
      };
      const path = join(directory, 'hostile.json');
      writeFileSync(path, JSON.stringify(exported));
      await byTestId(page, 'import').setInputFiles(path);
      await waitForNotice(page, /Imported/);
      expect(await messages(page, 'user').innerText()).toContain('<script>alert("imported")</script>');
      expect(await messages(page, 'user').innerText()).toContain('https://tracker.example/pixel.png');
      expect(await byTestId(page, 'tool-call').innerText()).toContain('<img src=x onerror=alert(2)>');
      expect(await messages(page, 'tool').innerText()).toContain('<a href="javascript:alert(3)">click</a>');
      expect(await page.locator('.chat-title').innerText()).toBe('<img src=x onerror=alert("title")>');
      expect(await injectedElements(page)).toBe(0);
      expect(watch.dialogs).toEqual([]);
      expect(suspiciousRequests(watch.requests, demo.server.origin)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

function entry(seq: number, message: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'message',
    id: `0194a1b2-0000-7000-8000-00000000010${seq}`,
    conversationId: '0194a1b2-0000-7000-8000-000000000001',
    seq,
    timestamp: `2025-01-01T00:00:0${seq}.000Z`,
    message,
  };
}
