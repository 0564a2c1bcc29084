// A thin wrapper around the global IDBFactory for fault injection (not a test file itself).
// It hands out the real databases, patched per instance so that an armed write (`add`/`put`)
// fails like a full disk: either the request throws QuotaExceededError at once, or the write
// happens and the transaction then aborts with QuotaExceededError, as Chromium does at commit.
import { wrapFactory } from './wrap-factory.js';

/** How an armed write fails: at once, or (like Chromium) when its transaction commits. */
export type FaultMode = 'throw' | 'abort_at_commit';

/** The wrapped factory, what went through it, and the trigger for the next fault. */
export interface FaultyFactory {
  factory: IDBFactory;
  /** The raw databases opened through the factory. */
  databases: IDBDatabase[];
  /** Makes the `nth` write from now (1 = the next one) fail. */
  failWrite(nth: number, mode: FaultMode): void;
  /** How many writes have gone through since creation. */
  readonly writes: number;
  /** The durability each transaction was opened with, in order (`undefined` when none was given). */
  durabilities: (IDBTransactionDurability | undefined)[];
}

interface FaultState {
  writes: number;
  failAt: { write: number; mode: FaultMode } | undefined;
  databases: IDBDatabase[];
  durabilities: (IDBTransactionDurability | undefined)[];
  patchedStores: WeakSet<IDBObjectStore>;
}

/** Wraps `base` (the global `indexedDB` by default) so that tests can make its writes fail. */
export function faultyFactory(base: IDBFactory = indexedDB): FaultyFactory {
  const state: FaultState = { writes: 0, failAt: undefined, databases: [], durabilities: [], patchedStores: new WeakSet() };
  const factory = wrapFactory(base, (name, version) => {
    const request = version === undefined ? base.open(name) : base.open(name, version);
    // Registered before the store's own handler, so the database is patched before first use.
    request.addEventListener('success', () => patchDatabase(state, request.result));
    return request;
  });
  return {
    factory,
    databases: state.databases,
    durabilities: state.durabilities,
    failWrite(nth, mode) {
      state.failAt = { write: state.writes + nth, mode };
    },
    get writes() {
      return state.writes;
    },
  };
}

function quotaError(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

function patchDatabase(state: FaultState, database: IDBDatabase): void {
  state.databases.push(database);
  const transaction = database.transaction;
  Object.defineProperty(database, 'transaction', {
    configurable: true,
    value(...args: Parameters<IDBDatabase['transaction']>) {
      state.durabilities.push(args[2]?.durability);
      const created = transaction.apply(database, args);
      const objectStore = created.objectStore;
      Object.defineProperty(created, 'objectStore', {
        configurable: true,
        value(name: string) {
          const store = objectStore.call(created, name);
          patchStore(state, store, created);
          return store;
        },
      });
      return created;
    },
  });
}

function patchStore(state: FaultState, store: IDBObjectStore, transaction: IDBTransaction): void {
  if (state.patchedStores.has(store)) return;
  state.patchedStores.add(store);
  for (const method of ['add', 'put'] as const) {
    const original = store[method];
    Object.defineProperty(store, method, {
      configurable: true,
      value(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        state.writes++;
        const armed = state.failAt?.write === state.writes ? state.failAt.mode : undefined;
        if (armed !== undefined) state.failAt = undefined;
        if (armed === 'throw') throw quotaError();
        const request = original.apply(store, args);
        if (armed === 'abort_at_commit') abortAtCommit(request, transaction);
        return request;
      },
    });
  }
}

// Like Chromium at commit: the write succeeded, then the transaction aborts with the quota error.
function abortAtCommit(request: IDBRequest, transaction: IDBTransaction): void {
  request.addEventListener('success', () => {
    Object.defineProperty(transaction, 'error', { value: quotaError(), configurable: true });
    transaction.abort();
  });
}
