// The build figure of DESIGN §17 as an A/B in one page of headless system Chromium: each round
// builds the bench's history (SEARCH_BENCH_MESSAGES in SEARCH_BENCH_CONVERSATIONS, default 20,000
// in 200) into a fresh database without the index ("plain"), with this tree's index ("current")
// and, given --base=<commit>, with that commit's src/ ("base", extracted with git archive into
// bench/.tmp; --base-dir=<dir> takes a src/ directory as it is), the order rotated each round so
// load drift hits every side alike. Per build it prints the wall time, the page's peak JS heap
// (CDP, sampled every 50 ms after a forced collection, garbage included) and the CPU seconds the
// renderer and the browser process (where Chromium runs IndexedDB) spent (/proc): on a machine
// whose load moves 2–3× within minutes, the CPU work is what compares, the wall time is not.
//   node bench/search/build-ab.mjs [--base=<commit> | --base-dir=<src>] [--rounds=3]
//     --deferred          the import with the background indexer off, then one timed flush of
//                         everything pending: the heap and the CPU are the flush's alone
//     --batches=2000,4000 one side of this tree per indexer batch size instead of "current"
//     --profile=<side>    a CPU profile of that side's first build (or flush), self time per function
//     --live-heap         collect garbage before each heap sample: the peak of what is live, not of garbage
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/find-chromium.mjs';
import { searchBenchSize } from './run-in-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');

function option(name, fallback) {
  const argument = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  return argument === undefined ? fallback : argument.slice(name.length + 3);
}

/** The store modules of a src/ tree, as the page imports them. */
function modulesOf(src) {
  return [`/@fs${join(src, 'store/open-store.ts')}`, `/@fs${join(src, 'store/index.ts')}`];
}

function extractBase(commit) {
  const sha = execFileSync('git', ['rev-parse', commit], { cwd: repository, encoding: 'utf8' }).trim();
  const target = join(repository, 'bench/.tmp', `ab-base-${sha.slice(0, 12)}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} src | tar -x -C ${target}`], { cwd: repository });
  return join(target, 'src');
}

/** The page's JS heap peak over its start (after a forced collection) while `during` runs, sampled every 50 ms over CDP. */
async function peakHeapDuring(page, during) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const used = async () => (await session.send('Runtime.getHeapUsage')).usedSize;
  const start = await used();
  let peak = start;
  let running = true;
  const sampler = (async () => {
    while (running) {
      // --live-heap: a forced collection before each sample, so the peak is of what is live (slower, perturbs the times).
      if (liveHeap) await session.send('HeapProfiler.collectGarbage').catch(() => undefined);
      peak = Math.max(peak, await used().catch(() => peak));
      await new Promise((done) => setTimeout(done, liveHeap ? 20 : 50));
    }
  })();
  const result = await during().finally(() => { running = false; });
  await sampler;
  peak = Math.max(peak, await used());
  await session.detach();
  return { result, peakMegabytes: (peak - start) / 1024 / 1024 };
}

/**
 * CPU seconds (user + system, /proc) of this process's descendants by kind: the page's renderer,
 * the browser process (where Chromium runs IndexedDB) and the rest. Unlike wall time, the work
 * done hardly moves with the machine's load.
 */
function chromiumCpu() {
  const parents = new Map();
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      stats.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid) => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  const cpu = { renderer: 0, browser: 0, other: 0 };
  for (const [pid, seconds] of stats) {
    if (!descends(pid)) continue;
    let command = '';
    try { command = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* gone */ }
    // Chromium runs IndexedDB in the browser process (no --type).
    const kind = command.includes('--type=renderer') ? 'renderer' : command.includes('--type=') ? 'other' : 'browser';
    cpu[kind] += seconds;
  }
  return cpu;
}

