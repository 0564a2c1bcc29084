// Answers as Markdown (GFM), safely: what a model writes renders as headings, lists, tables,
// task lists, quotes, links and code with a language label, highlighting and Copy; what the user
// typed stays as typed. Screenshots: desktop, phone and dark.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE, newContext, watchPage, type PageWatch } from './support/browser.js';
import { byTestId, messages, openDemo, screenshot, sendAndWait } from './support/demo-page.js';
import { seriousViolations } from './support/axe.js';
import { onDemoPage } from './support/demo-session.js';
import { preferEndpoint, startScriptedEndpoint } from './support/scripted-endpoint.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('scripted endpoint', startScriptedEndpoint);

export const MARKDOWN_ANSWER = [
  '## Plan for the trip',
  '',
  'Here is **what to pack** and _why_, with ~~nothing~~ little left to chance. See [the guide](https://example.com/guide "Guide").',
  '',
  '> Pack light: you can buy what you forgot.',
  '',
  '1. Passport',
  '2. Charger',
  '   - USB-C cable',
  '',
  '- [x] Book the train',
  '- [ ] Book the hotel',
  '',
  '| City | Days | Cost |',
  '| :--- | :---: | ---: |',
  '| Lisbon | 3 | 420 € |',
  '| Porto | 2 | 260 € |',
  '',
  '```ts',
  'const total: number = 420 + 260; // euros',
  'console.log(`Total: ${total}`);',
  '```',
  '',
  'Inline `code` and a plain URL https://example.org/page.',
].join('\n');

async function openOnEndpoint(viewport: { width: number; height: number } = DESKTOP, dark = false): Promise<{ page: Page; watch: PageWatch; close: () => Promise<void> }> {
  const context = await newContext(demo.browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.server.origin });
  const page = await context.newPage();
  if (dark) await page.emulateMedia({ colorScheme: 'dark' });
  const watch = watchPage(page);
  await preferEndpoint(page, endpoint);
  await openDemo(page, demo.server.origin);
  return { page, watch, close: () => context.close() };
}

