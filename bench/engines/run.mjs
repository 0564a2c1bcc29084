// Runs bench/engines/engine-figures.browser.test.ts in Chromium, Firefox and WebKit, one engine
// at a time, and writes what each measured to bench/engines/RESULTS.md (DESIGN §19).
//   node bench/engines/run.mjs [--only=firefox,webkit]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length).split(',');
const engines = ['chromium', 'firefox', 'webkit'].filter((name) => !only || only.includes(name));

function engineOf(userAgent) {
  const firefox = userAgent.match(/Firefox\/([\d.]+)/);
  if (firefox) return `Firefox ${firefox[1]}`;
  const chrome = userAgent.match(/Chrome\/([\d.]+)/);
  if (chrome) return `Chromium ${chrome[1]}`;
  return 'WebKitGTK (MiniBrowser)';
}

const rows = [];
for (const name of engines) {
  const load = loadavg()[0].toFixed(1);
  const result = spawnSync('npx', ['vitest', 'run', '--config', 'bench/engines/vitest.config.ts', '--project', name], {
    cwd: repository, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const figures = result.stdout.split('\n').flatMap((line) => {
    const at = line.indexOf('ENGINE-FIGURE ');
    return at < 0 ? [] : [JSON.parse(line.slice(at + 'ENGINE-FIGURE '.length))];
  });
  if (figures.length < 2) console.error(`${name}: expected 2 figures, got ${figures.length} (exit ${result.status})`);
  rows.push({ name, load, figures });
}

const ms = (value) => (value === undefined ? '—' : `${value.toFixed(2)} ms`);
const lines = [
  '# Figure 1 and the rare-word search, per engine (DESIGN §19)',
  '',
  `Written by \`node bench/engines/run.mjs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; one engine at a time,`,
  'each on a fresh profile (on disk), 1 warm-up and 7 timed repetitions, medians. Smaller than',
  "`npm run bench`'s figures so all three fit in minutes: figure 1 appends to a 2,000-entry log (not",
  '10,000), the search runs on a generated 4,000-message history in 40 conversations (not 200,000),',
  `with '${'lofoten'}' and '奥斯陆' planted in 12 messages each. The machine is shared: the load average is given.`,
  "Vitest's test iframe is not cross-origin isolated, so Firefox's and WebKit's `performance.now()` tick in whole",
  'milliseconds here; each operation is timed alone, so their medians (of 30 operations a repetition) are coarser',
  "than Chromium's. On 2026-12-03 three runs of Firefox's figure 1 within 20 minutes gave ratios 3.95, 2.48 and 2.22: read them as rough.",
  '',
  '| engine | load | figure 1: store.append | raw put | ratio (≤ 1.5 in Chromium at 10,000) | history build | rare word, first page | rare Chinese word |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];
for (const row of rows) {
  const append = row.figures.find((figure) => figure.figure === '1');
  const search = row.figures.find((figure) => figure.figure === 'rare-word search');
  const engine = engineOf((append ?? search)?.userAgent ?? '') || row.name;
  lines.push(`| ${row.figures.length ? engine : `${row.name} (no result)`} | ${row.load} | ${ms(append?.appendMs)} | ${ms(append?.rawPutMs)} | ${append ? append.ratio.toFixed(2) : '—'} | ${search ? `${search.buildSeconds.toFixed(1)} s` : '—'} | ${ms(search?.rareMs)} | ${ms(search?.chineseMs)} |`);
}
writeFileSync(join(here, 'RESULTS.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
