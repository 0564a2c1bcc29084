// The raw IndexedDB baselines: what the store's work costs with no library around it.
import { openDB, type IDBPDatabase } from 'idb';

/** Durability of a raw write; the same words as the store's option. */
export type RawDurability = 'strict' | 'relaxed' | 'default';

const ENTRIES = 'entries';

/** A database with one object store of entry records keyed by [conversationId, seq]. */
export async function openRawEntries(name: string): Promise<IDBPDatabase> {
  return openDB(name, 1, {
    upgrade(database) {
      database.createObjectStore(ENTRIES, { keyPath: ['conversationId', 'seq'] });
    },
  });
}

/** Writes many records in one relaxed transaction: seeding only, never timed. */
export async function seedRawEntries(database: IDBPDatabase, records: readonly object[]): Promise<void> {
  const transaction = database.transaction(ENTRIES, 'readwrite', { durability: 'relaxed' });
  for (const record of records) void transaction.store.put(record);
  await transaction.done;
}

/** One put of one record in its own transaction, resolved when the transaction commits. */
export async function putInOwnTransaction(database: IDBPDatabase, record: object, durability: RawDurability): Promise<void> {
  const transaction = database.transaction(ENTRIES, 'readwrite', { durability });
  void transaction.store.put(record);
  await transaction.done;
}
