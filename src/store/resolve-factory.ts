import { ConvologError } from '../core/error.js';

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
