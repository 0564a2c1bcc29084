// putAll: the indexer's bulk puts on the platform's own requests (DESIGN §17.14). Runs in Node
// (fake-indexeddb) and in Chromium, Firefox and WebKit.
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { putAll } from '../../src/store/database/put-all.js';
import type { Transaction } from '../../src/store/database/run-transaction.js';

const opened: Array<IDBPDatabase<unknown>> = [];
let count = 0;

/** A database with one store of out-of-line keys, `searchNames`, whose values' `id` is unique. */
async function database(): Promise<IDBPDatabase<unknown>> {
  const name = `put-all-${Date.now()}-${++count}`;
  const db = await openDB(name, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('searchNames').createIndex('byId', 'id', { unique: true });
    },
  });
  opened.push(db);
  return db;
}

function writable(db: IDBPDatabase<unknown>): Transaction<'readwrite'> {
  return db.transaction(['searchNames'], 'readwrite') as unknown as Transaction<'readwrite'>;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await deleteDB(db.name);
  }
});

describe('putAll', () => {
  it('resolves once every record is stored, in the same transaction', async () => {
    const db = await database();
    const transaction = writable(db);
    const records = Array.from({ length: 500 }, (_, index) => [index, { id: `c${index}` }] as const);
    await putAll(transaction, 'searchNames', records);
    // Still in the transaction that made the requests: the reads see every put.
    expect(await transaction.objectStore('searchNames').count()).toBe(500);
    await transaction.done;
    expect(await db.get('searchNames', 499)).toEqual({ id: 'c499' });
  });

  it('resolves at once for no records', async () => {
    const db = await database();
    const transaction = writable(db);
    await putAll(transaction, 'searchNames', []);
    await transaction.done;
    expect(await db.count('searchNames')).toBe(0);
  });

  it('rejects with the error of a request that fails after it was made, and the transaction stores none', async () => {
    const db = await database();
    const transaction = writable(db);
    // The second record breaks the unique index: its request fails asynchronously (ConstraintError).
    const written = putAll(transaction, 'searchNames', [[1, { id: 'same' }], [2, { id: 'same' }], [3, { id: 'other' }]]);
    await expect(written).rejects.toMatchObject({ name: 'ConstraintError' });
    await expect(transaction.done).rejects.toBeDefined();
    expect(await db.count('searchNames')).toBe(0);
  });

  it('rejects when a record cannot be stored at all (the request is never made)', async () => {
    const db = await database();
    const transaction = writable(db);
    const written = putAll(transaction, 'searchNames', [[1, { id: 'one' }], [2, { id: 'two', call: () => undefined }]]);
    await expect(written).rejects.toMatchObject({ name: 'DataCloneError' });
    transaction.abort();
    await expect(transaction.done).rejects.toBeDefined();
    expect(await db.count('searchNames')).toBe(0);
  });
});
