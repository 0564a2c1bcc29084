// The slice of the store the search figures use (DESIGN §6 and §11), loaded lazily so the page
// still reports why when the store or its search is not there yet.
import type { Message } from '../../src/core/index.js';

/** One hit of `store.search` (DESIGN §11). */
export interface BenchSearchHit {
  conversationId: string;
  entryId: string;
  seq: number;
  timestamp: string;
  role: string;
  snippet: string;
  highlights: Array<[number, number]>;
}

export interface BenchSearchStore {
  createConversation(input: { id?: string; title?: string }): Promise<{ id: string }>;
  append(id: string, messages: readonly Message[]): Promise<unknown>;
  deleteConversation(id: string): Promise<unknown>;
  search(query: string, options?: { conversationId?: string; limit?: number; cursor?: string }): Promise<{ hits: BenchSearchHit[]; nextCursor?: string }>;
  /** The packed index (DESIGN §17): index everything pending; how much is pending. */
  flushSearchIndex(): Promise<void>;
  searchIndexStatus(): Promise<{ pending: number }>;
  close(): void;
}

type Durability = 'strict' | 'relaxed';

export interface SearchStoreModule {
  openStore(options: { name: string; durability: Durability }): Promise<BenchSearchStore>;
  deleteStore(options: { name: string }): Promise<void>;
  /** A store of the same database whose writes skip the search index (the bench-only switch). */
  openUnindexed(options: { name: string; durability: Durability }): Promise<BenchSearchStore>;
  /** A store of the same database whose indexer runs only on flushSearchIndex (entries stay pending). */
  openDeferred(options: { name: string; durability: Durability }): Promise<BenchSearchStore>;
  /** Settles when no roll of the store's journal runs (DESIGN §21): a roll reads the whole database on the page's thread. */
  journalRolled(store: BenchSearchStore): Promise<void>;
}

/** The store module with search, or the reason it cannot be used yet. */
export async function loadSearchStore(): Promise<{ module: SearchStoreModule } | { missing: string }> {
  try {
    const loaded: Record<string, unknown> = await import('../../src/store/index.js');
    if (typeof loaded.openStore !== 'function' || typeof loaded.deleteStore !== 'function') {
      return { missing: 'src/store/index.ts does not export openStore and deleteStore' };
    }
    const openStore = loaded.openStore as SearchStoreModule['openStore'];
    const probe = await openStore({ name: 'convolog-search-probe', durability: 'relaxed' });
    const hasSearch = typeof probe.search === 'function';
    probe.close();
    await (loaded.deleteStore as SearchStoreModule['deleteStore'])({ name: 'convolog-search-probe' });
    if (!hasSearch) return { missing: 'the store has no search() yet (branch search-store not merged)' };
    const internal: Record<string, unknown> = await import('../../src/store/open-store.js');
    if (typeof internal.openStoreWith !== 'function') return { missing: 'the store has no internal switch to turn indexing off (openStoreWith)' };
    const openStoreWith = internal.openStoreWith as (options: object, internalOptions: { searchIndex?: boolean; backgroundIndexing?: boolean }) => Promise<BenchSearchStore>;
    const { STORE_JOURNALS } = await import('../../src/store/create-store-api.js');
    return {
      module: {
        openStore, deleteStore: loaded.deleteStore as SearchStoreModule['deleteStore'],
        openUnindexed: (options) => openStoreWith(options, { searchIndex: false }),
        openDeferred: (options) => openStoreWith(options, { backgroundIndexing: false }),
        journalRolled: async (store) => STORE_JOURNALS.get(store as unknown as Parameters<typeof STORE_JOURNALS.get>[0])?.rolled(),
      },
    };
  } catch (error) {
    return { missing: `src/store/index.ts failed to load: ${String(error)}` };
  }
}
