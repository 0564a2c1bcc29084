// Reads and writes IndexedDB behind the store's back: to count what really is on disk, and to
// plant corrupt records. Opens without a version, so it never upgrades (or blocks) anything.
function openRaw(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
  });
}

export async function countRecords(name: string, storeName: string): Promise<number> {
  const database = await openRaw(name);
  try {
    const request = database.transaction(storeName).objectStore(storeName).count();
    return await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export async function readRecords(name: string, storeName: string, query?: IDBKeyRange): Promise<unknown[]> {
  const database = await openRaw(name);
  try {
    const request = database.transaction(storeName).objectStore(storeName).getAll(query);
    return await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result as unknown[]);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export async function writeRecord(name: string, storeName: string, value: unknown): Promise<void> {
  const database = await openRaw(name);
  try {
    const transaction = database.transaction(storeName, 'readwrite');
    transaction.objectStore(storeName).put(value);
    await done(transaction);
  } finally {
    database.close();
  }
}
