// Core figures 8–10: runs the core engineers' bench/core/*.bench.ts with `vitest bench` in
// Node and turns its JSON report into candidate/baseline medians and ratios.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';

/** Which benchmark in which file is the candidate and which the baseline, and the target. */
export const CORE_FIGURES = [
  {
    id: '8', title: 'validate, 200,000-message history, vs JSON.parse of its JSON text',
    file: 'bench/core/validate.bench.ts', candidate: /validate/i, baseline: /JSON\.parse/i,
    target: { comparison: '<=', value: 0.5 },
  },
  {
    id: '9', title: 'retainPortableContent on the same history vs structuredClone of it',
    file: 'bench/core/retain-portable-content.bench.ts', candidate: /retainPortableContent/i, baseline: /structuredClone/i,
    target: { comparison: '<=', value: 1.5 },
  },
  {
    id: '10', title: 'planCut + buildCompactionDigest on 100,000 messages vs JSON.stringify of them',
    file: 'bench/core/plan-cut.bench.ts', candidate: /planCut|digest/i, baseline: /JSON\.stringify/i,
    target: { comparison: '<=', value: 1 },
  },
  {
    id: '16', title: 'estimateMessageTokens on 10 MB of mixed-script messages vs JSON.stringify of them',
    file: 'bench/core/estimate-tokens.bench.ts', candidate: /estimateMessageTokens/i, baseline: /JSON\.stringify/i,
    // Was 0.5, which asked for less than a bare charCodeAt pass over the same text costs (issue 29).
    target: { comparison: '<=', value: 1 },
    // Written by the bench file: estimateTokens ÷ o200k per script class of test/fixtures/token-corpus.
    attachment: { key: 'accuracy', file: 'bench/.tmp/token-accuracy.json' },
  },
];

function side(benchmark) {
  return {
    label: benchmark.name,
    unit: 'ms/op',
    median: benchmark.median,
    min: benchmark.min,
    max: benchmark.max,
    samples: benchmark.sampleCount,
  };
}

/** The candidate matches its pattern; the baseline matches its own and not the candidate's. */
function pick(definition, benchmarks) {
  const candidate = benchmarks.find((benchmark) => definition.candidate.test(benchmark.name) && !definition.baseline.test(benchmark.name))
    ?? benchmarks.find((benchmark) => definition.candidate.test(benchmark.name));
  const baseline = benchmarks.find((benchmark) => benchmark !== candidate && definition.baseline.test(benchmark.name));
  return { candidate, baseline };
}

/**
 * Runs the core benchmarks that exist and returns one result per figure (with `error` for a
 * figure whose file is missing or whose benchmarks could not be told apart).
 * @param {{ repository: string, log: (text: string) => void }} options
 */
export function runCoreFigures({ repository, log }) {
  const present = CORE_FIGURES.filter((definition) => existsSync(join(repository, definition.file)));
  const missing = CORE_FIGURES.filter((definition) => !present.includes(definition)).map((definition) => ({
    id: definition.id, title: definition.title, target: definition.target,
    error: `${definition.file} does not exist yet`,
  }));
  if (present.length === 0) return missing;
  const output = join(repository, 'bench/.tmp/core-bench.json');
  mkdirSync(dirname(output), { recursive: true });
  rmSync(output, { force: true });
  log(`core: npx vitest bench --run --project node ${present.map((definition) => definition.file).join(' ')}`);
  const run = spawnSync(
    'npx',
    ['vitest', 'bench', '--run', '--project', 'node', ...present.map((definition) => definition.file), '--outputJson', output],
    { cwd: repository, stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 },
  );
  if (!existsSync(output)) {
    const reason = `vitest bench wrote no report (exit ${run.status ?? run.signal ?? run.error?.message})`;
    return [...missing, ...present.map((definition) => ({ id: definition.id, title: definition.title, target: definition.target, error: reason }))];
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const measured = present.map((definition) => withAttachment(definition, figureFromReport(definition, report, repository), repository));
  return [...missing, ...measured].sort((left, right) => Number(left.id) - Number(right.id));
}

/** Adds what a bench file wrote besides its timings (figure 16's accuracy table) to its figure. */
function withAttachment(definition, figure, repository) {
  const attachment = definition.attachment;
  if (!attachment || !existsSync(join(repository, attachment.file))) return figure;
  return { ...figure, [attachment.key]: JSON.parse(readFileSync(join(repository, attachment.file), 'utf8')) };
}

function figureFromReport(definition, report, repository) {
  const base = { id: definition.id, title: definition.title, target: definition.target };
  const file = report.files.find((candidate) => relative(repository, candidate.filepath) === definition.file);
  const benchmarks = file?.groups.flatMap((group) => group.benchmarks) ?? [];
  const { candidate, baseline } = pick(definition, benchmarks);
  if (!candidate || !baseline) {
    const names = benchmarks.map((benchmark) => benchmark.name).join(', ') || 'none';
    return { ...base, error: `could not find candidate ${definition.candidate} and baseline ${definition.baseline} among: ${names}` };
  }
  return {
    ...base,
    candidate: side(candidate),
    baseline: side(baseline),
    ratio: candidate.median / baseline.median,
    ratioDefinition: 'candidate / baseline',
    notes: [`vitest bench (tinybench): ${candidate.sampleCount} and ${baseline.sampleCount} samples; median and min–max per iteration`],
  };
}
