// The search section of bench/RESULTS.md (issue 20), from `results.search`.
import { formatMeasured as number, meetsTarget } from '../report/measured.mjs';

/** true when a search figure's value meets its target; undefined for report-only figures. */
export function judgeSearch(figure) {
  return meetsTarget(figure.value, figure.target);
}

const UNITS = { ms: ' ms', ratio: '', 'times faster': '× faster', MB: ' MB', percent: ' %' };

function valueCell(figure) {
  return `**${number(figure.value)}${UNITS[figure.unit] ?? ''}**`;
}

function targetCell(figure) {
  if (!figure.target) return 'report';
  return `${figure.target.comparison === '<=' ? '≤' : '≥'} ${figure.target.value}${UNITS[figure.unit] ?? ''}`;
}

function resultCell(figure) {
  const pass = judgeSearch(figure);
  if (pass === undefined) return 'reported';
  return pass ? 'pass' : '**FAIL**';
}

function sideCell(side) {
  if (!side) return '–';
  return `${side.label}: ${number(side.median)} ms (${number(side.min)}–${number(side.max)})`;
}

/** Figures in number order: 17, 17b, 18 … */
function order(id) {
  const match = /^(\d+)([a-z]?)$/.exec(id);
  return match ? Number(match[1]) * 10 + (match[2] ? match[2].charCodeAt(0) - 96 : 0) : 1000;
}

/** The Markdown lines of the search section. */
export function renderSearch(search, settings) {
  const title = '## Search (issue 20)';
  if (search.missing) return [title, '', `Not run: ${search.missing}.`];
  const { size, built } = search;
  const figures = [...search.figures].sort((left, right) => order(left.id) - order(right.id));
  const builtText = built?.reused
    ? `reused from an earlier run (kept profile; built by src/ ${built.builtBy})`
    : `built in ${built?.seconds} s through \`store.append\` (one relaxed append of a whole conversation per call, two in flight)` +
      (built?.plainSeconds === undefined ? '' : ` and again in ${built.plainSeconds} s with indexing switched off (figure 23b)`);
  const rollText = built?.rollSeconds === undefined ? '' : `; the journal rolled for ${built.rollSeconds} s after the stores opened, waited for before any figure was timed (DESIGN §21)`;
  return [
    title,
    '',
    `A generated history of ${size.messages.toLocaleString('en')} messages in ${size.conversations.toLocaleString('en')} conversations (bench/search/corpus.ts: seeded; ` +
      'user and assistant text in turn, about 80 words a message; 62 % of the conversations English, the rest French, German, Russian and Chinese, 15 % of the messages in another language than their conversation\'s; ' +
      'words drawn by a Zipf–Mandelbrot law over 20,000 words per language, real words at the top ranks; two rare words planted in exactly 12 messages each), ' +
      `${builtText}${rollText}, in real Chromium (IndexedDB on disk). Times: ${settings.warmupRepetitions} warm-up round(s), then ${settings.repetitions} timed repetitions, ` +
      'the sides of one figure interleaved as in the store figures; medians (min–max) of the mean time per operation in a repetition.',
    '',
    '| # | figure | measured | target | result | candidate: median (min–max) | baseline: median (min–max) |',
    '|---|---|---|---|---|---|---|',
    ...figures.map((figure) => `| ${figure.id} | ${figure.title} | ${valueCell(figure)} | ${targetCell(figure)} | ${resultCell(figure)} | ${sideCell(figure.candidate)} | ${sideCell(figure.baseline)} |`),
    '',
    ...figures.flatMap((figure) => figure.notes.map((note) => `- Figure ${figure.id}: ${note}`)),
    ...search.errors.map((error) => `- Step ${error.id} failed: ${error.message}`),
  ];
}
