// The state the search figures share in one run: the store opened on the generated history (built
// once, or kept from an earlier run with the same size and store code), a second store on the same
// database with indexing switched off, and a raw idb connection for the full scan.
import { openDB, type IDBPDatabase } from 'idb';
import { measure, type MeasureOptions, type SideSummary, type Side } from '../store/measure.js';
import { buildHistory, type BuiltHistory } from './build-history.js';
import type { CorpusSize } from './corpus.js';
import type { BenchSearchStore, SearchStoreModule } from './search-store.js';

/** The search bench's database. */
export const SEARCH_STORE_NAME = 'convolog-search-bench';
/** Where the page remembers which history its kept database holds. */
const BUILT_MARKER = 'convolog-search-bench-built';

/** What the Node side passes to `prepare`. */
export interface SearchBenchOptions extends MeasureOptions {
  size: CorpusSize;
  /** Says which store code built a kept database: a kept database built by other code is rebuilt. */
  fingerprint: string;
}

export class SearchBench {
  readonly #module: SearchStoreModule;
  readonly options: SearchBenchOptions;
  #store?: BenchSearchStore;
  #unindexed?: BenchSearchStore;
  #raw?: IDBPDatabase;

  constructor(module: SearchStoreModule, options: SearchBenchOptions) {
    this.#module = module;
    this.options = options;
  }

  /** The marker a kept database must carry to be reused. */
  get #marker(): string {
    return JSON.stringify({ size: this.options.size, fingerprint: this.options.fingerprint });
  }

  /** Whether the database in this profile already holds this history, built by this store code. */
  get isBuilt(): boolean {
    return localStorage.getItem(BUILT_MARKER) === this.#marker;
  }

  /** Builds the history unless it is already there, then opens the stores the figures use. */
  async open(): Promise<BuiltHistory> {
    let built: BuiltHistory = { ...this.options.size, seconds: 0, reused: true };
    if (!this.isBuilt) {
      localStorage.removeItem(BUILT_MARKER);
      await this.#module.deleteStore({ name: SEARCH_STORE_NAME });
      const relaxed = await this.#module.openStore({ name: SEARCH_STORE_NAME, durability: 'relaxed' });
      try {
        built = await buildHistory(relaxed, this.options.size);
      } finally {
        relaxed.close();
      }
      localStorage.setItem(BUILT_MARKER, this.#marker);
    }
    this.#store = await this.#module.openStore({ name: SEARCH_STORE_NAME, durability: 'strict' });
    this.#unindexed = await this.#module.openUnindexed({ name: SEARCH_STORE_NAME, durability: 'strict' });
    this.#raw = await openDB(SEARCH_STORE_NAME);
    return built;
  }

  /** Forgets that the database holds the pristine history (before a figure that writes to it). */
  markChanged(): void {
    localStorage.removeItem(BUILT_MARKER);
  }

  /** Says the database holds the pristine history again (after that figure removed what it wrote). */
  markPristine(): void {
    localStorage.setItem(BUILT_MARKER, this.#marker);
  }

  get store(): BenchSearchStore {
    if (!this.#store) throw new Error('SearchBench.open() was not called.');
    return this.#store;
  }

  get unindexed(): BenchSearchStore {
    if (!this.#unindexed) throw new Error('SearchBench.open() was not called.');
    return this.#unindexed;
  }

  get raw(): IDBPDatabase {
    if (!this.#raw) throw new Error('SearchBench.open() was not called.');
    return this.#raw;
  }

  measure(...sides: Side[]): Promise<SideSummary[]> {
    return measure(sides, this.options);
  }

  close(): void {
    this.#store?.close();
    this.#unindexed?.close();
    this.#raw?.close();
  }
}
