// The token corpus (test/fixtures/token-corpus) for the benchmarks, read from disk: the bench
// runs in Node. The test reads the same files through Vite instead, so it also runs in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CORPUS_DIRECTORY = fileURLToPath(new URL('../../test/fixtures/token-corpus/', import.meta.url));
/** Samples the estimate's costs were never tuned on (test/fixtures/token-corpus-held-out). */
export const HELD_OUT_DIRECTORY = fileURLToPath(new URL('../../test/fixtures/token-corpus-held-out/', import.meta.url));

/** One sample of the corpus: its script class (the folder) and its text. */
export interface CorpusSample { scriptClass: string; name: string; text: string }

/** Every sample, class by class, in file-name order: the corpus the costs were fitted on, unless told otherwise. */
export function corpusSamples(directory = CORPUS_DIRECTORY): CorpusSample[] {
  const classes = readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return classes.flatMap((scriptClass) => readdirSync(`${directory}${scriptClass}`).filter((name) => name.endsWith('.txt')).sort()
    .map((name) => ({ scriptClass, name, text: readFileSync(`${directory}${scriptClass}/${name}`, 'utf8') })));
}
