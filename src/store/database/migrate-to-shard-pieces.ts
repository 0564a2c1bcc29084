import type { IDBPDatabase, IDBPTransaction } from 'idb';

/**
 * Schema version 6 (DESIGN §17.17): an indexer batch's large shard records are written as pieces,
 * records named after their shard with a mark and two digits, which a query of version 5 would
 * not read (it asks for its shard's own name only) and so would miss hits. No stored record
 * changes: version 5's records are what version 6 reads as whole records. The version exists so
 * that a tab of an earlier build closes (its connection gets `versionchange`) and cannot open the
 * database again, instead of searching an index it half understands.
 * @internal
 */
export function migrateToShardPieces(
  _database: IDBPDatabase<unknown>, _transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  _keyRange?: typeof IDBKeyRange, done?: () => void,
): void {
  done?.();
}
