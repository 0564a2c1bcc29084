// Scenario 8: XSS in the demo. Hostile markup reaches the transcript three ways — typed by the
// user, returned by the assistant (an OpenAI-compatible endpoint, stubbed with page.route, whose
// text, tool call arguments and the tool results built from them carry the payloads) and
// imported from a file (text, title, tool results, remote image URLs). Nothing may execute (no
// canary call, no dialog), nothing may be fetched (every request is this origin or the endpoint),
// and the text must show literally — also after a reload, from storage.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { useBrowserSuite } from './support/browser-suite.js';
import { byTestId, messages, openDemo, sendAndWait, waitForNotice, waitForReady } from '../e2e/support/demo-page.js';

const ENDPOINT = 'https://llm.example/v1';
const EVIL = 'https://evil.example';

/** Each payload calls the canary `__pwned(name)` (or fetches from evil.example) if it ever runs. */
const PAYLOADS = [
  `<script>__pwned('script')</script>`,
  `<img src=x onerror="__pwned('img')">`,
  `<iframe srcdoc="<script>parent.__pwned('iframe')</script>"></iframe>`,
  `<a href="javascript:__pwned('link')">click me</a> [markdown](javascript:__pwned('md')) javascript:__pwned('bare')`,
  `![remote](${EVIL}/markdown.png) <img src="${EVIL}/remote.png"> ${EVIL}/plain.png`,
  `<svg onload="__pwned('svg')"><use href="${EVIL}/sprite.svg#x"/></svg>`,
  `<details open ontoggle="__pwned('details')">x</details>`,
  `<style>@import url(${EVIL}/style.css)</style><link rel=stylesheet href=${EVIL}/link.css>`,
  `<object data="${EVIL}/object"></object><embed src="${EVIL}/embed">`,
  `<meta http-equiv="refresh" content="0;url=${EVIL}/refresh"><base href="${EVIL}/">`,
  `<video poster="${EVIL}/poster.png"></video><audio src="${EVIL}/a.mp3" autoplay></audio>`,
  `<form action="${EVIL}/form"><button formaction="javascript:__pwned('form')">go</button></form>`,
  `{{constructor.constructor("__pwned('template')")()}} \${__pwned('literal')}`,
];
const ALL = PAYLOADS.join('\n');

/** Elements content could create that the demo itself never puts in the transcript or the sidebar. */
const INJECTABLE = 'script, iframe, object, embed, img, video, audio, link, style, meta, base, form, svg:not(.icon) use';

/** An SSE body in OpenAI chunk form. */
function sse(chunks: Record<string, unknown>[]): string {
  const wrap = (delta: Record<string, unknown>, finish: string | null) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
  return [...chunks.map((chunk, index) => `data: ${JSON.stringify(wrap(chunk, index === chunks.length - 1 ? String(chunk.finish) : null))}\n\n`), 'data: [DONE]\n\n'].join('');
}

/** The stub endpoint: hostile text every time; a hostile tool call when asked about weather. */
async function endpoint(route: Route): Promise<void> {
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'POST, OPTIONS' };
  if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
  const body = route.request().postDataJSON() as { messages: { role: string; content: unknown }[] };
  const last = body.messages.at(-1);
  const lastText = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content);
  let chunks: Record<string, unknown>[];
  if (last?.role === 'user' && /weather/i.test(lastText)) {
    chunks = [
      { role: 'assistant', content: PAYLOADS[0] },
      { tool_calls: [{ index: 0, id: 'call_hostile', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: PAYLOADS[1] }) } }] },
      { finish: 'tool_calls' },
    ];
  } else {
    chunks = [{ role: 'assistant', content: '' }, ...PAYLOADS.map((payload) => ({ content: `${payload}\n` })), { finish: 'stop' }];
  }
  return route.fulfill({ status: 200, headers: { ...cors, 'content-type': 'text/event-stream' }, body: sse(chunks) });
}

