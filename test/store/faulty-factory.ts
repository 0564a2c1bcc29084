// A thin wrapper around the global IDBFactory for fault injection (not a test file itself).
// It hands out the real databases, patched per instance so that an armed write (`add`/`put`)
// fails like a full disk: either the request throws QuotaExceededError at once, or the write
// happens and the transaction then aborts with QuotaExceededError, as Chromium does at commit.

export type FaultMode = 'throw' | 'abort_at_commit';

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

export function faultyFactory(base: IDBFactory = indexedDB): FaultyFactory {
  let writes = 0;
  let failAt: { write: number; mode: FaultMode } | undefined;
  const databases: IDBDatabase[] = [];
  const durabilities: (IDBTransactionDurability | undefined)[] = [];
  const patchedStores = new WeakSet<IDBObjectStore>();

  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  // Like Chromium at commit: the write succeeded, then the transaction aborts with the quota error.
  const abortLater = (request: IDBRequest, transaction: IDBTransaction): void => {
    request.addEventListener('success', () => {
      Object.defineProperty(transaction, 'error', { value: quota(), configurable: true });
      transaction.abort();
    });
  };

  const patchStore = (store: IDBObjectStore, transaction: IDBTransaction): void => {
    if (patchedStores.has(store)) return;
    patchedStores.add(store);
    for (const method of ['add', 'put'] as const) {
      const original = store[method];
      Object.defineProperty(store, method, {
        configurable: true,
        value(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
          writes++;
          const armed = failAt?.write === writes ? failAt.mode : undefined;
          if (armed !== undefined) failAt = undefined;
          if (armed === 'throw') throw quota();
          const request = original.apply(store, args);
          if (armed === 'abort_at_commit') abortLater(request, transaction);
          return request;
        },
      });
    }
  };

  const patchDatabase = (database: IDBDatabase): void => {
    databases.push(database);
    const transaction = database.transaction;
    Object.defineProperty(database, 'transaction', {
      configurable: true,
      value(...args: Parameters<IDBDatabase['transaction']>) {
        durabilities.push(args[2]?.durability);
        const created = transaction.apply(database, args);
        const objectStore = created.objectStore;
        Object.defineProperty(created, 'objectStore', {
          configurable: true,
          value(name: string) {
            const store = objectStore.call(created, name);
            patchStore(store, created);
            return store;
          },
        });
        return created;
      },
    });
  };

  const factory = new Proxy(base, {
    get(target, property) {
      if (property === 'open') {
        return (name: string, version?: number) => {
          const request = version === undefined ? target.open(name) : target.open(name, version);
          // Registered before the store's own handler, so the database is patched before first use.
          request.addEventListener('success', () => patchDatabase(request.result));
          return request;
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    factory,
    databases,
    durabilities,
    failWrite(nth, mode) {
      failAt = { write: writes + nth, mode };
    },
    get writes() {
      return writes;
    },
  };
}
