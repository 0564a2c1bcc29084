// `npm run bench`: every figure of issue 8 in one run, written to bench/results.json and
// bench/RESULTS.md. Store figures run in headless Chromium against real IndexedDB, core figures
// with `vitest bench` in Node, sizes with Vite's build() of consumers of the packed package
// (`npm run bench` builds dist/ first). Exits non-zero when a size budget is
// exceeded or cannot be checked (and, with --strict, when any timed target is missed).
//
// Options: --only=store,core,size,importers   run some sections (writes bench/.tmp/partial-results.json)
//          --figures=1,2            only these store figures (implies a partial run)
//          (sections: store, core, size, sync — sync: CouchDB push/pull vs PouchDB, SYNC_BENCH_REPETITIONS, default 3;
//          search: issue 20's figures on a generated 200,000-message history, see bench/search/run-in-chromium.mjs;
//          scale: issue 26's 10,000-chat figures, the demo's first screen and listConversations, bench/scale/run-in-chromium.mjs;
//          attachments: §18's figures, bench/attachments/run.mjs, and the ChatGPT ZIP import's heap before/after, bench/importers/zip-import.mjs)
//          --profile                CPU-profile each store figure (bench/.tmp/profiles); partial
//          --diagnose               time the steps from raw idb to store.append / entries (partial)
//          --memory                 off-the-record context, IndexedDB in memory (diagnosis; partial)
//          --strict                 also fail on a missed timing target
// Environment: BENCH_REPETITIONS (default 9, at least 5), BENCH_WARMUP (default 1),
//              BENCH_SETTLE_MS (idle time after seeding, before timing a figure; default 5000).
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStoreFigures } from './store/run-in-chromium.mjs';
import { runCoreFigures } from './report/core-figures.mjs';
import { measurePackage } from './size/measure-package.mjs';
import { runSyncFigures } from './sync/run-sync-figures.mjs';
import { judge, renderMarkdown } from './report/write-report.mjs';
import { runImporterMemoryFigures } from './importers/memory-figures.mjs';
import { runSearchFigures } from './search/run-in-chromium.mjs';
import { judgeSearch } from './search/report.mjs';
import { runScaleFigures } from './scale/run-in-chromium.mjs';
import { runAttachmentFigures } from './attachments/run.mjs';
import { compareZipImport } from './importers/zip-import.mjs';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function option(name) {
  const argument = process.argv.find((candidate) => candidate === `--${name}` || candidate.startsWith(`--${name}=`));
  if (!argument) return undefined;
  return argument.includes('=') ? argument.slice(argument.indexOf('=') + 1) : true;
}

