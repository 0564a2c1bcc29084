// Node side of the search figures (issue 20): serves bench/search/ with Vite on 127.0.0.1, drives
// the page in headless system Chromium through playwright-core, samples the page's JS heap over
// CDP during queries (figure 22), and collects what the page measured.
//
// Size: SEARCH_BENCH_MESSAGES (default 200000) in SEARCH_BENCH_CONVERSATIONS (default 2000).
// SEARCH_BENCH_PROFILE=<dir>: keep the Chromium profile there, so the next run with the same
// size and the same committed src/ reuses the built database instead of building it again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');

/** The issue's size, or the one the environment asks for (smaller while debugging). */
export function searchBenchSize(environment = process.env) {
  return {
    messages: Number(environment.SEARCH_BENCH_MESSAGES ?? 200_000),
    conversations: Number(environment.SEARCH_BENCH_CONVERSATIONS ?? 2_000),
  };
}

async function startServer(port) {
  const server = await createServer({
    configFile: false,
    root: here,
    cacheDir: join(repository, 'bench/.tmp/vite-cache-search'),
    logLevel: 'warn',
    clearScreen: false,
    server: {
      host: '127.0.0.1', port, strictPort: port !== 0, hmr: false, watch: null,
      // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    },
    optimizeDeps: { include: ['idb', 'uuid', 'zod'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the search bench page server has no TCP address');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/** Which store code built a database: the committed tree of src/ (a kept database built by other code is rebuilt). */
function storeFingerprint() {
  try {
    const tree = execFileSync('git', ['rev-parse', 'HEAD:src'], { cwd: repository, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: repository, encoding: 'utf8' }).trim();
    return dirty === '' ? tree : `${tree}+uncommitted-${Date.now()}`;
  } catch {
    return `unknown-${Date.now()}`;
  }
}

/**
 * Samples the page's JS heap over CDP as fast as the protocol answers, after a forced collection,
 * while `during()` runs; returns its result and the peak over the start in MB.
 */
async function peakHeapDuring(page, during) {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const used = async () => (await session.send('Runtime.getHeapUsage')).usedSize;
    const start = await used();
    let peak = start;
    let samples = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        peak = Math.max(peak, await used().catch(() => peak));
        samples += 1;
      }
    })();
    const result = await during().finally(() => { running = false; });
    await loop;
    return { result, peakMegabytes: +((peak - start) / 1024 / 1024).toFixed(2), startMegabytes: +(start / 1024 / 1024).toFixed(1), samples };
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Figure 22: the peak JS heap while queries run, with a full scan's peak beside it. */
async function heapFigure(page, log) {
  log('search figure 22: heap during queries…');
  const queries = await peakHeapDuring(page, () => page.evaluate(() => window.convologSearchBench.queryFor(5000)));
  log('search figure 22: heap during one full scan, for comparison…');
  const scan = await peakHeapDuring(page, () => page.evaluate(() => window.convologSearchBench.scanOnce()));
  return {
    id: '22', title: 'peak JS heap during queries (over the heap before them)', value: queries.peakMegabytes, unit: 'MB',
    target: { comparison: '<=', value: 30 },
    notes: [
      `${queries.result} queries in 5 s (the rare word, the rare Chinese word, the common pair and its pages 2–4 by cursor, over and over); ` +
        `CDP Runtime.getHeapUsage sampled back to back (${queries.samples} samples) after a forced collection (heap then ${queries.startMegabytes} MB); garbage included`,
      `for comparison, one full scan of the database for the rare word (${scan.result} entries read): peak ${scan.peakMegabytes} MB over its start (${scan.samples} samples)`,
    ],
  };
}

/** Figure 23: the search index's share of the database, in logical bytes (bench/search/index-size.ts says how). */
async function sizeFigure(page, log) {
  log('search figure 23: the index\'s share of the database…');
  const size = await page.evaluate(() => window.convologSearchBench.indexSize());
  const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const parts = size.parts.map((part) => `${part.name}${part.search ? ' (search)' : ''} ${megabytes(part.bytes)} in ${part.rows.toLocaleString('en')} rows`);
  return {
    id: '23', title: 'the search index\'s share of the database (logical bytes)', value: +(size.share * 100).toFixed(1), unit: 'percent',
    notes: [
      `logical bytes: every record as the UTF-8 bytes of its key and value in JSON, every IDB index row as its key plus the primary key (rows derived from the records by the index's keyPath, multiEntry included); ` +
        `the search part is what the schema gained for search: ${megabytes(size.searchBytes)} of ${megabytes(size.totalBytes)}`,
      `parts: ${parts.join('; ')}`,
      size.estimateBytes === undefined ? 'navigator.storage.estimate() gave no usage' : `navigator.storage.estimate() usage of the origin (LevelDB on disk, compressed): ${megabytes(size.estimateBytes)}`,
    ],
  };
}

/**
 * Runs the search figures in Chromium.
 * @param {{ repetitions: number, warmupRepetitions: number, settleMilliseconds?: number, size?: { messages: number, conversations: number }, log: (text: string) => void }} options
 */
export async function runSearchFigures(options) {
  const size = options.size ?? searchBenchSize();
  const kept = process.env.SEARCH_BENCH_PROFILE;
  const profile = kept ? resolve(kept) : mkdtempSync(join(tmpdir(), 'convolog-search-bench-'));
  if (kept) mkdirSync(profile, { recursive: true });
  // A kept profile needs a fixed port: the origin, and so the database, must be the same from run to run.
  const { server, url } = await startServer(kept ? Number(process.env.SEARCH_BENCH_PORT ?? 47_320) : 0);
  const context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
  const figures = [];
  const errors = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('[bench page]')) options.log(message.text());
    });
    page.on('pageerror', (error) => options.log(`[search bench page error] ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 });
    const chromiumVersion = await page.evaluate(() => /(?:Headless)?Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? navigator.userAgent);
    const prepared = await page.evaluate((benchOptions) => window.convologSearchBench.prepare(benchOptions), {
      size, fingerprint: storeFingerprint(), repetitions: options.repetitions, warmupRepetitions: options.warmupRepetitions,
    });
    if (!prepared.ready) return { chromiumVersion, size, figures, errors, missing: prepared.missing };
    options.log(prepared.built ? 'search: reusing the kept database' : `search: building ${size.messages} messages in ${size.conversations} conversations…`);
    const built = await page.evaluate(() => window.convologSearchBench.open());
    if (!built.reused) options.log(`search: built in ${built.seconds} s; settling ${options.settleMilliseconds ?? 5000} ms`);
    await new Promise((done) => setTimeout(done, options.settleMilliseconds ?? 5000));
    const attempt = async (name, body) => {
      const started = Date.now();
      options.log(`search ${name}…`);
      try {
        const made = await body();
        figures.push(...made);
        options.log(`search ${name}: ${made.map((figure) => `${figure.id} ${figure.value.toFixed(2)} ${figure.unit}`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`);
      } catch (error) {
        errors.push({ id: name, message: error instanceof Error ? error.message : String(error) });
        options.log(`search ${name} failed: ${String(error)}`);
      }
    };
    for (const step of ['rare', 'common']) await attempt(step, () => page.evaluate((name) => window.convologSearchBench.run(name), step));
    await attempt('heap', async () => [await heapFigure(page, options.log)]);
    await attempt('size', async () => [await sizeFigure(page, options.log)]);
    await attempt('append', () => page.evaluate(() => window.convologSearchBench.run('append')));
    await page.evaluate(() => window.convologSearchBench.close());
    return { chromiumVersion, size, built, figures, errors };
  } finally {
    await context.close();
    await server.close();
    if (!kept) rmSync(profile, { recursive: true, force: true });
  }
}
