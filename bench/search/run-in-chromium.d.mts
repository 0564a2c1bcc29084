// Types for run-in-chromium.mjs (plain JavaScript, shared by bench/run.mjs and the smoke test).
import type { BuiltHistory } from './build-history.js';
import type { CorpusSize } from './corpus.js';
import type { SearchFigure } from './search-figure.js';

/** What one run of the search figures gave (`missing`: why it could not run). */
export interface SearchRun {
  chromiumVersion: string;
  size: CorpusSize;
  built?: BuiltHistory;
  figures: SearchFigure[];
  errors: { id: string; message: string }[];
  missing?: string;
}

/** The size SEARCH_BENCH_MESSAGES and SEARCH_BENCH_CONVERSATIONS ask for (default 200,000 in 2,000). */
export function searchBenchSize(environment?: Record<string, string | undefined>): CorpusSize;

/** Runs the search figures in headless Chromium. */
export function runSearchFigures(options: {
  repetitions: number;
  warmupRepetitions: number;
  settleMilliseconds?: number;
  /** Where the SEARCH_BENCH_* settings come from (default `process.env`). */
  environment?: Record<string, string | undefined>;
  log: (text: string) => void;
}): Promise<SearchRun>;
