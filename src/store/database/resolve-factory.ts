import { ConvologError } from '../../core/error.js';

/**
 * The IndexedDB factory to use: the given one or the global `indexedDB`, read only when called
 * so the module imports anywhere. Missing or refused → `storage_unavailable`.
 * @internal
 */
export function resolveFactory(factory: IDBFactory | undefined): IDBFactory {
  if (factory !== undefined) return factory;
  let global: IDBFactory | undefined;
  try {
    global = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  } catch (error) {
    // Some embedded or privacy modes throw on the mere access.
    throw unavailable(error);
  }
  if (global === undefined || global === null) throw unavailable();
  return global;
}

// idb recognizes IndexedDB objects with `instanceof` against these globals.
const IDB_CLASSES = ['IDBRequest', 'IDBDatabase', 'IDBTransaction', 'IDBObjectStore', 'IDBIndex', 'IDBCursor'] as const;

/**
 * idb (which the store is built on) needs the IndexedDB classes as globals, even with a custom
 * factory. Without them it would fail deep inside the first upgrade with a misleading abort;
 * say what is missing instead.
 * @internal
 */
export function assertIdbGlobals(): void {
  const missing = IDB_CLASSES.filter((name) => typeof (globalThis as Record<string, unknown>)[name] === 'undefined');
  if (missing.length === 0) return;
  throw new ConvologError({
    code: 'storage_unavailable',
    message: `This runtime has no global ${missing.join(', ')}: the store is built on idb, which recognizes IndexedDB objects ` +
      "through those classes even when a custom factory is given. Install them globally (in Node: import 'fake-indexeddb/auto').",
    details: { missing },
  });
}

/** The key range constructor matching the factory. @internal */
export function resolveKeyRange(keyRange: typeof IDBKeyRange | undefined): typeof IDBKeyRange {
  const resolved = keyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange;
  if (resolved === undefined) throw unavailable();
  return resolved;
}

function unavailable(cause?: unknown): ConvologError {
  return new ConvologError({
    code: 'storage_unavailable',
    message: 'IndexedDB is not available here (an old runtime, a server, or a private mode that disables it). ' +
      'Pass `indexedDB` and `IDBKeyRange` to openStore, or keep the conversation in memory and offer an export.',
    ...(cause === undefined ? {} : { cause }),
  });
}
