// The search bench page: exposes `window.convologSearchBench` for bench/search/run-in-chromium.mjs
// to drive over playwright, step by step (so the Node side can sample the heap around one step).
import type { BuiltHistory } from './build-history.js';
import { COMMON_QUERY, RARE_CHINESE, RARE_WORD } from './corpus.js';
import { appendFigure, commonQueryFigures, rareQueryFigures } from './figures.js';
import { fullScan } from './full-scan.js';
import { measureIndexSize, type IndexSize } from './index-size.js';
import { SearchBench, type SearchBenchOptions } from './search-bench.js';
import type { SearchFigure } from './search-figure.js';
import { loadSearchStore } from './search-store.js';

/** The timed steps, in the order they must run (the append figure writes to the database). */
const STEPS = {
  rare: rareQueryFigures,
  common: commonQueryFigures,
  append: async (bench: SearchBench) => [await appendFigure(bench)],
} satisfies Record<string, (bench: SearchBench) => Promise<SearchFigure[]>>;

export type SearchStep = keyof typeof STEPS;

/** What the Node side calls through `page.evaluate`. */
export interface SearchBenchPage {
  /** Loads the store; says why the figures cannot run, if they cannot. */
  prepare(options: SearchBenchOptions): Promise<{ ready: true; built: boolean } | { ready: false; missing: string }>;
  /** Builds the history (unless kept from an earlier run) and opens the stores. */
  open(): Promise<BuiltHistory>;
  run(step: SearchStep): Promise<SearchFigure[]>;
  /** Runs queries over and over for `milliseconds` (the Node side samples the heap meanwhile); returns how many ran. */
  queryFor(milliseconds: number): Promise<number>;
  /** One full scan for the rare word (its heap, for comparison). */
  scanOnce(): Promise<number>;
  indexSize(): Promise<IndexSize>;
  close(): void;
}

declare global {
  interface Window {
    convologSearchBench?: SearchBenchPage;
  }
}

let bench: SearchBench | undefined;

function prepared(): SearchBench {
  if (!bench) throw new Error('prepare() first');
  return bench;
}

/** The queries of the heap figure: both rare words, the common pair, and its next pages by cursor. */
async function queryRound(current: SearchBench): Promise<number> {
  await current.store.search(RARE_WORD);
  await current.store.search(RARE_CHINESE);
  let page = await current.store.search(COMMON_QUERY);
  for (let next = 0; next < 3 && page.nextCursor !== undefined; next += 1) page = await current.store.search(COMMON_QUERY, { cursor: page.nextCursor });
  return 6;
}

window.convologSearchBench = {
  async prepare(options) {
    const loaded = await loadSearchStore();
    if ('missing' in loaded) return { ready: false, missing: loaded.missing };
    bench = new SearchBench(loaded.module, options);
    return { ready: true, built: bench.isBuilt };
  },
  open: () => prepared().open(),
  run: (step) => STEPS[step](prepared()),
  async queryFor(milliseconds) {
    const current = prepared();
    const until = performance.now() + milliseconds;
    let queries = 0;
    while (performance.now() < until) queries += await queryRound(current);
    return queries;
  },
  async scanOnce() {
    return (await fullScan(prepared().raw, RARE_WORD)).scanned;
  },
  indexSize: () => measureIndexSize(prepared().raw),
  close() {
    bench?.close();
  },
};
document.body.dataset.ready = 'true';
