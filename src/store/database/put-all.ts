import { unwrap } from 'idb';
import type { Transaction } from './run-transaction.js';
import type { StoreName } from './schema.js';

/**
 * Puts many records into one store of a write transaction and resolves once the last is stored;
 * rejects with the first request's error. The requests are the platform's own, not idb's: idb
 * wraps each in a promise with two listeners, which for the indexer's ~10,000 records per 20,000
 * messages cost ~0.25 s of the main thread (DESIGN §17.14). Requests of one transaction succeed in
 * the order they were made, so the last one's success means every one before it succeeded.
 * @internal
 */
export function putAll<Name extends StoreName>(
  transaction: Transaction<'readwrite'>, name: Name, records: Iterable<readonly [IDBValidKey, unknown]>,
): Promise<void> {
  const store = unwrap(transaction.objectStore(name)) as unknown as IDBObjectStore;
  return new Promise((resolve, reject) => {
    const failed = (event: Event): void => reject((event.target as IDBRequest).error);
    let last: IDBRequest | undefined;
    for (const [key, value] of records) {
      last = store.put(value, key);
      last.onerror = failed;
    }
    if (last === undefined) resolve();
    else last.onsuccess = () => resolve();
  });
}
