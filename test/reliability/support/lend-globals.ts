// idb's `wrap` checks `instanceof IDBRequest`, `IDBDatabase`, … against globals, so a store
// given fake-indexeddb's factory in plain Node needs them (see custom-factory.test.ts). The e2e
// project installs no fake-indexeddb globals; tests lend them for their own duration only.
const IDB_GLOBALS = ['IDBRequest', 'IDBOpenDBRequest', 'IDBDatabase', 'IDBTransaction', 'IDBObjectStore', 'IDBIndex', 'IDBCursor', 'IDBCursorWithValue'];

/** Installs fake-indexeddb's classes as globals; returns the function that restores what was there. */
export function lendIndexedDbGlobals(source: Record<string, unknown>): () => void {
  const global = globalThis as Record<string, unknown>;
  const saved = IDB_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(global, name)] as const);
  for (const name of IDB_GLOBALS) global[name] = source[name];
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor === undefined) delete global[name];
      else Object.defineProperty(global, name, descriptor);
    }
  };
}
