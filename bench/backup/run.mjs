// `node bench/backup/run.mjs`: the backup figures (DESIGN §20) in real Chromium on a fresh
// on-disk profile, written to bench/backup/results-chromium[-full][-live].json. Ratios come from one run.
// Two modes of heap figure:
// - default, "sampled": the page reads performance.memory.usedJSHeapSize every 10 ms while
//   exportAll / importAll run; the peak over the heap before includes garbage V8 has not
//   collected yet, so it moves with V8's timing and the machine's load.
// - `--live`: the same, and from Node (CDP) a forced GC (HeapProfiler.collectGarbage) before each
//   sample every ~100 ms, as bench/importers/zip-import.mjs does: the peak of what the call holds
//   (V8 heap, and V8 heap + ArrayBuffer backing stores). The GCs slow the calls: take the
//   throughput ratios from a default run.
// Size: default 1,000 conversations × 20 messages + 40 × 1 MiB pictures (about 2 minutes);
// `--full` is §20's full size, 5,000 × 20 with 100 × 2 MiB (200 MiB) of pictures (about 15 minutes,
// not part of `npm run bench`). Environment overrides either: BACKUP_BENCH_CONVERSATIONS,
// BACKUP_BENCH_MESSAGES per conversation, BACKUP_BENCH_ATTACHMENTS of BACKUP_BENCH_ATTACHMENT_BYTES.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { startResultPageServer } from '../support/result-page-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const live = process.argv.includes('--live');
const full = process.argv.includes('--full');
const MB = 2 ** 20;
const size = full ? { conversations: 5000, messages: 20, attachments: 100, attachmentBytes: 2 * MB } : { conversations: 1000, messages: 20, attachments: 40, attachmentBytes: MB };
const settings = {
  conversations: Number(process.env.BACKUP_BENCH_CONVERSATIONS ?? size.conversations),
  messages: Number(process.env.BACKUP_BENCH_MESSAGES ?? size.messages),
  attachments: Number(process.env.BACKUP_BENCH_ATTACHMENTS ?? size.attachments),
  attachmentBytes: Number(process.env.BACKUP_BENCH_ATTACHMENT_BYTES ?? size.attachmentBytes),
};
const load = () => Number(loadavg()[0].toFixed(2));
const loadAverageAtStart = load();

/**
 * `--live`: the page calls `benchLiveHeap('start')` before exportAll / importAll and
 * `benchLiveHeap('stop')` after; between them Node forces a GC and reads the heap every ~100 ms.
 */
async function exposeLiveHeap(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const usage = async () => {
    const { usedSize, backingStorageSize = 0 } = await cdp.send('Runtime.getHeapUsage');
    return { heap: usedSize, withBuffers: usedSize + backingStorageSize };
  };
  const sample = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return usage();
  };
  let running;
  await page.exposeFunction('benchLiveHeap', async (action) => {
    if (action === 'start') {
      const baseline = await sample();
      const state = { baseline, peak: { ...baseline }, samples: 0, sampling: true };
      state.loop = (async () => {
        while (state.sampling) {
          const used = await sample();
          state.samples += 1;
          state.peak = { heap: Math.max(state.peak.heap, used.heap), withBuffers: Math.max(state.peak.withBuffers, used.withBuffers) };
          await new Promise((done) => setTimeout(done, 100));
        }
      })();
      running = state;
      return null;
    }
    const state = running;
    state.sampling = false;
    await state.loop;
    const round = (bytes) => +(bytes / MB).toFixed(1);
    return {
      liveHeapMB: round(state.peak.heap - state.baseline.heap),
      liveHeapWithBuffersMB: round(state.peak.withBuffers - state.baseline.withBuffers), samples: state.samples,
    };
  });
}

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
  page.on('console', (message) => {
    if (message.text().startsWith('[backup bench]')) console.error(`${new Date().toISOString().slice(11, 19)} ${message.text()}`);
  });
  if (live) await exposeLiveHeap(page);
  await page.goto(server.pageUrl(settings));
  const result = await Promise.race([posted, new Promise((_, reject) => setTimeout(() => reject(new Error('no result in 40 minutes')), 2_400_000).unref())]);
  const results = {
    date: new Date().toISOString(), engine: 'chromium', seconds: Math.round((Date.now() - started) / 1000),
    mode: live
      ? 'live: exportPeakHeapMB / importPeakHeapMB sampled in the page every 10 ms (GCs forced meanwhile: not the default figure); exportLive / importLive from Node, a forced GC before each sample every ~100 ms (the GCs slow the calls: ratios from a default run)'
      : 'sampled: exportPeakHeapMB / importPeakHeapMB from performance.memory every 10 ms, uncollected garbage included',
    loadAverageAtStart, loadAverageAtEnd: load(), ...result,
    targets: { exportPeakHeapMBOverLargestAttachment: 50, importPeakHeapMBOverLargestAttachment: 50, exportThroughputVsRaw: 0.5, importAllVsOneByOne: 1.0 },
  };
  console.log(JSON.stringify(results, null, 2));
  writeFileSync(join(here, `results-chromium${full ? '-full' : ''}${live ? '-live' : ''}.json`), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
