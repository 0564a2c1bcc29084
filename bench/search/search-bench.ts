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
/** The same history written with indexing switched off, for the on-disk size without the index (figure 23b). */
export const PLAIN_STORE_NAME = 'convolog-search-bench-plain';
/** Where the page remembers which history its kept database holds. */
const BUILT_MARKER = 'convolog-search-bench-built';
/** Where it remembers the on-disk sizes measured when it was built. */
const DISK_MARKER = 'convolog-search-bench-disk';

/** `navigator.storage.estimate()` usage of the origin: before building, after the indexed history, after the plain copy too. */
export interface DiskUsage {
  before: number;
  indexed: number;
  plain: number;
}

/** What the Node side passes to `prepare`. */
export interface SearchBenchOptions extends MeasureOptions {
  size: CorpusSize;
  /** Says which store code built a kept database: a kept database built by other code is rebuilt. */
  fingerprint: string;
  /** How many times figure 19 times the full scan (fewer than the searches: one takes minutes at full size). */
  scanRepetitions: number;
  /** Reuse a kept database of the same size whatever store code built it (the index format must not have changed). */
  reuseAny: boolean;
  /** Also build the history without the index (a second database) to compare sizes on disk. */
  diskShare: boolean;
}

async function usage(settleMilliseconds: number): Promise<number> {
  // LevelDB compacts in the background after a bulk write: let it settle before reading the size.
  await new Promise((resolve) => setTimeout(resolve, settleMilliseconds));
  return (await navigator.storage.estimate()).usage ?? Number.NaN;
}

export class SearchBench {
  readonly #module: SearchStoreModule;
  readonly options: SearchBenchOptions;
  #store?: BenchSearchStore;
  #unindexed?: BenchSearchStore;
  #deferred?: BenchSearchStore;
  #raw?: IDBPDatabase;

  constructor(module: SearchStoreModule, options: SearchBenchOptions) {
    this.#module = module;
    this.options = options;
  }

  /** The marker a kept database must carry to be reused. */
  get #marker(): string {
    return JSON.stringify({ size: this.options.size, fingerprint: this.options.fingerprint });
  }

  /** Whether the database in this profile already holds this history, built by this store code (or any, with `reuseAny`). */
  get isBuilt(): boolean {
    const stored = localStorage.getItem(BUILT_MARKER);
    if (stored === null) return false;
    if (stored === this.#marker) return true;
    const { size } = JSON.parse(stored) as { size: SearchBenchOptions['size'] };
    return this.options.reuseAny && JSON.stringify(size) === JSON.stringify(this.options.size);
  }

  /** The store code that built the database (its fingerprint), if it is built. */
  get builtBy(): string | undefined {
    const stored = localStorage.getItem(BUILT_MARKER);
    return stored === null ? undefined : (JSON.parse(stored) as { fingerprint: string }).fingerprint;
  }

  /** The on-disk sizes measured when the kept database was built, if they were. */
  get disk(): DiskUsage | undefined {
    const stored = localStorage.getItem(DISK_MARKER);
    return stored === null ? undefined : (JSON.parse(stored) as DiskUsage);
  }

  /** Builds the history unless it is already there, then opens the stores the figures use. */
  async open(): Promise<BuiltHistory> {
    let built: BuiltHistory = { ...this.options.size, seconds: 0, reused: true, builtBy: this.builtBy };
    if (!this.isBuilt) built = await this.#build();
    this.#store = await this.#module.openStore({ name: SEARCH_STORE_NAME, durability: 'strict' });
    this.#unindexed = await this.#module.openUnindexed({ name: SEARCH_STORE_NAME, durability: 'strict' });
    this.#deferred = await this.#module.openDeferred({ name: SEARCH_STORE_NAME, durability: 'relaxed' });
    this.#raw = await openDB(SEARCH_STORE_NAME);
    // A roll due at open (the build's segments reach a quarter of its snapshot) reads the whole
    // history on this page's thread: ~56 s at 200,000 messages, which the first figures would
    // otherwise share with it (figure 17: 65 ms instead of 24). Waited for, and reported.
    const rolling = performance.now();
    await Promise.all([this.#store, this.#unindexed, this.#deferred].map((store) => this.#module.journalRolled(store)));
    return { ...built, rollSeconds: Math.round((performance.now() - rolling) / 100) / 10 };
  }

  async #build(): Promise<BuiltHistory> {
    localStorage.removeItem(BUILT_MARKER);
    localStorage.removeItem(DISK_MARKER);
    for (const name of [SEARCH_STORE_NAME, PLAIN_STORE_NAME]) await this.#module.deleteStore({ name });
    const before = await usage(2_000);
    const built = await this.#buildInto(await this.#module.openStore({ name: SEARCH_STORE_NAME, durability: 'relaxed' }));
    if (this.options.diskShare) {
      const indexed = await usage(10_000);
      const plain = await this.#buildInto(await this.#module.openUnindexed({ name: PLAIN_STORE_NAME, durability: 'relaxed' }));
      const disk: DiskUsage = { before, indexed, plain: await usage(10_000) };
      localStorage.setItem(DISK_MARKER, JSON.stringify(disk));
      built.plainSeconds = plain.seconds;
    }
    localStorage.setItem(BUILT_MARKER, this.#marker);
    return { ...built, builtBy: this.options.fingerprint };
  }

  async #buildInto(store: BenchSearchStore): Promise<BuiltHistory> {
    try {
      return await buildHistory(store, this.options.size);
    } finally {
      store.close();
    }
  }

  /** A raw connection to the copy of the history without the index, when figure 23b built one. */
  async openPlain(): Promise<IDBPDatabase | undefined> {
    if (!this.disk) return undefined;
    return openDB(PLAIN_STORE_NAME);
  }

  /** Forgets that the database holds the pristine history (before a figure that writes to it). */
  markChanged(): void {
    localStorage.removeItem(BUILT_MARKER);
  }

  /** Says the database holds the pristine history again (after that figure removed what it wrote), keeping who built it. */
  markPristine(builtBy: string | undefined): void {
    localStorage.setItem(BUILT_MARKER, JSON.stringify({ size: this.options.size, fingerprint: builtBy ?? this.options.fingerprint }));
  }

  get store(): BenchSearchStore {
    if (!this.#store) throw new Error('SearchBench.open() was not called.');
    return this.#store;
  }

  get unindexed(): BenchSearchStore {
    if (!this.#unindexed) throw new Error('SearchBench.open() was not called.');
    return this.#unindexed;
  }

  /** A store on the same database whose writes stay pending until its flushSearchIndex (figures 17c and 22b). */
  get deferred(): BenchSearchStore {
    if (!this.#deferred) throw new Error('SearchBench.open() was not called.');
    return this.#deferred;
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
    this.#deferred?.close();
    this.#raw?.close();
  }
}
