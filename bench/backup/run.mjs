// `node bench/backup/run.mjs`: the backup figures (DESIGN §20) in real Chromium on a fresh
// on-disk profile, written to bench/backup/results-chromium.json. Ratios come from one run.
// Environment: BACKUP_BENCH_CONVERSATIONS (default 1,000), BACKUP_BENCH_MESSAGES per conversation
// (20), BACKUP_BENCH_ATTACHMENTS (40) of BACKUP_BENCH_ATTACHMENT_BYTES (1 MiB). §20's full size is
// 5,000 × 20 with 200 MB of attachments (BACKUP_BENCH_CONVERSATIONS=5000 BACKUP_BENCH_ATTACHMENTS=200).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const settings = {
  conversations: Number(process.env.BACKUP_BENCH_CONVERSATIONS ?? 1000),
  messages: Number(process.env.BACKUP_BENCH_MESSAGES ?? 20),
  attachments: Number(process.env.BACKUP_BENCH_ATTACHMENTS ?? 40),
  attachmentBytes: Number(process.env.BACKUP_BENCH_ATTACHMENT_BYTES ?? 1_048_576),
};

let deliver;
const posted = new Promise((resolvePosted) => { deliver = resolvePosted; });
const server = await createServer({
  configFile: false, root: repository, cacheDir: join(repository, 'bench/.tmp/vite-cache-backup'), logLevel: 'warn', clearScreen: false,
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  optimizeDeps: { include: ['idb', 'uuid', 'zod', 'fflate'], entries: ['bench/backup/index.html'] },
  plugins: [{
    name: 'backup-bench-results',
    configureServer(dev) {
      dev.middlewares.use('/__backup-bench-result', (request, response) => {
        let body = '';
        request.on('data', (chunk) => { body += chunk; });
        request.on('end', () => {
          response.end('ok');
          deliver(JSON.parse(body));
        });
      });
    },
  }],
});
await server.listen();
const { port } = server.httpServer.address();
const query = new URLSearchParams({ auto: '1', ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])) });
const profile = mkdtempSync(join(tmpdir(), 'convolog-backup-bench-'));
const started = Date.now();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: requireChromium(), headless: true, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
try {
  const page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/bench/backup/index.html?${query}`);
  const result = await Promise.race([posted, new Promise((_, reject) => setTimeout(() => reject(new Error('no result in 40 minutes')), 2_400_000).unref())]);
  const results = {
    date: new Date().toISOString(), engine: 'chromium', seconds: Math.round((Date.now() - started) / 1000), ...result,
    targets: { exportPeakHeapMBOverLargestAttachment: 50, exportThroughputVsRaw: 0.5, importAllVsOneByOne: 1.0 },
  };
  console.log(JSON.stringify(results, null, 2));
  writeFileSync(join(here, 'results-chromium.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