function log(text) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${seconds}s] ${text}`);
}

const ALL_SECTIONS = ['store', 'core', 'size', 'importers', 'sync', 'search', 'scale', 'attachments'];
const sections = typeof option('only') === 'string' ? option('only').split(',') : ALL_SECTIONS;
const onlyFigures = typeof option('figures') === 'string' ? option('figures').split(',') : undefined;
const profile = option('profile') === true;
const inMemory = option('memory') === true;
const diagnose = option('diagnose') === true;
const partial = sections.length < ALL_SECTIONS.length || onlyFigures !== undefined || profile || inMemory || diagnose;
const repetitions = Number(process.env.BENCH_REPETITIONS ?? 9);
const warmupRepetitions = Number(process.env.BENCH_WARMUP ?? 1);
const settleMilliseconds = Number(process.env.BENCH_SETTLE_MS ?? 5000);
if (!(repetitions >= 5)) throw new Error('BENCH_REPETITIONS must be at least 5');

const results = {
  date: new Date().toISOString(),
  environment: {
    chromium: undefined,
    indexedDB: inMemory ? 'in memory (off-the-record context, --memory)' : 'on disk (persistent context on a fresh profile)',
    node: process.version, cpus: cpus().length,
    platform: `${process.platform} ${process.arch}`,
    // The machines are shared: the 1-minute load average says how busy this one was.
    loadAverageAtStart: Number(loadavg()[0]?.toFixed(2)),
    loadAverageAtEnd: undefined,
  },
  settings: { repetitions, warmupRepetitions, settleMilliseconds },
  durationSeconds: 0,
  store: { figures: [], errors: [], missing: undefined },
  core: [],
  size: [],
  zodFlavours: undefined,
  importersMemory: [],
  sync: undefined,
  search: undefined,
  scale: undefined,
  attachments: undefined,
  notes: [],
};

if (sections.includes('store')) {
  log('store figures (Chromium)…');
  try {
    const store = await runStoreFigures({
      repetitions, warmupRepetitions, only: diagnose && !onlyFigures ? [] : onlyFigures, inMemory, diagnose, settleMilliseconds, log,
      profileDir: profile ? join(repository, 'bench/.tmp/profiles') : undefined,
    });
    results.environment.chromium = store.chromiumVersion;
    results.store = { figures: store.figures, errors: store.errors, missing: store.missing, breakdowns: store.breakdowns ?? [], largeImport: store.largeImport };
    for (const profiled of store.profiles) printProfile(profiled);
    for (const breakdown of store.breakdowns ?? []) printBreakdown(breakdown);
  } catch (error) {
    results.store.missing = `the Chromium run failed: ${error instanceof Error ? error.message : String(error)}`;
    log(results.store.missing);
  }
}
if (sections.includes('core')) {
  log('core figures (vitest bench)…');
  results.core = runCoreFigures({ repository, log });
}
if (sections.includes('size')) {
  log('size figures (npm pack, install into a throwaway consumer, vite build)…');
  const sizes = await measurePackage({ repository, log, withoutZod: true, withZodFlavours: true });
  results.size = sizes.cases;
  results.zodFlavours = sizes.zodFlavours;
}
if (sections.includes('importers')) {
  log('importer peak heap (Node, --expose-gc)…');
  results.importersMemory = await runImporterMemoryFigures({ repository, log });
}
if (sections.includes('sync')) {
  log('sync figures (Chromium + pouchdb-server)…');
  const syncRepetitions = Number(process.env.SYNC_BENCH_REPETITIONS ?? 3);
  try {
    results.sync = { repetitions: syncRepetitions, ...(await runSyncFigures({ repetitions: syncRepetitions, log })) };
  } catch (error) {
    results.sync = { missing: `the sync run failed: ${error instanceof Error ? error.message : String(error)}` };
    log(results.sync.missing);
  }
}
if (sections.includes('search')) {
  log('search figures (Chromium, generated history)…');
  try {
    results.search = await runSearchFigures({ repetitions, warmupRepetitions, settleMilliseconds, log });
    results.environment.chromium ??= results.search.chromiumVersion;
  } catch (error) {
    results.search = { missing: `the search run failed: ${error instanceof Error ? error.message : String(error)}` };
    log(results.search.missing);
  }
}
if (sections.includes('scale')) {
  log('scale figures (Chromium, 10,000 chats vs 10)…');
  try {
    results.scale = await runScaleFigures({ repetitions, log });
    results.environment.chromium ??= results.scale.chromiumVersion;
  } catch (error) {
    results.scale = { missing: `the scale run failed: ${error instanceof Error ? error.message : String(error)}` };
    log(results.scale.missing);
  }
}
if (sections.includes('attachments')) {
  log('attachment figures (Chromium, fresh profile)…');
  try {
    results.attachments = await runAttachmentFigures({ log });
    results.environment.chromium ??= results.attachments.chromium;
    // One import of this tree (1–2 minutes on a shared machine); `node bench/importers/zip-import.mjs --compare`
    // runs an older commit's importers beside it (git archive: a clone only, not an installed package).
    results.attachments.zipImport = await compareZipImport({ variants: ['current'], log });
  } catch (error) {
    results.attachments = { ...results.attachments, missing: `the attachment run failed: ${error instanceof Error ? error.message : String(error)}` };
    log(results.attachments.missing);
  }
}
results.notes.push(...sizeNotes(results.size, results.zodFlavours));
results.durationSeconds = Math.round((Date.now() - started) / 1000);
results.environment.loadAverageAtEnd = Number(loadavg()[0]?.toFixed(2));

const markdown = renderMarkdown(results);
if (partial) {
  mkdirSync(join(repository, 'bench/.tmp'), { recursive: true });
  writeFileSync(join(repository, 'bench/.tmp/partial-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('partial run: wrote bench/.tmp/partial-results.json (bench/results.json and RESULTS.md are left as they were)');
} else {
  writeFileSync(join(repository, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(repository, 'bench/RESULTS.md'), markdown);
  log('wrote bench/results.json and bench/RESULTS.md');
}
console.log(`\n${markdown}`);

const overBudget = results.size.filter((size) => size.error || size.pass === false);
const missed = [
  ...[...results.store.figures, ...results.core].filter((figure) => judge(figure) === false),
  ...(results.search?.figures ?? []).filter((figure) => judgeSearch(figure) === false),
  ...(results.scale?.figures ?? []).filter((figure) => judge(figure) === false),
  ...(results.attachments?.figures ?? []).filter((figure) => figure.pass === false),
];
if (overBudget.length > 0) log(`size budget exceeded or unchecked: ${overBudget.map((size) => size.id).join(', ')}`);
if (missed.length > 0) log(`timing targets missed: ${missed.map((figure) => figure.id).join(', ')}`);
process.exitCode = overBudget.length > 0 || (option('strict') === true && missed.length > 0) ? 1 : 0;

/** Says which package dominates a size case that is over budget, and what zod/mini would save. */
function sizeNotes(sizes, zodFlavours) {
  const over = sizes.filter((size) => size.pass === false);
  const notes = over.map((size) => {
    const top = size.breakdown[0];
    const share = top ? Math.round((top.renderedBytes / size.breakdown.reduce((sum, part) => sum + part.renderedBytes, 0)) * 100) : 0;
    const estimate = zodFlavours
      ? `; with core's schemas on zod/mini it would be about ${size.gainedWithoutZodBytes + zodFlavours.mini} B ` +
        `(${size.gainedWithoutZodBytes + zodFlavours.mini <= size.budgetBytes ? 'within' : 'still over'} budget)`
      : '';
    return `Size ${size.id} is over its ${size.budgetBytes} B budget by ${size.gainedBytes - size.budgetBytes} B; ` +
      `the largest part is ${top?.source ?? 'unknown'} (${share}% of the code before minifying); ` +
      `without zod the gain would be ${size.gainedWithoutZodBytes} B${estimate}.`;
  });
  if (zodFlavours) {
    notes.push(`Core's message and entry schemas (bench/size/zod-flavours/) cost ${zodFlavours.classic} B gzipped with zod's classic API ` +
      `and ${zodFlavours.mini} B with zod/mini.`);
  }
  return notes;
}

function printProfile(profiled) {
  console.log(`\nCPU profile of store figure ${profiled.id}: ${profiled.path} (${profiled.summary.totalMs.toFixed(0)} ms)`);
  for (const entry of profiled.summary.functions) {
    console.log(`  ${entry.selfMs.toFixed(1).padStart(9)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.name}  ${entry.where}`);
  }
}

function printBreakdown(breakdown) {
  console.log(`\n${breakdown.title}`);
  const first = breakdown.sides[0]?.median ?? Number.NaN;
  for (const [index, side] of breakdown.sides.entries()) {
    const reference = breakdown.comparedTo?.[index];
    const added = reference === null || reference === undefined ? '' : ` (+${(side.median - breakdown.sides[reference].median).toFixed(2)} over ${breakdown.sides[reference].label.split(' ')[0]})`;
    const range = `${side.min.toFixed(2)}–${side.max.toFixed(2)}`;
    console.log(`  ${side.median.toFixed(2).padStart(7)} ms (${range.padEnd(11)}) ×${(side.median / first).toFixed(2)}  ${side.label}${added}`);
  }
}
