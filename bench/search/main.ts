// The search bench page: exposes `window.convologSearchBench` for bench/search/run-in-chromium.mjs
// to drive over playwright, step by step (so the Node side can sample the heap around one step).
import type { BuiltHistory } from './build-history.js';
import { COMMON_QUERY, RARE_CHINESE, RARE_WORD } from './corpus.js';
import { appendFigure, commonQueryFigures, rareQueryFigures } from './figures.js';
import { fullScan } from './full-scan.js';
import { measureIndexSize, type IndexSize } from './index-size.js';
import { dropPending, pendingFigures, stagePending } from './pending-figures.js';
import { SearchBench, type DiskUsage, type SearchBenchOptions } from './search-bench.js';
import type { SearchFigure } from './search-figure.js';
import { loadSearchStore } from './search-store.js';

/** The timed steps, in the order they must run (the append figure writes to the database). */
const STEPS = {
  rare: rareQueryFigures,
  common: commonQueryFigures,
  pending: pendingFigures,
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
  /** The queries of the heap figure (figure 22). */
  heapQueries(): readonly HeapQuery[];
  /** Runs one query (the Node side samples the heap meanwhile); resolves to its number of hits. */
  queryOnce(query: HeapQuery): Promise<number>;
  /** One full scan for the rare word (its heap, for comparison). */
  scanOnce(): Promise<number>;
  /** Figure 22b: writes 2,000 entries the indexer has not seen; indexes them (the heap sampled meanwhile); removes them. */
  stagePending(): Promise<number>;
  flushPending(): Promise<number>;
  dropPending(): Promise<void>;
  indexSize(): Promise<IndexSize & { disk: DiskUsage | undefined }>;
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

/** The queries of the heap figure: both rare words, the common pair's first page and its fifth by cursor. */
const HEAP_QUERIES = ['rare', 'chinese', 'common', 'common, page 5'] as const;

export type HeapQuery = (typeof HEAP_QUERIES)[number];

const fifthPages = new Map<SearchBench, Promise<string | undefined>>();

/** The cursor of the common pair's fifth page, read once. */
function fifthPage(current: SearchBench): Promise<string | undefined> {
  let cursor = fifthPages.get(current);
  if (!cursor) {
    cursor = (async () => {
      let page = await current.store.search(COMMON_QUERY);
      for (let next = 2; next < 5 && page.nextCursor !== undefined; next += 1) page = await current.store.search(COMMON_QUERY, { cursor: page.nextCursor });
      return page.nextCursor;
    })();
    fifthPages.set(current, cursor);
  }
  return cursor;
}

async function runHeapQuery(current: SearchBench, query: HeapQuery): Promise<number> {
  if (query === 'rare') return (await current.store.search(RARE_WORD)).hits.length;
  if (query === 'chinese') return (await current.store.search(RARE_CHINESE)).hits.length;
  if (query === 'common') return (await current.store.search(COMMON_QUERY)).hits.length;
  const cursor = await fifthPage(current);
  return (await current.store.search(COMMON_QUERY, cursor === undefined ? {} : { cursor })).hits.length;
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
  heapQueries: () => HEAP_QUERIES,
  async queryOnce(query) {
    const current = prepared();
    if (query === 'common, page 5') await fifthPage(current);
    return runHeapQuery(current, query);
  },
  async scanOnce() {
    return (await fullScan(prepared().raw, RARE_WORD)).scanned;
  },
  stagePending: () => stagePending(prepared()),
  async flushPending() {
    const current = prepared();
    await current.deferred.flushSearchIndex();
    return (await current.deferred.searchIndexStatus()).pending;
  },
  async dropPending() {
    const current = prepared();
    await dropPending(current);
    current.markPristine(current.builtBy);
  },
  async indexSize() {
    const current = prepared();
    return { ...(await measureIndexSize(current.raw)), disk: current.disk };
  },
  close() {
    bench?.close();
  },
};
document.body.dataset.ready = 'true';
