// Hostile Markdown in an answer: raw HTML, link and image URLs in every spelling that has ever
// slipped past a filter, attribute break-outs and code fence info strings. Streamed by an
// endpoint (so the progressive renderer sees every prefix of it) and read back after a reload:
// nothing runs, nothing is fetched, and every link left in the DOM is http(s)/mailto, opens a
// new tab with noopener noreferrer, and carries no handler.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext, watchPage } from './support/browser.js';
import { messages, openDemo, screenshot, sendAndWait, waitForReady } from './support/demo-page.js';
import { preferEndpoint, startScriptedEndpoint } from './support/scripted-endpoint.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('scripted endpoint', startScriptedEndpoint);

const EVIL = 'https://evil.example';

/** Each one calls `__pwned(name)` if it ever runs. */
const HOSTILE_MARKDOWN = [
  `Raw HTML: <img src=x onerror="__pwned('img')"> <script>__pwned('script')</script>`,
  `<iframe src="javascript:__pwned('iframe')"></iframe>`,
  '',
  `<div onmouseover="__pwned('block-html')">block html</div>`,
  '',
  `[plain](javascript:__pwned('js')) [upper](JaVaScRiPt:__pwned('case')) [entity](&#106;avascript:__pwned('entity'))`,
  `[hex](&#x6A;avascript:__pwned('hex')) [named](javascript&colon;__pwned('colon')) [tabbed](jav&#x09;ascript:__pwned('tab'))`,
  `[data](data:text/html;base64,PHNjcmlwdD5fX3B3bmVkKCdkYXRhJyk8L3NjcmlwdD4=) [vb](vbscript:msgbox(1)) [relative](/settings) [file](file:///etc/passwd)`,
  `<javascript:__pwned('autolink')> [ref link][evil]`,
  `[quote](https://ok.example/"onmouseover="__pwned('quote')) [title](https://ok.example "a\\" onmouseover=\\"__pwned('title')")`,
  '',
  `![pixel](${EVIL}/pixel.png) ![js](javascript:__pwned('imgjs')) ![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9Il9fcHduZWQoJ3N2ZycpIi8+)`,
  '',
  '```"><img src=x onerror="__pwned(\'fence\')">',
  'code one',
  '```',
  '',
  '```js" onmouseover="__pwned(\'lang\')',
  'code two',
  '```',
  '',
  `[evil]: javascript:__pwned('ref')`,
].join('\n');

/** Elements the answer must never contain. */
const FORBIDDEN = 'script, iframe, object, embed, img, video, audio, link, style, meta, base, form, svg:not(.icon), div[onmouseover]';

async function inspect(page: Page): Promise<{ ran: string[]; forbidden: number; badLinks: string[]; handlers: string[]; languages: string[] }> {
  await page.waitForTimeout(300); // let any onerror/onload that was going to fire, fire
  return page.evaluate((forbidden) => {
    const transcript = document.querySelector('.transcript')!;
    const badLinks = [...transcript.querySelectorAll('a')].filter((anchor) =>
      !/^(https?:|mailto:)/.test(anchor.href) || anchor.target !== '_blank' || anchor.rel !== 'noopener noreferrer')
      .map((anchor) => anchor.outerHTML);
    const handlers = [...transcript.querySelectorAll('*')].flatMap((element) => [...element.attributes]
      .filter((attribute) => /^on/i.test(attribute.name) || /javascript:|data:|vbscript:/i.test(attribute.value))
      .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 60)}">`));
    return {
      ran: [...(window as unknown as { __ran: string[] }).__ran],
      forbidden: transcript.querySelectorAll(forbidden).length,
      badLinks,
      handlers,
      languages: [...transcript.querySelectorAll('[data-testid="code-language"]')].map((label) => label.textContent ?? ''),
    };
  }, FORBIDDEN);
}

describe('demo: hostile Markdown in an answer', () => {
  it('runs nothing, loads nothing, and leaves only safe links, streamed and after a reload', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = watchPage(page, { dismissDialogs: true });
      // Anything off this origin and the endpoint is answered here, so a leak is seen but never leaves.
      await context.route((url) => !url.href.startsWith(demo.server.origin) && !url.href.startsWith(endpoint.baseUrl), (route) => route.fulfill({ status: 204 }));
      await page.addInitScript(() => {
        const ran: string[] = [];
        Object.assign(window, { __ran: ran, __pwned: (what: string) => ran.push(what) });
        for (const name of ['alert', 'confirm', 'prompt'] as const) Object.assign(window, { [name]: () => ran.push(name) });
      });
      await preferEndpoint(page, endpoint);
      await openDemo(page, demo.server.origin);
      // Small chunks: the streaming renderer sees the payloads cut at every few characters.
      endpoint.script({ text: HOSTILE_MARKDOWN, chunkSize: 5, delayMs: 1 });
      await sendAndWait(page, 'Say something hostile');

      const check = async (): Promise<void> => {
        const found = await inspect(page);
        expect(found.ran).toEqual([]);
        expect(found.forbidden).toBe(0);
        expect(found.badLinks).toEqual([]);
        expect(found.handlers).toEqual([]);
        // The info strings are not language names: the blocks are labelled plain "code".
        expect(found.languages).toEqual(['code', 'code']);
        expect(watch.dialogs).toEqual([]);
        expect(watch.requests.filter((url) => !url.startsWith(demo.server.origin) && !url.startsWith(endpoint.baseUrl))).toEqual([]);
      };
      await check();
      const answer = messages(page, 'assistant').last();
      const text = await answer.innerText();
      // Raw HTML shows as the text it is; unsafe links stay their Markdown source.
      expect(text).toContain(`<img src=x onerror="__pwned('img')">`);
      expect(text).toContain(`[plain](javascript:__pwned('js'))`);
      expect(text).toContain(`[entity](&#106;avascript:__pwned('entity'))`);
      // The remote image is a link to click, never an image loaded.
      expect(await answer.locator('a.md-image-link').getAttribute('href')).toBe(`${EVIL}/pixel.png`);
      expect(await answer.locator('a.md-image-link').innerText()).toBe('[image: pixel]');
      const hrefs = await answer.locator('a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      // The quote break-out stayed inside the URL (percent-encoded), the title one inside the title.
      expect(hrefs).toHaveLength(3);
      expect(hrefs[0]).toMatch(/^https:\/\/ok\.example\/%22onmouseover=%22/);
      expect(hrefs.slice(1)).toEqual(['https://ok.example/', `${EVIL}/pixel.png`]);
      await screenshot(page, 'desktop-markdown-xss');

      await page.reload();
      await waitForReady(page);
      await check();
    } finally {
      await context.close();
    }
  });
});
