// `node bench/importers/zip-import.mjs`: the §18 figure "importing a 200 MB ChatGPT ZIP peaks at
// ≤ 2× its largest file + 50 MB of JS heap", in Chromium: a fresh page loads the fixture ZIP
// (zip-import-fixture.mjs) as a Blob, a forced GC gives the baseline, then importChatGPTZip over
// openZipArchive imports it into a fresh store while CDP samples Runtime.getHeapUsage (V8 heap +
// ArrayBuffer backing stores) every 5 ms. With `--live`, each sample follows a forced GC (every
// ~100 ms): the peak of what the import holds, not of the garbage V8 lets pile up between
// collections. Prints one JSON line; written to zip-import-results[-live].json.
// `--compare[=<commit>]`: the importers of <commit> (default BEFORE_COMMIT: main before the ZIP
// importers stopped carrying files as base64) against today's, each in a fresh browser, in the
// order after, before, after (the machine is shared: the spread says how much the load moved it);
// written to zip-import-compare.json. `npm run bench` imports once with this tree's importers in its `attachments` section.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { IMAGE_BYTES, makeZipImportFixture } from './zip-import-fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const MB = 1024 * 1024;
/** main at the start of the fourth session: the importers carried each file as base64 in a JSON export. */
export const BEFORE_COMMIT = 'f8fd0f9';

/** One import of the fixture in a fresh browser; `variant` 'before' runs the importers unpacked by {@link unpackBefore}. */
export async function measureZipImport({ live = false, bytes = false, variant = 'current' } = {}) {
  const fixture = makeZipImportFixture(join(repository, 'bench/.tmp/importers'));
  const largest = Math.max(fixture.conversationsBytes, IMAGE_BYTES);
  const server = await createServer({
    configFile: false, root: repository, cacheDir: join(repository, 'bench/.tmp/vite-cache-importers'), logLevel: 'warn', clearScreen: false,
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    optimizeDeps: { include: ['fflate', 'idb', 'uuid', 'zod/mini'], entries: ['bench/importers/zip-import.html'] },
  });
  await server.listen();
  const { port } = server.httpServer.address();
  const browser = await chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
  const loadAverageAtStart = Number(loadavg()[0].toFixed(2));
  try {
    const page = await browser.newPage();
    const messages = [];
    page.on('console', (message) => messages.push(message.text()));
    page.on('pageerror', (error) => messages.push(`[page error] ${error.message}`));
    const query = [bytes ? 'bytes' : '', variant === 'before' ? 'before' : ''].filter(Boolean).join('&');
    await page.goto(`http://127.0.0.1:${port}/bench/importers/zip-import.html${query ? `?${query}` : ''}`);
    await page.waitForFunction(() => window.zipImportBenchReady === true, null, { timeout: 120_000 });
    const cdp = await page.context().newCDPSession(page);
    const usage = async () => {
      const { usedSize, backingStorageSize = 0 } = await cdp.send('Runtime.getHeapUsage');
      return usedSize + backingStorageSize;
    };
    await page.evaluate(() => window.zipImportBench.load());
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const baseline = await usage();
    let peak = baseline;
    let sampling = true;
    const samples = [];
    const sampler = (async () => {
      while (sampling) {
        if (live) await cdp.send('HeapProfiler.collectGarbage');
        const used = await usage();
        samples.push([Date.now(), used]);
        peak = Math.max(peak, used);
        await new Promise((done) => setTimeout(done, live ? 100 : 5));
      }
    })();
    let result;
    try {
      result = await page.evaluate(() => window.zipImportBench.run());
    } finally {
      sampling = false;
      await sampler;
    }
    const peakMB = (peak - baseline) / MB;
    const { progressAt, ...counts } = result;
    return {
      date: new Date().toISOString(), variant, mode: `${live ? 'live (forced GC before each sample)' : 'peak (every 5 ms)'}${bytes ? ', conversations.json read whole then decoded' : ''}`,
      loadAverageAtStart, loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
      zipMB: +(fixture.size / MB).toFixed(1), largestFileMB: +(largest / MB).toFixed(1), ...counts,
      baselineMB: +(baseline / MB).toFixed(1), peakHeapOverBaselineMB: +peakMB.toFixed(1),
      boundMB: +((2 * largest) / MB + 50).toFixed(1), withinBound: peakMB <= (2 * largest) / MB + 50,
      phasesMB: phasePeaks(samples, progressAt, counts.filesIn, baseline),
      ...(messages.some((text) => text.startsWith('[page error]')) ? { console: messages.slice(0, 5) } : {}),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The peak heap over the baseline in each phase of the import: reading conversations.json (until
 * the first conversation is in), the conversations with files (the first `filesIn`: the fixture
 * puts every image in the first ones), and the rest, which carry none.
 */
function phasePeaks(samples, progressAt, filesIn, baseline) {
  const firstIn = progressAt[0] ?? Infinity;
  const filesDone = progressAt[Math.max(filesIn - 1, 0)] ?? Infinity;
  const peakOf = (from, to) => +((samples.reduce((peak, [at, used]) => (at >= from && at < to ? Math.max(peak, used) : peak), baseline) - baseline) / MB).toFixed(1);
  return { readingConversationsJson: peakOf(0, firstIn), withFiles: peakOf(firstIn, filesDone), withoutFiles: peakOf(filesDone, Infinity) };
}

/** Unpacks `src/` of `commit` into bench/.tmp/before (what `?before` imports its importers from). */
export function unpackBefore(commit = BEFORE_COMMIT) {
  const target = join(repository, 'bench/.tmp/before');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${repository}" archive "${commit}" src | tar -x -C "${target}"`]);
  return target;
}

/** Today's importers against `commit`'s, sampled as `live` says, in the order `variants` gives (each import takes 1–2 minutes). */
export async function compareZipImport({ live = false, commit = BEFORE_COMMIT, variants = ['current', 'before', 'current'], log = () => {} } = {}) {
  if (variants.includes('before')) unpackBefore(commit);
  const runs = [];
  for (const variant of variants) {
    log(`ChatGPT ZIP import, ${variant === 'before' ? `importers of ${commit}` : 'importers of this tree'}…`);
    runs.push(await measureZipImport({ live, variant }));
  }
  const peaks = (variant) => runs.filter((run) => run.variant === variant).map((run) => run.peakHeapOverBaselineMB);
  return { commit, live, runs, currentPeaksMB: peaks('current'), beforePeaksMB: peaks('before'), boundMB: runs[0].boundMB };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const live = process.argv.includes('--live');
  const compare = process.argv.find((argument) => argument === '--compare' || argument.startsWith('--compare='));
  if (compare) {
    const figure = await compareZipImport({ live, commit: compare.includes('=') ? compare.slice('--compare='.length) : BEFORE_COMMIT, log: console.log });
    console.log(JSON.stringify(figure, null, 2));
    writeFileSync(join(here, `zip-import-compare${live ? '-live' : ''}.json`), `${JSON.stringify(figure, null, 2)}\n`);
  } else {
    const bytes = process.argv.includes('--bytes');
    const figure = await measureZipImport({ live, bytes });
    console.log(JSON.stringify(figure));
    writeFileSync(join(here, `zip-import-results${live ? '-live' : ''}${bytes ? '-bytes' : ''}.json`), `${JSON.stringify(figure, null, 2)}\n`);
  }
}
