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
// `--full` is §20's full size, 5,000 × 20 with 100 × 2 MiB (200 MiB) of pictures (about 11 minutes,
// not part of `npm run bench`). Environment overrides either: BACKUP_BENCH_CONVERSATIONS,
// BACKUP_BENCH_MESSAGES per conversation, BACKUP_BENCH_ATTACHMENTS of BACKUP_BENCH_ATTACHMENT_BYTES;
// BACKUP_BENCH_ONE_BY_ONE=0 skips the one-by-one baseline (no importAll ratio; for heap diagnosis).
// BACKUP_BENCH_TARGET_JOURNAL=0 restores into a store without the journal (§21). BACKUP_BENCH_RESULT:
// the file to write instead.
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
  oneByOne: process.env.BACKUP_BENCH_ONE_BY_ONE !== '0',
  targetJournal: process.env.BACKUP_BENCH_TARGET_JOURNAL !== '0',
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
      const state = { baseline, peak: { ...baseline }, samples: 0, sampling: true, started: Date.now(), trace: [], last: baseline };
      state.loop = (async () => {
        while (state.sampling) {
          const used = await sample();
          state.samples += 1;
          state.last = used;
          // About one point a second: whether what the call holds grows with the store's size.
          if (state.trace.length === 0 || Date.now() - state.started >= state.trace.length * 1000) state.trace.push([+((Date.now() - state.started) / 1000).toFixed(1), +((used.heap - baseline.heap) / MB).toFixed(1)]);
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
      // After the call returned (its result still held), and [seconds, live V8 heap MB] over the call.
      endHeapMB: round(state.last.heap - state.baseline.heap), trace: state.trace,
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
  writeFileSync(process.env.BACKUP_BENCH_RESULT ?? join(here, `results-chromium${full ? '-full' : ''}${live ? '-live' : ''}.json`), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
