// The token corpus (test/fixtures/token-corpus) for the benchmarks, read from disk: the bench
// runs in Node. The test reads the same files through Vite instead, so it also runs in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CORPUS_DIRECTORY = fileURLToPath(new URL('../../test/fixtures/token-corpus/', import.meta.url));

/** One sample of the corpus: its script class (the folder) and its text. */
export interface CorpusSample { scriptClass: string; name: string; text: string }

/** Every sample, class by class, in file-name order. */
export function corpusSamples(): CorpusSample[] {
  const classes = readdirSync(CORPUS_DIRECTORY, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return classes.flatMap((scriptClass) => readdirSync(`${CORPUS_DIRECTORY}${scriptClass}`).filter((name) => name.endsWith('.txt')).sort()
    .map((name) => ({ scriptClass, name, text: readFileSync(`${CORPUS_DIRECTORY}${scriptClass}/${name}`, 'utf8') })));
}
