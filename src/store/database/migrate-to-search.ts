import { unwrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { readEntry } from '../../core/read-entry.js';
import { searchKeysOf } from './search-keys-of.js';

/** Entries read per request: the rest of the pass is writes, which queue without waiting. */
const CHUNK = 1_000;

/**
 * Schema version 3 (DESIGN §11): the search index. Creates the multiEntry index `byTerm` over
 * each entry's `search` keys and gives every existing entry its keys, in one pass in key order,
 * read in chunks of {@link CHUNK} entries (one request each; the writes queue behind it). Runs
 * inside the upgrade transaction after migration 2 has finished: a failure aborts the upgrade
 * and leaves the data as it was, and no database of version 3 lacks a key (search never waits
 * for a backfill). A record that does not parse as an entry stays as it is, unindexed: reads
 * report it as corrupt. Uses the tokenizer of this build: one that indexes differently needs a
 * migration that re-indexes.
 * @internal
 */
export function migrateToSearch(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  keyRange: typeof IDBKeyRange = IDBKeyRange, done?: () => void,
): void {
  const raw = unwrap(transaction) as unknown as IDBTransaction;
  const entries = raw.objectStore('entries');
  entries.createIndex('byTerm', 'search', { multiEntry: true });
  indexChunk(entries, keyRange, undefined, () => done?.());
}

/** Indexes the entries after `afterKey` (all from the start without one), a chunk at a time, then calls `done`. */
function indexChunk(
  entries: IDBObjectStore, keyRange: typeof IDBKeyRange, afterKey: IDBValidKey | undefined, done: () => void,
): void {
  const request = entries.getAll(afterKey === undefined ? undefined : keyRange.lowerBound(afterKey, true), CHUNK);
  request.onsuccess = () => {
    const chunk = request.result as Record<string, unknown>[];
    for (const record of chunk) {
      const parsed = readEntry(record);
      if (parsed.success) entries.put({ ...record, search: searchKeysOf(parsed.data) });
    }
    const last = chunk[chunk.length - 1];
    if (chunk.length < CHUNK || last === undefined) return done();
    indexChunk(entries, keyRange, [last.conversationId, last.seq] as IDBValidKey, done);
  };
}
