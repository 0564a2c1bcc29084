// `node bench/journal/run.mjs`: the journal's figures (DESIGN §21) in headless Chromium on a
// fresh on-disk profile, written to bench/journal/results.json. Ratios come from one run.
// Environment: JOURNAL_BENCH_APPENDS (per round, default 60), JOURNAL_BENCH_ROUNDS (default 3),
// JOURNAL_BENCH_CONVERSATIONS × JOURNAL_BENCH_PER_CONVERSATION entries to restore (default 100 × 1,000).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const appends = Number(process.env.JOURNAL_BENCH_APPENDS ?? 60);
const rounds = Number(process.env.JOURNAL_BENCH_ROUNDS ?? 3);
const conversations = Number(process.env.JOURNAL_BENCH_CONVERSATIONS ?? 100);
const perConversation = Number(process.env.JOURNAL_BENCH_PER_CONVERSATION ?? 1000);

const server = await createServer({
  configFile: false, root: repository, cacheDir: join(repository, 'bench/.tmp/vite-cache-journal'), logLevel: 'warn', clearScreen: false,
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  optimizeDeps: { include: ['idb', 'uuid', 'zod'], entries: ['bench/journal/index.html'] },
});
await server.listen();
const { port } = server.httpServer.address();
const profile = mkdtempSync(join(tmpdir(), 'convolog-journal-bench-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  const page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/bench/journal/index.html`);
  await page.waitForFunction(() => window.benchReady === true, undefined, { timeout: 120_000 });
  const started = Date.now();
  const append = await page.evaluate(([count, times]) => window.journalBench.appendCost(count, times), [appends, rounds]);
  console.log('[journal bench] append', JSON.stringify(append));
  const restore = await page.evaluate(([count, each]) => window.journalBench.restoreAndSize(count, each), [conversations, perConversation]);
  console.log('[journal bench] restore and size', JSON.stringify(restore));
  const results = {
    date: new Date().toISOString(), engine: `Chromium ${context.browser()?.version() ?? ''}`.trim(), seconds: Math.round((Date.now() - started) / 1000),
    settings: { appends, rounds, conversations, perConversation }, append, restore,
    targets: { appendRatio: 1.3, journalVsDatabase: 1.5, restoreVsImport: 2 },
  };
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
