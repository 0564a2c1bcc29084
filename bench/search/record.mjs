// Records a partial search run (`npm run bench -- --only=search` writes bench/.tmp/partial-results.json)
// into bench/results.json (its `search` key, with the run's date, environment and settings) and
// bench/RESULTS.md (the "## Search (issue 20)" section, replaced or appended), leaving every other
// group as it was. A full `npm run bench` writes both files itself and needs no recording.
//
// Usage: node bench/search/record.mjs [bench/.tmp/partial-results.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSearch } from './report.mjs';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SECTION = '## Search (issue 20)';

const partialPath = resolve(process.argv[2] ?? join(repository, 'bench/.tmp/partial-results.json'));
const partial = JSON.parse(readFileSync(partialPath, 'utf8'));
if (!partial.search) throw new Error(`${partialPath} has no search results: run npm run bench -- --only=search first`);

const resultsPath = join(repository, 'bench/results.json');
const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
results.search = {
  date: partial.date, environment: partial.environment, settings: partial.settings, durationSeconds: partial.durationSeconds,
  ...partial.search,
};
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

const { environment } = partial;
const header = [
  `Partial run (\`npm run bench -- --only=search\`, recorded with \`node bench/search/record.mjs\`) on ${partial.date}: ` +
    `Chromium ${environment.chromium} (headless, IndexedDB on disk), Node ${environment.node}, ${environment.cpus} cores shared with other engineers ` +
    `(1-minute load average ${environment.loadAverageAtStart} at the start, ${environment.loadAverageAtEnd} at the end; read the ratios, not the absolute times); ` +
    `whole run ${partial.durationSeconds} s.`,
  '',
];
const [title, ...body] = renderSearch(partial.search, partial.settings);
const section = [title, '', ...header, ...body.slice(1)].join('\n');

const markdownPath = join(repository, 'bench/RESULTS.md');
const markdown = readFileSync(markdownPath, 'utf8');
const start = markdown.indexOf(SECTION);
let updated;
if (start < 0) {
  updated = `${markdown.trimEnd()}\n\n${section}\n`;
} else {
  const next = markdown.indexOf('\n## ', start + SECTION.length);
  updated = `${markdown.slice(0, start)}${section}\n${next < 0 ? '' : markdown.slice(next)}`;
}
writeFileSync(markdownPath, updated);
console.log(`recorded the search run of ${partial.date} in bench/results.json and bench/RESULTS.md`);
