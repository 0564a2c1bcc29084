import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';

/**
 * Schema version 4 (DESIGN §17): deferred, packed search postings. Creates the packed index's
 * stores and the sparse index `byUnindexed` over conversations, and marks every conversation with
 * entries unindexed from seq 0: one put per conversation, so the upgrade is short whatever the log
 * holds; the indexer rebuilds in the background, a batch per transaction, each advancing the
 * conversation's `indexedSeq`, so a tab closed mid-rebuild resumes where it stopped.
 * @internal
 */
export function migrateToPackedSearch(
  database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  _keyRange?: typeof IDBKeyRange, done?: () => void,
): void {
  const raw = unwrap(transaction) as unknown as IDBTransaction;
  database.createObjectStore('searchSegments');
  // Small shard records carry their prefix in `f` until compaction merges them (DESIGN §17.5).
  database.createObjectStore('searchShards').createIndex('byFresh', 'f');
  // A key generator never hands out a number twice, even after a delete or a clear.
  database.createObjectStore('searchNames', { autoIncrement: true }).createIndex('byId', 'id', { unique: true });
  // 0.2's index goes; the `search` keys stay in the old records (reads strip them) until rewritten.
  raw.objectStore('entries').deleteIndex('byTerm');
  const conversations = raw.objectStore('conversations');
  conversations.createIndex('byUnindexed', 'unindexed');
  const request = conversations.openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (cursor === null) return done?.();
    const record = cursor.value as { lastSeq?: unknown };
    if (typeof record.lastSeq === 'number' && record.lastSeq > 0) cursor.update({ ...record, indexedSeq: 0, unindexed: 1 });
    cursor.continue();
  };
}
