import { v7 } from 'uuid';
import { ChangeChannel } from './changes/change-channel.js';
import { Connection } from './database/connection.js';
import type { ConvologStore } from './convolog-store.js';
import { createStoreApi } from './create-store-api.js';
import { openDatabase } from './database/open-database.js';
import { DEFAULT_STORE_NAME, type OpenStoreOptions } from './open-store-options.js';
import { assertIdbGlobals, resolveFactory, resolveKeyRange } from './database/resolve-factory.js';
import type { StoreContext } from './database/store-context.js';
import { SearchIndexer } from './database/search-indexer.js';
import { scheduleSearchIndexing } from './search/index-scheduler.js';

const DURABILITIES: readonly IDBTransactionDurability[] = ['strict', 'relaxed', 'default'];

/**
 * Opens (creating or upgrading) the conversation store in IndexedDB.
 *
 * Throws `storage_unavailable` (no IndexedDB, or refused), `database_too_new` (written by a newer
 * build), `blocked` (another tab blocks the upgrade and `signal` aborted).
 *
 * @example
 * const store = await openStore()
 * const { id } = await store.createConversation({ title: 'Trip to Oslo' })
 * await store.append(id, [user('What should I pack?')])
 * const reply = await callModel(await store.context(id))
 */
export function openStore(options: OpenStoreOptions = {}): Promise<ConvologStore> {
  return openStoreWith(options, {});
}

/** What only the library's own benchmarks may change about a store. @internal */
export interface InternalStoreOptions {
  /** `false`: writes store no search keys (to measure what indexing costs an append). Default `true`. */
  searchIndex?: boolean;
  /** `false`: the search indexer runs only on `flushSearchIndex` (tests that count what is pending). Default `true`. */
  backgroundIndexing?: boolean;
}

/** {@link openStore} with {@link InternalStoreOptions}; not exported from the package. @internal */
export async function openStoreWith(options: OpenStoreOptions, internal: InternalStoreOptions): Promise<ConvologStore> {
  const name = options.name ?? DEFAULT_STORE_NAME;
  const durability = options.durability ?? 'strict';
  if (!DURABILITIES.includes(durability)) {
    // A typo in the options is the caller's bug, not a storage failure.
    throw new TypeError(`openStore: unknown durability "${String(durability)}": use 'strict', 'relaxed' or 'default'.`);
  }
  const factory = resolveFactory(options.indexedDB);
  const keyRange = resolveKeyRange(options.IDBKeyRange);
  assertIdbGlobals();
  const open = (signal?: AbortSignal) => openDatabase({
    name, factory, keyRange, ...(signal === undefined ? {} : { signal }), ...(options.onBlocked === undefined ? {} : { onBlocked: options.onBlocked }),
  });
  const indexer = new SearchIndexer(internal.searchIndex ?? true);
  const database = await open(options.signal);
  const changes = new ChangeChannel(name);
  const connection = new Connection(() => open(), (reason) => changes.closed(reason));
  connection.adopt(database);
  const context: StoreContext = {
    name, connection, changes, durability, keyRange,
    now: options.now ?? (() => new Date()),
    generateId: options.generateId ?? v7,
    indexer,
  };
  // The search indexer runs in the background after writes settle (DESIGN §17); off with indexing off (the benchmark's baseline).
  if (indexer.enabled && internal.backgroundIndexing !== false) scheduleSearchIndexing(context);
  return createStoreApi(context);
}
