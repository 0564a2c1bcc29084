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
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startResultPageServer } from '../support/result-page-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const settings = {
  conversations: Number(process.env.BACKUP_BENCH_CONVERSATIONS ?? 1000),
  messages: Number(process.env.BACKUP_BENCH_MESSAGES ?? 20),
  attachments: Number(process.env.BACKUP_BENCH_ATTACHMENTS ?? 40),
  attachmentBytes: Number(process.env.BACKUP_BENCH_ATTACHMENT_BYTES ?? 1_048_576),
};

const server = await startResultPageServer({ repository, name: 'backup', include: ['idb', 'uuid', 'zod', 'fflate'] });
const { posted } = server;
const profile = mkdtempSync(join(tmpdir(), 'convolog-backup-bench-'));
const started = Date.now();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: requireChromium(), headless: true, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
try {
  const page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  await page.goto(server.pageUrl(settings));
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
