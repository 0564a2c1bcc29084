// A fault-injecting IDBFactory: wraps the real one and, when armed, makes the next read-write
// transactions fail at commit with QuotaExceededError, the way Chromium fails them for real:
// every request of the transaction succeeds, then only the transaction's `abort` event fires,
// with `transaction.error` a QuotaExceededError. A store that trusts request successes, or
// waits for `complete` only, is caught lying or hanging.

/** What the factory injected so far. */
export interface InjectedFault { readonly storeNames: string[]; readonly abortedAt: number }

export interface FaultyFactory {
  readonly factory: IDBFactory;
  /** Fail the next `count` read-write transactions at commit. */
  arm(count?: number): void;
  readonly injected: readonly InjectedFault[];
}

const REQUEST_METHODS = ['put', 'add', 'get', 'getAll', 'getAllKeys', 'getKey', 'count', 'delete', 'clear', 'openCursor', 'openKeyCursor'];

export function createFaultyFactory(base: IDBFactory = indexedDB): FaultyFactory {
  let armed = 0;
  const injected: InjectedFault[] = [];

  const instrumentDatabase = (database: IDBDatabase): void => {
    const original = IDBDatabase.prototype.transaction;
    Object.defineProperty(database, 'transaction', {
      configurable: true,
      writable: true,
      value(this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
        const transaction = original.apply(this, args);
        if (armed > 0 && transaction.mode === 'readwrite') {
          armed--;
          failAtCommit(transaction, (fault) => injected.push(fault));
        }
        return transaction;
      },
    });
  };

  const factory = {
    open(name: string, version?: number): IDBOpenDBRequest {
      const request = version === undefined ? base.open(name) : base.open(name, version);
      // Registered before the caller's handlers, so the database is instrumented before anyone uses it.
      request.addEventListener('success', () => instrumentDatabase(request.result));
      return request;
    },
    deleteDatabase: (name: string) => base.deleteDatabase(name),
    cmp: (first: unknown, second: unknown) => base.cmp(first, second),
    databases: () => base.databases(),
  };
  return {
    factory: factory as unknown as IDBFactory,
    arm(count = 1) { armed += count; },
    get injected() { return injected; },
  };
}

/**
 * Keeps the transaction alive with a chain of cheap requests, counts the caller's request
 * activity, and once a full round passes with no activity (the caller has issued and seen
 * everything it wanted: requests run in order) aborts it with a QuotaExceededError.
 */
function failAtCommit(transaction: IDBTransaction, report: (fault: InjectedFault) => void): void {
  let activity = 0;
  const touched = new WeakSet<object>();
  const instrument = <Target extends object>(target: Target): Target => {
    if (touched.has(target)) return target;
    touched.add(target);
    for (const method of REQUEST_METHODS) {
      const original = (target as Record<string, unknown>)[method];
      if (typeof original !== 'function') continue;
      Object.defineProperty(target, method, {
        configurable: true,
        writable: true,
        value(...args: unknown[]) {
          activity++;
          const request = (original as (...inner: unknown[]) => IDBRequest).apply(target, args);
          request.addEventListener('success', () => { activity++; });
          request.addEventListener('error', () => { activity++; });
          return request;
        },
      });
    }
    if (target instanceof IDBObjectStore) {
      const index = IDBObjectStore.prototype.index;
      Object.defineProperty(target, 'index', { configurable: true, writable: true, value: (name: string) => instrument(index.call(target, name)) });
    }
    return target;
  };
  const objectStore = IDBTransaction.prototype.objectStore;
  Object.defineProperty(transaction, 'objectStore', {
    configurable: true, writable: true, value: (name: string) => instrument(objectStore.call(transaction, name)),
  });

  const storeNames = Array.from(transaction.objectStoreNames);
  const probe = objectStore.call(transaction, storeNames[0]!);
  let idleRounds = 0;
  let seen = -1;
  const keepAlive = (): void => {
    const request = IDBObjectStore.prototype.count.call(probe);
    request.onsuccess = () => {
      idleRounds = activity === seen && activity > 0 ? idleRounds + 1 : 0;
      seen = activity;
      if (idleRounds < 2) return keepAlive();
      Object.defineProperty(transaction, 'error', {
        configurable: true,
        get: () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      });
      transaction.abort();
      report({ storeNames, abortedAt: performance.now() });
    };
  };
  keepAlive();
}