/** A conversation export whose every text field is hostile. */
function hostileExport(): Record<string, unknown> {
  const id = '0194a1b2-0000-7000-8000-00000000f001';
  const at = '2025-01-01T00:00:00.000Z';
  const entry = (seq: number, message: unknown) => ({ type: 'message', id: `0194a1b2-0000-7000-8000-00000000f1${String(seq).padStart(2, '0')}`, conversationId: id, seq, timestamp: at, message });
  return {
    format: 'convolog.conversation', formatVersion: 1, exportedAt: at,
    conversation: { id, title: `<img src=x onerror="__pwned('title')">`, createdAt: at, updatedAt: at, appData: { note: PAYLOADS[0] } },
    entries: [
      entry(1, { role: 'user', content: [
        { type: 'text', text: ALL },
        { type: 'image', source: { kind: 'url', url: `${EVIL}/imported-user.png` } },
        { type: 'file', source: { kind: 'url', url: `javascript:__pwned('file')` }, filename: `<img src=x onerror="__pwned('filename')">` },
      ] }),
      entry(2, { role: 'assistant', content: [
        { type: 'text', text: ALL },
        { type: 'image', source: { kind: 'url', url: `${EVIL}/imported-assistant.png` } },
        { type: 'tool_call', id: 'call_x', name: `<b onmouseover="__pwned('name')">get_weather</b>`, arguments: JSON.stringify({ city: PAYLOADS[2] }) },
      ] }),
      entry(3, { role: 'tool', toolCallId: 'call_x', toolName: 'get_weather', content: [
        { type: 'text', text: ALL },
        { type: 'image', source: { kind: 'url', url: `${EVIL}/imported-tool.png` } },
      ] }),
      entry(4, { role: 'assistant', content: [{ type: 'reasoning', text: ALL }, { type: 'refusal', text: ALL }, { type: 'text', text: ALL }] }),
    ],
  };
}

describe('scenario 8: XSS in the demo', () => {
  const suite = useBrowserSuite('xss');

  it('typed, returned by the assistant and imported: nothing executes, nothing is fetched, the text shows literally', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'convolog-xss-'));
    const page = await suite.chromium.context.newPage();
    const requests: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss().catch(() => undefined); });
    // The demo ships a strict CSP (defence in depth); bypass it, so the test proves the rendering
    // alone keeps content inert.
    await (await page.context().newCDPSession(page)).send('Page.setBypassCSP', { enabled: true });
    await page.route(`${ENDPOINT}/**`, endpoint);
    // Anything else off this origin is answered here, so a leak is seen (in `requests`) but never leaves.
    await page.route((url) => !url.href.startsWith(suite.server.origin) && !url.href.startsWith(ENDPOINT), (route) => route.fulfill({ status: 204 }));
    await page.addInitScript((endpointUrl) => {
      const ran: string[] = [];
      Object.assign(window, { __ran: ran, __pwned: (what: string) => ran.push(what) });
      for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) Object.assign(window, { [name]: () => ran.push(name) });
      localStorage.setItem('convolog-demo.settings', JSON.stringify({ mode: 'endpoint', baseUrl: endpointUrl, model: 'm', apiKey: 'k', systemPrompt: 'Be brief.' }));
    }, ENDPOINT);
    try {
      await openDemo(page, suite.server.origin);
      // Typed (and each answered by the endpoint with every payload).
      await sendAndWait(page, ALL);
      await sendAndWait(page, `What is the weather? ${PAYLOADS[3]}`);
      const users = await messages(page, 'user').allInnerTexts();
      expect(users[0]).toContain(ALL);
      expect(users[1]).toContain(PAYLOADS[3]);
      const assistants = (await messages(page, 'assistant').allInnerTexts()).join('\n');
      for (const payload of PAYLOADS) expect(assistants).toContain(payload);
      // The tool ran on the hostile city: its result (shown under the call) carries it too.
      expect(await page.locator('.transcript').innerText()).toContain(PAYLOADS[1]);
      await checkNothingRan(page, requests, dialogs, suite.server.origin);

      // Imported.
      const file = join(directory, 'hostile.json');
      writeFileSync(file, JSON.stringify(hostileExport()));
      await byTestId(page, 'import').setInputFiles(file);
      await waitForNotice(page, /Imported/);
      const transcript = await page.locator('.transcript').innerText();
      expect(transcript.split(PAYLOADS[0]!).length - 1).toBeGreaterThanOrEqual(3);
      expect(transcript).toContain(`${EVIL}/imported-user.png`);
      expect(await page.locator('.chat-title').innerText()).toBe(`<img src=x onerror="__pwned('title')">`);
      await checkNothingRan(page, requests, dialogs, suite.server.origin);

      // From storage, after a reload.
      await page.reload();
      await waitForReady(page);
      expect(await page.locator('.transcript').innerText()).toContain(PAYLOADS[4]);
      await checkNothingRan(page, requests, dialogs, suite.server.origin);

      // Control: the same detectors do see a payload let in through innerHTML (CSP is bypassed in
      // this test, so what keeps the payloads inert above is the rendering itself, not the policy).
      await page.evaluate((payload) => {
        const probe = document.createElement('div');
        probe.innerHTML = payload;
        document.querySelector('.transcript')!.append(probe);
      }, `<img src="${EVIL}/probe.png" onerror="__pwned('probe')">`);
      await page.waitForFunction(() => (window as unknown as { __ran: string[] }).__ran.includes('probe'));
      const control = await detect(page, requests, dialogs, suite.server.origin);
      expect(control.ran).toEqual(['probe']);
      expect(control.foreign).toEqual([`${EVIL}/probe.png`]);
      expect(control.injected).toHaveLength(1);
      expect(control.tainted.length).toBeGreaterThan(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
      await page.close();
    }
  });
});

