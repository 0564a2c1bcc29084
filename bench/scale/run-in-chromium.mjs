// Issue 26's figures (DESIGN §20), in real Chromium, ratios in one run: the demo's first screen
// (navigation to the sidebar's first page shown, app ready) with 10,000 chats vs with 10, and
// `listConversations`' first page at 10,000 vs 10; the title filter's page at 10,000 (≤ 50 ms)
// reported beside them. Two persistent profiles (IndexedDB on disk), one per size, measured in
// turns so a burst of load on this shared machine hits both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [10, 10_000];
/** A page as the smaller store can fill it: both sides then return the same number of chats. */
const PAGE = 10;
/** Calls per sample: the page's timer is coarse (100 µs without cross-origin isolation). */
const CALLS = 10;

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summary(label, samples) {
  return { label, unit: 'ms/op', opsPerRepetition: 1, median: median(samples), min: Math.min(...samples), max: Math.max(...samples), samples };
}

export async function startDemoServer() {
  const server = await createServer({
    root: repository, configFile: join(repository, 'vite.demo.config.ts'), logLevel: 'error', clearScreen: false,
    cacheDir: join(repository, 'bench/.tmp/vite-demo-cache'),
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the demo server has no TCP address');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/** Seeds `count` empty chats through the library, one an hour back from now (not timed). */
async function seed(page, count) {
  await page.evaluate(async (count) => {
    const library = await import('/src/index.ts');
    const newest = Date.now();
    let next = 0;
    const store = await library.openStore({ durability: 'relaxed', journal: false, now: () => new Date(newest - (count - ++next) * 3_600_000) });
    const words = ['weather', 'Café plans', 'recipe', 'code review', '天气预报', 'budget'];
    for (let start = 1; start <= count; start += 500) {
      const batch = [];
      for (let n = start; n < start + 500 && n <= count; n++) batch.push(store.createConversation({ title: `Chat ${n} ${words[n % words.length]}` }));
      await Promise.all(batch);
    }
    store.close();
  }, count);
}

/** Milliseconds from navigation start to the demo ready with its first page of chats shown. */
async function firstScreen(page, origin) {
  await page.goto(`${origin}/?speed=fast`);
  await page.waitForFunction(() => document.body.dataset.appState === 'ready' && document.querySelector('[data-testid="conversation-item"]') !== null,
    undefined, { timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

/** Times `listConversations(options)` `times` times in the page (a store of its own, opened once). */
async function timeList(page, options, times) {
  return page.evaluate(async ({ options, times, calls }) => {
    const library = await import('/src/index.ts');
    const store = await library.openStore({ journal: false });
    const samples = [];
    const first = performance.now();
    await store.listConversations(options);
    const firstCall = performance.now() - first;
    for (let index = 0; index < times; index++) {
      const started = performance.now();
      for (let call = 0; call < calls; call++) await store.listConversations(options);
      samples.push((performance.now() - started) / calls);
    }
    store.close();
    return { samples, firstCall };
  }, { options, times, calls: CALLS });
}

/**
 * Runs the figures. `repetitions` first screens per size (after one warm-up each), alternating sizes.
 * @param {{ repetitions: number, log: (text: string) => void }} options
 */
export async function runScaleFigures({ repetitions, log }) {
  const { server, origin } = await startDemoServer();
  const profiles = SIZES.map(() => mkdtempSync(join(tmpdir(), 'convolog-scale-profile-')));
  const contexts = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      const context = await chromium.launchPersistentContext(profiles[index], { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/?speed=fast`);
      log(`scale: seeding ${size} chats…`);
      await seed(page, size);
    }
    const pages = contexts.map((context) => context.pages()[0]);
    const screens = SIZES.map(() => []);
    for (let round = 0; round <= repetitions; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const time = await firstScreen(pages[index], origin);
        if (round > 0) screens[index].push(time); // round 0 warms the cache and the JIT
      }
    }
    const lists = [];
    const filters = [];
    // Each size in its own page: the list samples of the two alternate less than the screens do,
    // so they run after them; a sample is the mean of CALLS calls.
    for (const [index] of SIZES.entries()) {
      lists.push(await timeList(pages[index], { limit: PAGE }, repetitions * 3));
      filters.push(await timeList(pages[index], { limit: PAGE, titleQuery: 'chat 4246' }, repetitions * 3));
    }
    const figure = (id, title, [small, large], target, notes = []) => ({
      id, title, candidate: large, baseline: small, ratio: large.median / small.median, ratioDefinition: 'candidate / baseline', target, notes,
    });
    return {
      chromiumVersion: contexts[0].browser()?.version(),
      figures: [
        figure('S1', 'demo first screen (navigation to app ready, first page of chats shown): 10,000 chats vs 10',
          screens.map((samples, index) => summary(`${SIZES[index]} chats`, samples)), { comparison: '<=', value: 1.5 }),
        figure('S2', `listConversations first page (limit ${PAGE}): 10,000 chats vs 10`,
          lists.map((result, index) => summary(`${SIZES[index]} chats`, result.samples)), { comparison: '<=', value: 1.3 }),
        figure('S3', `listConversations({ titleQuery }) page (limit ${PAGE}, one match): 10,000 chats vs 10 — target ≤ 50 ms at 10,000`,
          filters.map((result, index) => summary(`${SIZES[index]} chats`, result.samples)), undefined,
          [`first filter call in a fresh store (reads every title once): ${filters.map((result, index) => `${SIZES[index]} chats ${result.firstCall.toFixed(1)} ms`).join(', ')}`]),
      ],
    };
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server.close();
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  }
}
