import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';

/**
 * Schema version 6 (DESIGN §17.17), two changes to the packed search index:
 * - **Shard pieces.** An indexer batch's large shard records are written as pieces, records named
 *   after their shard with a mark and two digits, which a query of version 5 would not read (it
 *   asks for its shard's own name only) and so would miss hits. No stored record changes for
 *   them: version 5's records are what version 6 reads as whole records.
 * - **`searchBehind`**: the ids of the conversations the index is behind on, one record each
 *   (value 1), written beside the `unindexed` mark by every write that sets or clears it. A
 *   search read the sparse index `byUnindexed` instead, and in Chromium an index keeps an entry
 *   for every record that ever had the key until an idle sweep removes it: with 2,000
 *   conversations that all had been behind once, reading the empty index took 5–6 ms of every
 *   query, against 0.6 ms for a store whose records are deleted. Filled here from `byUnindexed`.
 *
 * The version also makes a tab of an earlier build close (its connection gets `versionchange`)
 * and never open the database again: it would neither read the pieces nor keep `searchBehind`.
 * @internal
 */
export function migrateToSearchSix(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  _keyRange?: typeof IDBKeyRange, done?: () => void,
): void {
  const raw = unwrap(transaction) as unknown as IDBTransaction;
  const behind = raw.db.createObjectStore('searchBehind');
  const request = raw.objectStore('conversations').index('byUnindexed').openKeyCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (cursor === null) return done?.();
    behind.put(1, cursor.primaryKey);
    cursor.continue();
  };
}