function cpuSince(before) {
  const after = chromiumCpu();
  return Object.fromEntries(Object.keys(after).map((kind) => [kind, +(after[kind] - before[kind]).toFixed(2)]));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const load = () => loadavg()[0].toFixed(1);

const size = searchBenchSize();
const profiled = option('profile', undefined);
const liveHeap = process.argv.includes('--live-heap');

/** Prints the profile's self time per function (top 30), idle and GC included. */
function summarize(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`profile: ${total.toFixed(0)} ms sampled`);
  for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
  // Self time by source file too: where a concept's cost is spread over many small functions.
  const byFile = new Map();
  for (const [key, ms] of self) {
    const file = key.slice(key.indexOf(' ') + 1).replace(/:\d+$/, '');
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  console.log('by file:');
  for (const [file, ms] of [...byFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${file}`);
}
const rounds = Number(option('rounds', 3));
const base = option('base', undefined);
const deferred = process.argv.includes('--deferred');
const baseDir = option('base-dir', undefined);
// --batches=2000,4000: one side of this tree per indexer batch size.
const batches = option('batches', '').split(',').filter(Boolean).map(Number);
const sides = [['plain', modulesOf(join(repository, 'src'))]];
if (batches.length === 0) sides.push(['current', modulesOf(join(repository, 'src'))]);
for (const batch of batches) sides.push([`current@${batch}`, modulesOf(join(repository, 'src')), batch]);
if (base !== undefined) sides.push(['base', modulesOf(extractBase(base))]);
if (baseDir !== undefined) sides.push(['base', modulesOf(resolve(baseDir))]);

const server = await createServer({
  configFile: false, root: here, cacheDir: join(repository, 'bench/.tmp/vite-cache-build-ab'), logLevel: 'warn', clearScreen: false,
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null, fs: { allow: [repository, realpathSync(join(repository, 'node_modules'))] } },
  optimizeDeps: { include: ['idb', 'uuid', 'zod'] },
});
await server.listen();
const { port } = server.httpServer.address();
const profile = mkdtempSync(join(tmpdir(), 'convolog-build-ab-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS });
const results = new Map(sides.map(([side]) => [side, []]));
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => { if (message.type() === 'error' || message.text().startsWith('[ab]')) console.log(message.text()); });
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/build-ab.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 });
  console.log(`${size.messages} messages in ${size.conversations} conversations, ${rounds} rounds, sides ${sides.map(([side]) => side).join(', ')}${base ? ` (base ${base})` : ''}`);
  for (let round = 0; round < rounds; round += 1) {
    const order = sides.map((_, index) => sides[(index + round) % sides.length]);
    for (const [side, modules, indexBatch] of order) {
      const before = load();
      const call = () => page.evaluate(({ side, modules, size, options }) => window.convologBuildAb.build(side, modules, size, options), { side, modules, size, options: { deferred, ...(indexBatch === undefined ? {} : { indexBatch }) } });
      // Deferred: the heap and the CPU are measured during the flush alone (the indexer's), else during the whole build.
      const importCpuBefore = chromiumCpu();
      const imported = deferred ? await call() : undefined;
      const importCpu = cpuSince(importCpuBefore);
      const session = profiled === side && round === 0 ? await page.context().newCDPSession(page) : undefined;
      if (session) {
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: 1000 });
        await session.send('Profiler.start');
      }
      const cpuBefore = chromiumCpu();
      const measured = await peakHeapDuring(page, () => (deferred ? page.evaluate(() => window.convologBuildAb.flush()) : call()));
      const built = measured.result;
      built.cpu = cpuSince(cpuBefore);
      if (imported !== undefined) built.importCpu = importCpu;
      if (session) summarize((await session.send('Profiler.stop')).profile);
      built.peakHeapMegabytes = measured.peakMegabytes;
      results.get(side).push(built);
      const split = built.flushMilliseconds === undefined ? '' : `: import ${(built.importMilliseconds / 1000).toFixed(1)} s, flush ${(built.flushMilliseconds / 1000).toFixed(1)} s`;
      console.log(`round ${round + 1} ${side.padEnd(12)} ${(built.milliseconds / 1000).toFixed(1)} s (indexing after the import ${built.indexSeconds} s${split}) peak heap +${built.peakHeapMegabytes.toFixed(1)} MB, CPU ${JSON.stringify(built.cpu)}${built.importCpu ? ` (import ${JSON.stringify(built.importCpu)})` : ''}, load ${before} → ${load()}`);
    }
  }
  const plain = median(results.get('plain').map((built) => built.milliseconds));
  for (const [side] of sides) {
    const times = results.get(side).map((built) => built.milliseconds);
    const ratios = side === 'plain' ? '' : `; per round ÷ plain: ${times.map((time, index) => (time / results.get('plain')[index].milliseconds).toFixed(2)).join(', ')}; median ÷ median plain ${(median(times) / plain).toFixed(2)}`;
    const flushes = results.get(side).map((built) => built.flushMilliseconds).filter((value) => value !== undefined);
    const flush = flushes.length === 0 ? '' : `; flush median ${(median(flushes) / 1000).toFixed(1)} s`;
    const cpu = ['renderer', 'browser'].map((kind) => `${kind} ${median(results.get(side).map((built) => built.cpu[kind])).toFixed(1)} s`).join(', ');
    console.log(`${side}: median ${(median(times) / 1000).toFixed(1)} s${ratios}${flush}; median CPU ${cpu}; peak heap ${results.get(side).map((built) => built.peakHeapMegabytes.toFixed(1)).join(', ')} MB`);
  }
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