interface Detected { ran: string[]; dialogs: string[]; foreign: string[]; relativeX: string[]; injected: string[]; tainted: string[]; javascriptUrls: number }

/** Everything the page shows of a payload that got through. */
async function detect(page: Page, requests: readonly string[], dialogs: readonly string[], origin: string): Promise<Detected> {
  await page.waitForTimeout(300); // let any onerror/onload that was going to fire, fire
  const injected = await page.locator('.transcript, .sidebar, [data-testid="conversation-item"]').locator(INJECTABLE)
    .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 200)));
  // Anywhere in the page: no inline handler, and no attribute that loads or runs something carrying a
  // payload (text in data-* attributes is inert).
  const tainted = await page.evaluate(() => [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes]
    .filter((attribute) => /^on/i.test(attribute.name) ||
      (/^(src|srcset|srcdoc|href|xlink:href|poster|data|action|formaction|background|style|content)$/i.test(attribute.name) &&
        /__pwned|evil\.example|javascript:/i.test(attribute.value)))
    .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 80)}">`)));
  return {
    ran: await page.evaluate(() => [...(window as unknown as { __ran: string[] }).__ran]),
    dialogs: [...dialogs],
    foreign: requests.filter((url) => !url.startsWith(origin) && !url.startsWith(`${ENDPOINT}/chat/completions`)),
    // A relative `x` image would have been fetched from this origin.
    relativeX: requests.filter((url) => url.startsWith(origin) && /\/x$/.test(new URL(url).pathname)),
    injected,
    tainted,
    javascriptUrls: await page.locator('[href^="javascript" i], [src^="javascript" i], [action^="javascript" i]').count(),
  };
}

async function checkNothingRan(page: Page, requests: readonly string[], dialogs: readonly string[], origin: string): Promise<void> {
  expect(await detect(page, requests, dialogs, origin)).toEqual({ ran: [], dialogs: [], foreign: [], relativeX: [], injected: [], tainted: [], javascriptUrls: 0 });
}