describe('demo: answers as Markdown', () => {
  it('renders GFM in an answer (headings, emphasis, strikethrough, quote, lists, task list, table, links) and keeps the user message plain', async () => {
    const { page, watch, close } = await openOnEndpoint();
    try {
      endpoint.script({ text: MARKDOWN_ANSWER });
      await sendAndWait(page, 'Plan my **trip** to [Lisbon](https://example.com)');
      const answer = messages(page, 'assistant').last().locator('[data-testid="markdown"]');
      expect(await answer.locator('h2').innerText()).toBe('Plan for the trip');
      expect(await answer.locator('strong').first().innerText()).toBe('what to pack');
      expect(await answer.locator('em').first().innerText()).toBe('why');
      expect(await answer.locator('del').innerText()).toBe('nothing');
      expect(await answer.locator('blockquote').innerText()).toContain('Pack light');
      expect(await answer.locator('ol > li').count()).toBe(2);
      expect(await answer.locator('ol ul > li').innerText()).toBe('USB-C cable');
      const boxes = answer.locator('input[type="checkbox"]');
      expect(await boxes.count()).toBe(2);
      expect(await boxes.evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).checked, (input as HTMLInputElement).disabled]))).toEqual([[true, true], [false, true]]);
      expect(await answer.locator('table th').allInnerTexts()).toEqual(['City', 'Days', 'Cost']);
      expect(await answer.locator('table tbody tr').count()).toBe(2);
      const links = await answer.locator('a').evaluateAll((anchors) => anchors.map((anchor) => ({
        href: anchor.getAttribute('href'), target: anchor.getAttribute('target'), rel: anchor.getAttribute('rel'), text: anchor.textContent,
      })));
      expect(links).toEqual([
        { href: 'https://example.com/guide', target: '_blank', rel: 'noopener noreferrer', text: 'the guide' },
        { href: 'https://example.org/page', target: '_blank', rel: 'noopener noreferrer', text: 'https://example.org/page' },
      ]);
      // What the user typed is shown as typed.
      const user = messages(page, 'user').last();
      expect(await user.innerText()).toContain('Plan my **trip** to [Lisbon](https://example.com)');
      expect(await user.locator('strong, a').count()).toBe(0);
      expect(watch.errors).toEqual([]);
      await answer.locator('[data-testid="code-block"] code.hljs').waitFor();
      await screenshot(page, 'desktop-markdown');
    } finally {
      await close();
    }
  });

  it('shows code blocks with their language, highlighting loaded on demand, and Copy buttons that say Copied', async () => {
    const { page, watch, close } = await openOnEndpoint();
    try {
      const before = watch.requests.length;
      expect(watch.requests.some((url) => /highlight[._]+js/.test(url))).toBe(false);
      endpoint.script({ text: MARKDOWN_ANSWER });
      await sendAndWait(page, 'Plan my trip');
      const block = messages(page, 'assistant').last().locator('[data-testid="code-block"]');
      expect(await block.locator('[data-testid="code-language"]').innerText()).toBe('ts');
      await block.locator('code[data-highlighted="typescript"]').waitFor();
      expect(await block.locator('code .hljs-keyword').count()).toBeGreaterThan(0);
      // highlight.js (core and the language) was fetched only now, for this block.
      expect(watch.requests.slice(before).filter((url) => /highlight[._]+js/.test(url)).length).toBeGreaterThanOrEqual(2);

      await block.locator('[data-testid="copy-code"]').click();
      await expect.poll(() => block.locator('[data-testid="copy-code"]').innerText()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const total: number = 420 + 260; // euros\nconsole.log(`Total: ${total}`);\n'.trimEnd());

      const copyAnswer = messages(page, 'assistant').last().locator('[data-testid="copy-answer"]');
      await copyAnswer.click();
      await expect.poll(() => copyAnswer.innerText()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN_ANSWER);
      await expect.poll(() => copyAnswer.innerText(), { timeout: 5000 }).toBe('Copy');
      expect(watch.errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('copies with the textarea fallback when the Clipboard API is refused', async () => {
    const { page, close } = await openOnEndpoint();
    try {
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
        (window as unknown as { __copied: string[] }).__copied = [];
        document.addEventListener('copy', () => (window as unknown as { __copied: string[] }).__copied.push(String(document.getSelection() ?? (document.activeElement as HTMLTextAreaElement).value)));
      });
      endpoint.script({ text: 'Run `npm test`:\n\n```sh\nnpm test\n```' });
      await sendAndWait(page, 'How do I test?');
      const button = messages(page, 'assistant').last().locator('[data-testid="copy-code"]');
      await button.click();
      await expect.poll(() => button.innerText()).toBe('Copied');
      const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
      expect(copied.length).toBe(1);
    } finally {
      await close();
    }
  });

  it('looks right on a phone and in dark mode', async () => {
    for (const [name, viewport, dark] of [['mobile-markdown', MOBILE, false], ['dark-markdown', DESKTOP, true], ['mobile-dark-markdown', MOBILE, true]] as const) {
      const { page, watch, close } = await openOnEndpoint(viewport, dark);
      try {
        endpoint.script({ text: MARKDOWN_ANSWER });
        await sendAndWait(page, 'Plan my trip');
        await messages(page, 'assistant').last().locator('code.hljs').waitFor();
        // A wide table scrolls in its own box; the page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const codeBlock = messages(page, 'assistant').last().locator('[data-testid="code-block"]');
        await codeBlock.scrollIntoViewIfNeeded();
        await screenshot(page, name);
        expect(watch.errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('has no serious or critical axe violation with Markdown, code and a failed turn, on a laptop and a phone, light and dark', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, watch, close } = await openOnEndpoint(viewport);
      try {
        endpoint.script({ text: MARKDOWN_ANSWER }, { status: 500, message: 'The model is overloaded.' });
        await sendAndWait(page, 'Plan my trip');
        await messages(page, 'assistant').last().locator('code.hljs').waitFor();
        await sendAndWait(page, 'And the budget?');
        await byTestId(page, 'turn-failure').waitFor();
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.waitForTimeout(400); // the colour transitions settle before contrast is measured
          expect.soft(await seriousViolations(page), `${viewport.width}px, ${colorScheme}`).toEqual([]);
        }
        expect(watch.errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('renders Markdown progressively while it streams: blocks already drawn stay the same nodes', async () => {
    const { page, watch, close } = await openOnEndpoint();
    try {
      const sections = Array.from({ length: 12 }, (_, index) => `### Part ${index + 1}\n\nSome **bold** words and a list:\n\n- one\n- two\n`).join('\n');
      endpoint.script({ text: sections, chunkSize: 6, delayMs: 20 });
      await byTestId(page, 'composer').fill('Write a long answer');
      await byTestId(page, 'send').click();
      // Watched inside the page, at every DOM change: a round trip from the test per step could
      // land after the reply has finished on a loaded machine. The last two blocks are drawn again
      // with every update (markdown-stream.ts), so the first heading is marked once two more
      // sections follow it (it is frozen then), and checked once six more have been drawn.
      const kept = await page.evaluate(() => new Promise<{ view: boolean; heading: boolean; finishedFirst?: true }>((resolve) => {
        type Marked = Element & { __first?: boolean };
        let marked = false;
        const check = (): boolean => {
          const view = document.querySelector<Marked>('[data-streaming="true"]');
          const headings = view?.querySelectorAll<Marked>('[data-testid="markdown"] h3') ?? [];
          if (view === null || view === undefined) {
            if (!marked) return false;
            resolve({ view: false, heading: false, finishedFirst: true });
            return true;
          }
          if (!marked && headings.length >= 3) {
            view.__first = true;
            headings[0]!.__first = true;
            marked = true;
          } else if (marked && headings.length >= 9) {
            resolve({ view: view.__first === true, heading: headings[0]!.__first === true });
            return true;
          }
          return false;
        };
        if (check()) return;
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }));
      expect(kept).toEqual({ view: true, heading: true });
      await expect.poll(() => page.locator('[data-streaming="true"]').count()).toBe(0);
      expect(await messages(page, 'assistant').last().locator('h3').count()).toBe(12);
      expect(watch.errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the offline assistant\'s arithmetic as written, not as emphasis between two *', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'What is 12*7 and 3*4?');
      const answer = messages(page, 'assistant').last();
      expect(await answer.innerText()).toContain('12*7 = 84');
      expect(await answer.innerText()).toContain('3*4 = 12');
      expect(await answer.locator('em').count()).toBe(0);
      expect(watch.errors).toEqual([]);
    });
  });
});
