// Regenerates the README's browser support table (DESIGN §19) from a real run: each browser
// project runs alone, its wall time is measured, and its vitest JSON report gives the counts.
// The table goes between the `<!-- engines:start -->` and `<!-- engines:end -->` markers.
//
//   node scripts/support-table.mjs              # all three engines
//   node scripts/support-table.mjs --dry-run    # print the table, leave the README alone
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { findEngineBinary } from './find-engines.mjs';

const ROOT = join(import.meta.dirname, '..');
const README = join(ROOT, 'README.md');
const START = '<!-- engines:start -->';
const END = '<!-- engines:end -->';

function quiet(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The engine's version as its package or binary reports it. */
const ENGINES = [
  { label: 'Chromium', project: 'browser', version: () => quiet(findChromium() ?? 'chromium', ['--version']).match(/[\d.]+/)?.[0] },
  { label: 'Firefox ESR', project: 'firefox', version: () => quiet(findEngineBinary('firefox') ?? 'firefox-esr', ['--version']).match(/[\d.]+(esr)?/)?.[0] },
  {
    label: 'WebKitGTK (MiniBrowser)',
    project: 'webkit',
    // MiniBrowser --version needs a display; Debian's package version says the same.
    version: () => quiet('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0']).match(/^[\d.]+/)?.[0],
  },
];

/** The suites a report covers: test/<folder>, sync's browser file named apart. */
function suitesOf(report) {
  const names = new Set(report.testResults.map((file) => {
    const path = relative(ROOT, file.name).split('/');
    return path[1] === 'sync' ? 'sync client' : path[1];
  }));
  return [...names].sort().join(', ');
}

function run(engine, folder) {
  const output = join(folder, `${engine.project}.json`);
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', engine.project, '--project', `${engine.project}-isolated`, '--reporter=dot', '--reporter=json', `--outputFile.json=${output}`], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  const report = JSON.parse(readFileSync(output, 'utf8'));
  return {
    engine: engine.label,
    version: engine.version() ?? 'unknown',
    suites: suitesOf(report),
    files: report.testResults.length,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    seconds,
    ok: result.status === 0,
  };
}

function table(rows, load) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `Measured ${when} UTC by \`node scripts/support-table.mjs\`, one project at a time, on a ${availableParallelism()}-core machine ` +
      `(1-minute load average ${load} at the start: the wall times move with it):`,
    '',
    '| engine | version | suites | files | tests passed | failed | skipped | wall time |',
    '|---|---|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.engine} | ${row.version} | ${row.suites} | ${row.files} | ${row.passed} | ${row.failed} | ${row.skipped} | ${row.seconds} s |`),
  ].join('\n');
}

const dryRun = process.argv.includes('--dry-run');
const folder = mkdtempSync(join(tmpdir(), 'convolog-support-'));
try {
  const load = loadavg()[0].toFixed(1);
  const rows = ENGINES.map((engine) => run(engine, folder));
  const text = table(rows, load);
  console.log(`\n${text}`);
  if (!dryRun) {
    const readme = readFileSync(README, 'utf8');
    const from = readme.indexOf(START);
    const to = readme.indexOf(END);
    if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} markers`);
    writeFileSync(README, `${readme.slice(0, from + START.length)}\n${text}\n${readme.slice(to)}`);
  }
  process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
