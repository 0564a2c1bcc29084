// `node bench/importers/zip-import.mjs`: the §18 figure "importing a 200 MB ChatGPT ZIP peaks at
// ≤ 2× its largest file + 50 MB of JS heap", in Chromium: a fresh page loads the fixture ZIP
// (zip-import-fixture.mjs) as a Blob, a forced GC gives the baseline, then importChatGPTZip over
// openZipArchive imports it into a fresh store while CDP samples Runtime.getHeapUsage (V8 heap +
// ArrayBuffer backing stores) every 5 ms. With `--live`, each sample follows a forced GC (every
// ~100 ms): the peak of what the import holds, not of the garbage V8 lets pile up between
// collections. Prints one JSON line; written to zip-import-results[-live].json.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { IMAGE_BYTES, makeZipImportFixture } from './zip-import-fixture.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const MB = 1024 * 1024;
const live = process.argv.includes('--live');
const bytes = process.argv.includes('--bytes');

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
let figure;
try {
  const page = await browser.newPage();
  const messages = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(`[page error] ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/bench/importers/zip-import.html${bytes ? '?bytes' : ''}`);
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
  const sampler = (async () => {
    while (sampling) {
      if (live) await cdp.send('HeapProfiler.collectGarbage');
      peak = Math.max(peak, await usage());
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
  figure = {
    date: new Date().toISOString(), mode: `${live ? 'live (forced GC before each sample)' : 'peak (every 5 ms)'}${bytes ? ', conversations.json read whole then decoded' : ''}`, zipMB: +(fixture.size / MB).toFixed(1), largestFileMB: +(largest / MB).toFixed(1), ...result,
    baselineMB: +(baseline / MB).toFixed(1), peakHeapOverBaselineMB: +peakMB.toFixed(1),
    boundMB: +((2 * largest) / MB + 50).toFixed(1), withinBound: peakMB <= (2 * largest) / MB + 50,
    ...(messages.length > 0 ? { console: messages.slice(0, 3) } : {}),
  };
} finally {
  await browser.close();
  await server.close();
}
console.log(JSON.stringify(figure));
writeFileSync(join(here, `zip-import-results${live ? '-live' : ''}${bytes ? '-bytes' : ''}.json`), `${JSON.stringify(figure, null, 2)}\n`);
