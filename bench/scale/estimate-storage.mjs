// `store.estimateStorage()` (DESIGN §20) at 10,000 chats vs 10, in real Chromium, ratio in one
// run: its parts are count() × the mean size of a bounded sample, so the cost should not follow
// the store's size. Each chat holds 10 messages (100 vs 100,000 entries), journal off. Two
// persistent profiles (IndexedDB on disk), sampled in turns. `node bench/scale/estimate-storage.mjs`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startDemoServer } from './run-in-chromium.mjs';

const SIZES = [10, 10_000];
const MESSAGES = 10;
const SAMPLES = 15;

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Seeds `count` chats of MESSAGES messages each through the library (not timed). */
async function seed(page, count) {
  await page.evaluate(async ({ count, messages }) => {
    const library = await import('/src/index.ts');
    const store = await library.openStore({ durability: 'relaxed', journal: false });
    for (let start = 0; start < count; start += 100) {
      const batch = [];
      for (let n = start; n < Math.min(start + 100, count); n++) {
        batch.push(store.createConversation({ title: `Chat ${n}` }).then(({ id }) => store.append(id,
          Array.from({ length: messages }, (_, index) => index % 2 === 0
            ? library.user(`question ${n}.${index} about the weather and a recipe`.repeat(3))
            : library.assistant(`answer ${n}.${index}: sunny, and add the flour slowly`.repeat(6))))));
      }
      await Promise.all(batch);
    }
    await store.flushSearchIndex();
    store.close();
  }, { count, messages: MESSAGES });
}

/** One estimate, timed in the page; the store is opened once per page. */
async function timeEstimate(page) {
  return page.evaluate(async () => {
    const library = await import('/src/index.ts');
    const holder = globalThis;
    holder.benchStore ??= await library.openStore({ journal: false });
    const started = performance.now();
    const estimate = await holder.benchStore.estimateStorage();
    return { ms: performance.now() - started, parts: estimate.parts, usage: estimate.usage };
  });
}

/** Where the time goes (BREAKDOWN=1): each object store's count() alone, then 48 records from each end. */
async function breakdown() {
  const database = await new Promise((resolve, reject) => {
    const names = indexedDB.databases();
    names.then((list) => {
      const request = indexedDB.open(list.find((item) => item.name !== undefined).name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  });
  const time = async (name, run) => {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const transaction = database.transaction(name, 'readonly');
      run(transaction.objectStore(name));
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
    });
    return (performance.now() - started).toFixed(1);
  };
  const walk = (store, direction) => {
    let seen = 0;
    store.openCursor(null, direction).onsuccess = (event) => {
      const cursor = event.target.result;
      if (cursor !== null && ++seen < 48) cursor.continue();
    };
  };
  const lines = [];
  for (const name of ['conversations', 'entries', 'searchSegments', 'searchShards', 'searchNames']) {
    lines.push(`${name}: count ${await time(name, (store) => store.count())} ms, next ${await time(name, (store) => walk(store, 'next'))} ms, prev ${await time(name, (store) => walk(store, 'prev'))} ms`);
  }
  database.close();
  return lines.join('\n');
}

const { server, origin } = await startDemoServer();
const profiles = SIZES.map(() => mkdtempSync(join(tmpdir(), 'convolog-estimate-profile-')));
const contexts = [];
try {
  for (const [index, size] of SIZES.entries()) {
    const context = await chromium.launchPersistentContext(profiles[index], { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/src/index.ts`);
    const started = Date.now();
    await seed(page, size);
    console.log(`seeded ${size} chats × ${MESSAGES} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const pages = contexts.map((context) => context.pages()[0]);
  const samples = SIZES.map(() => []);
  const last = [];
  for (let round = 0; round <= SAMPLES; round++) {
    for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const result = await timeEstimate(pages[index]);
      if (round > 0) samples[index].push(result.ms); // round 0 loads the module and warms the cache
      last[index] = result;
    }
  }
  if (process.env.BREAKDOWN) for (const page of pages) console.log(await page.evaluate(breakdown));
  for (const [index, size] of SIZES.entries()) {
    console.log(`${size} chats: median ${median(samples[index]).toFixed(2)} ms (min ${Math.min(...samples[index]).toFixed(2)}, max ${Math.max(...samples[index]).toFixed(2)}); parts ${JSON.stringify(last[index].parts)}; usage ${last[index].usage}`);
  }
  console.log(`ratio 10,000 / 10: ${(median(samples[1]) / median(samples[0])).toFixed(2)}× (Chromium ${contexts[0].browser()?.version() ?? '?'})`);
} finally {
  for (const context of contexts) await context.close().catch(() => undefined);
  await server.close();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
}
