// `node bench/zip/run.mjs`: the figures that chose the ZIP library (DESIGN §18, issue 24) —
// bytes of each library's smallest write and read paths (bench/zip/size.mjs), then in Chromium:
// reading a ~190 MB ChatGPT-like export entry by entry from a Blob, reading one entry alone,
// writing 20 × 2 MB stored attachments + a 5 MB JSON, stopping a 1 GB zero bomb at 100 MB, and
// zip.js's web workers under the demo's CSP (script-src 'self'). Peak heap is sampled over CDP
// (Runtime.getHeapUsage: V8 heap + ArrayBuffer backing stores) every 5 ms, after a forced GC,
// minus the baseline. Written to bench/zip/results.json; RESULTS.md is written from it by hand.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { makeFixtures } from './fixtures.mjs';
import { measureZipSizes } from './size.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const MB = 1024 * 1024;
const CAP = 100 * MB;
const started = Date.now();

console.log('sizes…');
const sizes = await measureZipSizes(repository);
console.log('fixtures…');
const fixtures = makeFixtures(join(repository, 'bench/.tmp/zip'));

const server = await createServer({
  configFile: false, root: repository, cacheDir: join(repository, 'bench/.tmp/vite-cache-zip'), logLevel: 'warn', clearScreen: false,
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  optimizeDeps: { include: ['fflate', '@zip.js/zip.js'], entries: ['bench/zip/index.html'] },
});
await server.listen();
const { port } = server.httpServer.address();
const browser = await chromium.launch({ executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });

/** A fresh page (so one scenario's leftovers never count in the next), with its CDP session. */
async function openPage(file = 'index.html') {
  const page = await browser.newPage();
  const messages = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(`[page error] ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/bench/zip/${file}`);
  await page.waitForFunction(() => window.zipBenchReady === true, null, { timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  return { page, cdp, messages };
}

const usage = async (cdp) => {
  const { usedSize, backingStorageSize = 0 } = await cdp.send('Runtime.getHeapUsage');
  return usedSize + backingStorageSize;
};

/** Runs `call` in a fresh page after `prepare`; returns its result, time and peak heap above the baseline. */
async function scenario(label, prepare, call, file, after) {
  const { page, cdp, messages } = await openPage(file);
  try {
    await prepare(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const baseline = await usage(cdp);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await usage(cdp));
        await new Promise((done) => setTimeout(done, 5));
      }
    })();
    let result;
    try {
      result = await call(page);
    } catch (error) {
      result = { error: String(error.message ?? error).split('\n')[0] };
    }
    sampling = false;
    await sampler;
    if (after && !result.error) result.readBack = await after(page);
    const figure = { ...result, peakHeapMB: +((peak - baseline) / MB).toFixed(1), baselineMB: +(baseline / MB).toFixed(1) };
    if (messages.length > 0) figure.console = messages.slice(0, 3);
    console.log(label, JSON.stringify(figure));
    return figure;
  } finally {
    await page.close();
  }
}

const loadSynthetic = (page) => page.evaluate(() => window.zipBench.load('synthetic.zip'));
const loadBomb = (page) => page.evaluate(() => window.zipBench.load('bomb.zip'));
const prepareWrite = (page) => page.evaluate(() => window.zipBench.prepareWrite(20, 2 * 1024 * 1024, 5 * 1024 * 1024));
const verifyWritten = (page) => page.evaluate(() => window.zipBench.verifyWritten());
const figures = {};
try {
  const run = async (key, ...parameters) => { figures[key] = await scenario(key, ...parameters); };
  await run('Blob.stream() drained, no ZIP (floor)', loadSynthetic, (page) => page.evaluate(() => window.zipBench.drain('synthetic.zip')));
  await run('read all · fflate Unzip', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readFflate('synthetic.zip')));
  await run('read all · zip.js no workers', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readZipJs('synthetic.zip', false)));
  await run('read all · zip.js workers', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readZipJs('synthetic.zip', true)));
  await run('read all · own central directory + fflate Inflate', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readDirectory('synthetic.zip')));
  await run('read conversations.json only · own central directory + fflate Inflate', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readDirectory('synthetic.zip', Infinity, 'conversations.json')));
  await run('read all · own central directory + DecompressionStream', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readDirectory('synthetic.zip', Infinity, undefined, true)));
  await run('read conversations.json only · own central directory + DecompressionStream', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readDirectory('synthetic.zip', Infinity, 'conversations.json', true)));
  await run('read conversations.json only · fflate Unzip', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readFflateOne('synthetic.zip', 'conversations.json')));
  await run('read conversations.json only · zip.js no workers', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readZipJsOne('synthetic.zip', 'conversations.json', false)));
  await run('write 20×2 MB + 5 MB JSON · fflate Zip', prepareWrite, (page) => page.evaluate(() => window.zipBench.writeFflate()), undefined, verifyWritten);
  await run('write 20×2 MB + 5 MB JSON · zip.js no workers', prepareWrite, (page) => page.evaluate(() => window.zipBench.writeZipJs(false)), undefined, verifyWritten);
  await run('write 20×2 MB + 5 MB JSON · zip.js workers', prepareWrite, (page) => page.evaluate(() => window.zipBench.writeZipJs(true)), undefined, verifyWritten);
  await run('bomb 1 GB, cap 100 MB · fflate Unzip', loadBomb, (page) => page.evaluate((cap) => window.zipBench.readFflate('bomb.zip', cap), CAP));
  await run('bomb 1 GB, cap 100 MB · own central directory + fflate Inflate', loadBomb, (page) => page.evaluate((cap) => window.zipBench.readDirectory('bomb.zip', cap), CAP));
  await run('bomb 1 GB, cap 100 MB · own central directory + DecompressionStream', loadBomb, (page) => page.evaluate((cap) => window.zipBench.readDirectory('bomb.zip', cap, undefined, true), CAP));
  await run('bomb 1 GB, cap 100 MB · zip.js no workers', loadBomb, (page) => page.evaluate((cap) => window.zipBench.readZipJs('bomb.zip', false, cap), CAP));
  await run('CSP script-src self · zip.js workers (default)', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readZipJsOne('synthetic.zip', 'conversations.json', true)), 'csp.html');
  await run('CSP script-src self · zip.js no workers', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readZipJsOne('synthetic.zip', 'conversations.json', false)), 'csp.html');
  await run('CSP script-src self · fflate Unzip', loadSynthetic, (page) => page.evaluate(() => window.zipBench.readFflateOne('synthetic.zip', 'conversations.json')), 'csp.html');
} finally {
  await browser.close();
  await server.close();
}

const results = { date: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), chromium: browser.version?.() ?? 'system', fixtures, sizes, figures };
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`bench/zip/results.json written in ${results.seconds} s`);
