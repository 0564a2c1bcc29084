// Search in the demo, in real Chromium: the field at the top of the sidebar finds messages
// across chats as you type (Chinese too), shows stored text as text (an XSS payload stays
// inert), opens a hit's chat on its branch with the message scrolled into view and marked,
// keeps the results current as messages are written, pages with Load more, clears with Esc,
// says when nothing matched, and Ctrl+K focuses it (Enter at once opens the first hit);
// axe finds no serious or critical violation with results shown, on a laptop and a phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { onDemoPage } from './support/demo-session.js';
import { byTestId, messages, screenshot, sendAndWait, waitForReady } from './support/demo-page.js';
import { longChat, seedChats } from './support/seed-chats.js';
import { seriousViolations } from './support/axe.js';

const demo = useDemoEnvironment();
/** The demo answers within this time even on a loaded two-core CI machine. */
const POLL = { timeout: 10_000 };

/** Types `query` into the search field key by key, as a person does. */
async function typeQuery(page: Page, query: string): Promise<void> {
  await byTestId(page, 'search-input').click();
  await byTestId(page, 'search-input').pressSequentially(query, { delay: 15 });
}

/** The results shown: title, role, snippet text and the marked words of each. */
async function results(page: Page): Promise<{ title: string; role: string; snippet: string; marks: string[] }[]> {
  return byTestId(page, 'search-result').evaluateAll((nodes) => nodes.map((node) => ({
    title: node.querySelector('.search-result-title')?.textContent ?? '',
    role: node.querySelector('.search-result-role')?.textContent ?? '',
    snippet: node.querySelector('[data-testid="search-snippet"]')?.textContent ?? '',
    marks: [...node.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
  })));
}

/** Waits until the results answer the query in the field: `count` hits whose snippets all contain `text`. */
async function waitForResults(page: Page, count: number, text: string): Promise<void> {
  await expect.poll(async () => {
    const current = await page.evaluate(() => document.querySelector<HTMLElement>('.search-panel')?.dataset.query
      === document.querySelector<HTMLInputElement>('[data-testid="search-input"]')?.value);
    if (!current) return false;
    const shown = await results(page);
    return shown.length === count && shown.every((result) => result.snippet.toLowerCase().includes(text.toLowerCase()));
  }, POLL).toBe(true);
}

/** The message element whose entry id is `entryId`. */
function entry(page: Page, entryId: string) {
  return page.locator(`.transcript [data-entry-id="${entryId}"]`);
}

/** Whether the element is inside the transcript's visible area. */
function inView(page: Page, entryId: string): Promise<boolean> {
  return entry(page, entryId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = document.querySelector('.transcript')!.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom;
  });
}

const TRIP = {
  title: 'Oslo trip in May',
  messages: [
    { role: 'user', text: 'I am planning a trip to Oslo in May. Which museums are open on Mondays?' },
    { role: 'assistant', text: 'In Oslo, the Munch museum and the Fram museum are open on Mondays in May.' },
  ],
} as const;
const BUDGET = {
  title: 'Holiday budget',
  messages: [
    { role: 'user', text: 'How much should I budget for five nights in Bergen and two in Oslo?' },
    { role: 'assistant', text: 'About 9,000 NOK for the hotels, plus trains.' },
  ],
} as const;
const CHINESE = {
  title: '周末计划',
  messages: [
    { role: 'user', text: '今天的天气很好，我们去公园散步吧。' },
    { role: 'assistant', text: '好主意！明天可能会下雨。' },
  ],
} as const;

