// Node side of the store figures: serves the bench page with Vite on 127.0.0.1, drives it in
// headless system Chromium through playwright-core, and collects what the page measured.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { summarizeCpuProfile } from '../report/cpu-profile.mjs';
import { judge } from '../report/write-report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');

/** The Vite dev server for the bench page; no HMR or watcher, so edits elsewhere never reload it. */
async function startServer() {
  const server = await createServer({
    configFile: false,
    root: here,
    cacheDir: join(repository, 'bench/.tmp/vite-cache'),
    logLevel: 'warn',
    clearScreen: false,
    server: {
      host: '127.0.0.1', port: 0, hmr: false, watch: null,
      // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    },
    optimizeDeps: { include: ['idb', 'localforage', 'uuid', 'zod'] },
    // The 0.1 database of figure 11 is a gzipped fixture, loaded by URL.
    assetsInclude: ['**/*.gz'],
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the bench page server has no TCP address');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/**
 * Runs the store figures in Chromium.
 * @param {{ repetitions: number, warmupRepetitions: number, only?: string[], profileDir?: string, inMemory?: boolean, diagnose?: boolean, settleMilliseconds?: number, log: (text: string) => void }} options
 * @returns {Promise<{ chromiumVersion: string, figures: object[], missing?: string, errors: { id: string, message: string }[], profiles: object[] }>}
 */
export async function runStoreFigures(options) {
  const { server, url } = await startServer();
  // A persistent context on a fresh profile directory: IndexedDB then lives on disk (LevelDB),
  // as it does for users. `browser.newPage()` would give an off-the-record context, whose
  // IndexedDB is kept in memory and never pays for a durable commit.
  // `inMemory` (diagnosis only) asks for exactly that off-the-record context.
  const profile = mkdtempSync(join(tmpdir(), 'convolog-bench-profile-'));
  const launched = options.inMemory
    ? await chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS })
    : undefined;
  const context = launched
    ? await launched.newContext()
    : await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('[bench page]')) options.log(message.text());
    });
    page.on('pageerror', (error) => options.log(`[bench page error] ${error.message}`));
    await page.goto(`${url}?settle=${options.settleMilliseconds ?? 5000}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 });
    const chromiumVersion = context.browser()?.version() ?? (await chromiumVersionOf(page));
    const prepared = await page.evaluate(
      (measureOptions) => window.convologBench.prepare(measureOptions),
      { repetitions: options.repetitions, warmupRepetitions: options.warmupRepetitions },
    );
    options.log(`bench page: crossOriginIsolated ${prepared.timerIsolated} (timer resolution ${prepared.timerIsolated ? '5 µs' : '100 µs'})`);
    if (!prepared.ready) return { chromiumVersion, figures: [], missing: prepared.missing, errors: [], profiles: [] };
    const ids = await page.evaluate(() => window.convologBench.figureIds());
    const figures = [];
    const errors = [];
    const profiles = [];
    const session = options.profileDir ? await page.context().newCDPSession(page) : undefined;
    if (session) await session.send('Profiler.enable');
    for (const id of ids) {
      if (options.only && !options.only.includes(id)) continue;
      const started = Date.now();
      options.log(`store figure ${id}…`);
      try {
        await page.evaluate((figureId) => window.convologBench.seedFigure(figureId), id);
        if (session) await session.send('Profiler.start');
        const figure = await page.evaluate((figureId) => window.convologBench.runFigure(figureId), id);
        if (session) profiles.push(await saveProfile(session, id, options.profileDir));
        figures.push(figure);
        options.log(`store figure ${id}: ratio ${figure.ratio.toFixed(3)} (${Math.round((Date.now() - started) / 1000)} s)`);
      } catch (error) {
        errors.push({ id, message: error instanceof Error ? error.message : String(error) });
        options.log(`store figure ${id} failed: ${String(error)}`);
      }
    }
    // A missed append or entries target is explained in the same run: the step-by-step breakdown.
    const explain = figures.some((figure) => ['1', '2', '5'].includes(figure.id) && judge(figure) === false);
    if (explain && !options.diagnose) options.log('a store target was missed: timing the breakdown of append and entries…');
    const breakdowns = options.diagnose || explain ? await page.evaluate(() => window.convologBench.diagnose()) : [];
    await page.evaluate(() => window.convologBench.close());
    return { chromiumVersion, figures, errors, profiles, breakdowns };
  } finally {
    await context.close();
    await launched?.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The version from the user agent, for a persistent context (which has no Browser object). */
async function chromiumVersionOf(page) {
  const agent = await page.evaluate(() => navigator.userAgent);
  return /(?:Headless)?Chrome\/([\d.]+)/.exec(agent)?.[1] ?? agent;
}

async function saveProfile(session, id, directory) {
  const { profile } = await session.send('Profiler.stop');
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `store-figure-${id}.cpuprofile`);
  writeFileSync(path, JSON.stringify(profile));
  return { id, path, summary: summarizeCpuProfile(profile, 25) };
}