describe('demo: search', () => {
  it('finds messages across chats as you type: title, role, date and the snippet with its words marked', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP, BUDGET, CHINESE]);
      expect(await byTestId(page, 'search-input').isVisible()).toBe(true);
      await typeQuery(page, 'osl');
      await waitForResults(page, 3, 'oslo');
      const shown = await results(page);
      expect(shown.map((result) => `${result.title} · ${result.role}`).sort()).toEqual(['Holiday budget · You', 'Oslo trip in May · Assistant', 'Oslo trip in May · You']);
      expect(shown.every((result) => result.marks.length > 0 && result.marks.every((mark) => mark.toLowerCase().startsWith('osl')))).toBe(true);
      expect(await byTestId(page, 'search-result').first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The chat list gives way to the results.
      expect(await byTestId(page, 'conversation-item').first().isVisible()).toBe(false);

      // Two words: every one must match, each at the start of a word.
      await byTestId(page, 'search-input').pressSequentially(' muse', { delay: 15 });
      await waitForResults(page, 2, 'museum');
      for (const { marks } of await results(page)) {
        expect(marks.some((mark) => mark.toLowerCase().startsWith('osl'))).toBe(true);
        expect(marks.some((mark) => mark.toLowerCase().startsWith('muse'))).toBe(true);
      }
      await screenshot(page, 'search-desktop-results');
      expect(watch.errors).toEqual([]);
    });
  });

  it('shows only the newest query’s results when typed fast (older queries are aborted or dropped)', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP, BUDGET, longChat('Filler', 200, (index) => `Note ${index} about Oslo and Bergen and trains`)]);
      const input = byTestId(page, 'search-input');
      for (const query of ['o', 'os', 'oslo', 'oslo b', 'oslo be', 'oslo bergen nights']) {
        await input.fill(query);
        await page.waitForTimeout(40 + Math.floor(Math.random() * 120));
      }
      await waitForResults(page, 1, 'five nights');
      await page.waitForTimeout(600); // anything late would land now
      expect((await results(page)).map((result) => result.title)).toEqual(['Holiday budget']);
      expect(watch.errors).toEqual([]);
    });
  });

  it('finds Chinese text by a substring of it', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP, CHINESE]);
      await typeQuery(page, '天气');
      await waitForResults(page, 1, '天气');
      expect(await results(page)).toEqual([{ title: '周末计划', role: 'You', snippet: '今天的天气很好，我们去公园散步吧。', marks: ['天气'] }]);
      await byTestId(page, 'search-input').fill('下雨');
      await waitForResults(page, 1, '下雨');
      expect((await results(page))[0]!.marks).toEqual(['下雨']);

      // Typed through an input method: nothing is searched while pinyin is being composed, the
      // committed characters are.
      await byTestId(page, 'search-input').fill('');
      const devtools = await page.context().newCDPSession(page);
      await byTestId(page, 'search-input').focus();
      await devtools.send('Input.imeSetComposition', { text: 'tianqi', selectionStart: 6, selectionEnd: 6 });
      await page.waitForTimeout(500);
      expect(await byTestId(page, 'search-empty').count()).toBe(0);
      expect(await page.evaluate(() => document.querySelector<HTMLElement>('.search-panel')?.dataset.query ?? '')).toBe('');
      await devtools.send('Input.insertText', { text: '天气' });
      await waitForResults(page, 1, '天气');
      expect(watch.errors).toEqual([]);
    });
  });

  it('renders an XSS payload in an indexed message as text: nothing runs, no element is injected', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const payload = 'xsstrap <img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2</script><b onmouseover=alert(3)>bold</b> &lt;i&gt;';
      await sendAndWait(page, payload);
      await typeQuery(page, 'xsstrap');
      // The message and the assistant's echo of it; the chat's title (its first words) carries it too.
      await waitForResults(page, 2, 'xsstrap');
      const found = byTestId(page, 'search-result');
      await found.first().hover();
      expect(await found.locator('img, script, b, i').count()).toBe(0);
      expect(await found.locator('mark').allTextContents()).toEqual(['xsstrap', 'xsstrap']);
      expect(await found.locator('[data-testid="search-snippet"]').allTextContents()).toEqual([
        expect.stringContaining('<img src=x onerror="window.__xss=1;alert(1)"><script>'),
        expect.stringContaining('<img src=x onerror="window.__xss=1;alert(1)"><script>'),
      ]);
      expect(await found.first().locator('.search-result-title').textContent()).toContain('<img');
      const result = found.last();
      await result.click();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(watch.dialogs).toEqual([]);
      expect(watch.errors).toEqual([]);
    });
  });

  it('opens a hit by click or by Enter: the chat opens, the message scrolls into view and is marked', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      // A long chat: the hit is far above the last page the chat opens on.
      const [long, trip] = await seedChats(page, [
        longChat('Long planning chat', 240, (index) => (index === 4 ? 'Remember the lighthouse in Lindesnes' : `Filler message number ${index}`)),
        TRIP,
      ]);
      await typeQuery(page, 'lighthouse');
      await waitForResults(page, 1, 'lighthouse');
      await byTestId(page, 'search-result').click();
      await expect.poll(() => byTestId(page, 'conversation-item').first().isVisible(), POLL).toBe(false); // results stay up
      await expect.poll(() => entry(page, long!.entryIds[4]!).getAttribute('data-search-target'), POLL).toBe('true');
      expect(await inView(page, long!.entryIds[4]!)).toBe(true);
      expect(await entry(page, long!.entryIds[4]!).getAttribute('class')).toContain('is-search-target');
      await screenshot(page, 'search-desktop-opened');

      // By keyboard: ↓ moves to the second hit, Enter opens it in the other chat.
      await byTestId(page, 'search-input').fill('museum');
      await waitForResults(page, 2, 'museum');
      await byTestId(page, 'search-input').press('ArrowDown');
      expect(await byTestId(page, 'search-result').nth(1).getAttribute('aria-selected')).toBe('true');
      await byTestId(page, 'search-input').press('Enter');
      await expect.poll(() => entry(page, trip!.entryIds[0]!).getAttribute('data-search-target'), POLL).toBe('true');
      expect(await page.locator('[data-search-target]').count()).toBe(1);
      expect(await page.locator('.conversation-title, .chat-title').allTextContents()).toContain('Oslo trip in May');
      expect(await messages(page).count()).toBe(2);
      expect(watch.errors).toEqual([]);
    });
  });

  it('opens a message that is on another branch than the head by checking its branch out', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const [chat] = await seedChats(page, [{
        title: 'Two versions',
        messages: [
          { role: 'user', text: 'Tell me about the fjords near Stavanger' },
          { role: 'assistant', text: 'Lysefjord is the famous one.' },
          { role: 'user', text: 'Tell me about the glaciers near Bergen instead', versionOf: 0 },
          { role: 'assistant', text: 'Folgefonna is close to Bergen.' },
        ],
      }]);
      await byTestId(page, 'conversation-item').first().click();
      await expect.poll(() => messages(page, 'user').allInnerTexts(), POLL).toEqual([expect.stringContaining('glaciers')]);
      await typeQuery(page, 'lysefjord');
      await waitForResults(page, 1, 'lysefjord');
      await byTestId(page, 'search-input').press('Enter');
      await expect.poll(() => entry(page, chat!.entryIds[1]!).getAttribute('data-search-target'), POLL).toBe('true');
      expect(await messages(page, 'user').allInnerTexts()).toEqual([expect.stringContaining('fjords')]);
      expect(await byTestId(page, 'branch-position').first().textContent()).toBe('1/2');
      // The branch was checked out, not only shown: it is what a reload opens.
      await page.reload();
      await waitForReady(page);
      expect(await messages(page, 'user').allInnerTexts()).toEqual([expect.stringContaining('fjords')]);
      expect(watch.errors).toEqual([]);
    });
  });

  it('keeps the results current: a message written while they are shown joins them', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP]);
      await typeQuery(page, 'fjellstue');
      await expect.poll(() => byTestId(page, 'search-empty').isVisible(), POLL).toBe(true);
      await sendAndWait(page, 'Book the fjellstue for Friday');
      // The message and the assistant's echo of it.
      await waitForResults(page, 2, 'fjellstue');
      expect(await byTestId(page, 'search-empty').count()).toBe(0);
      expect(watch.errors).toEqual([]);
    });
  });

  it('pages with Load more without repeating a hit', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [longChat('Packing list', 45, (index) => `Packing item ${index}: wool socks`)]);
      await typeQuery(page, 'socks');
      await waitForResults(page, 20, 'socks');
      await byTestId(page, 'search-more').click();
      await waitForResults(page, 40, 'socks');
      await byTestId(page, 'search-more').click();
      await waitForResults(page, 45, 'socks');
      const snippets = (await results(page)).map((result) => result.snippet);
      expect(new Set(snippets).size).toBe(45);
      await expect.poll(() => byTestId(page, 'search-more').isVisible(), POLL).toBe(false);
      expect(watch.errors).toEqual([]);
    });
  });

  it('says when nothing matched, and Esc clears the field and brings the chat list back', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP]);
      await typeQuery(page, 'zanzibar');
      await expect.poll(() => byTestId(page, 'search-empty').isVisible(), POLL).toBe(true);
      expect(await byTestId(page, 'search-empty').innerText()).toContain('zanzibar');
      expect(await byTestId(page, 'search-result').count()).toBe(0);
      await screenshot(page, 'search-desktop-empty');

      await byTestId(page, 'search-input').fill('museum');
      await waitForResults(page, 2, 'museum');
      expect(await byTestId(page, 'search-empty').count()).toBe(0);
      await byTestId(page, 'search-input').press('Escape');
      expect(await byTestId(page, 'search-input').inputValue()).toBe('');
      expect(await byTestId(page, 'search-result').count()).toBe(0);
      expect(await byTestId(page, 'conversation-item').first().isVisible()).toBe(true);
      await page.waitForTimeout(400); // nothing late comes back
      expect(await byTestId(page, 'search-result').count()).toBe(0);
      expect(watch.errors).toEqual([]);
    });
  });

  it('focuses the field with Ctrl+K (Cmd+K), from anywhere, on a laptop and a phone', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const [trip] = await seedChats(page, [TRIP]);
      await byTestId(page, 'composer').focus();
      await page.keyboard.press('Control+k');
      expect(await byTestId(page, 'search-input').evaluate((input) => input === document.activeElement)).toBe(true);
      await byTestId(page, 'composer').focus();
      await page.keyboard.press('Meta+k');
      expect(await byTestId(page, 'search-input').evaluate((input) => input === document.activeElement)).toBe(true);
      // Typed and Enter at once, before any result is shown: the first (newest) hit opens.
      await page.keyboard.type('mondays');
      await page.keyboard.press('Enter');
      await expect.poll(() => entry(page, trip!.entryIds[1]!).getAttribute('data-search-target'), POLL).toBe('true');
      expect(watch.errors).toEqual([]);
    });
    await onDemoPage(demo, async ({ page, watch }) => {
      await seedChats(page, [TRIP]);
      expect(await byTestId(page, 'search-input').isVisible()).toBe(false); // in the closed drawer
      await page.keyboard.press('Control+k');
      await expect.poll(() => byTestId(page, 'search-input').isVisible(), POLL).toBe(true);
      expect(await byTestId(page, 'search-input').evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('museum');
      await waitForResults(page, 2, 'museum');
      await page.waitForTimeout(300); // the drawer's slide
      await screenshot(page, 'search-mobile-results');
      // Opening a hit closes the drawer and shows the message.
      await byTestId(page, 'search-result').nth(1).click();
      await expect.poll(() => page.locator('[data-search-target="true"]').count(), POLL).toBe(1);
      await expect.poll(() => byTestId(page, 'search-input').isVisible(), POLL).toBe(false);
      await screenshot(page, 'search-mobile-opened');
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  });

  it('has no serious or critical axe violation with results shown, on a laptop and a phone, light and dark', async () => {
    for (const viewport of [undefined, MOBILE]) {
      await onDemoPage(demo, async ({ page, watch }) => {
        await seedChats(page, [TRIP, BUDGET, CHINESE]);
        if (viewport !== undefined) await page.locator('.menu-button').click();
        await typeQuery(page, 'oslo');
        await waitForResults(page, 3, 'oslo');
        await byTestId(page, 'search-input').press('ArrowDown');
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.waitForTimeout(400);
          expect.soft(await seriousViolations(page), `${viewport === undefined ? 'laptop' : 'phone'}, ${colorScheme}`).toEqual([]);
          await screenshot(page, `search-${viewport === undefined ? 'desktop' : 'mobile'}-${colorScheme}`);
        }
        await byTestId(page, 'search-input').fill('zanzibar');
        await expect.poll(() => byTestId(page, 'search-empty').isVisible(), POLL).toBe(true);
        expect.soft(await seriousViolations(page), 'empty state').toEqual([]);
        expect(watch.errors).toEqual([]);
      }, { viewport });
    }
  });
});
