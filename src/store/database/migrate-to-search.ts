import type { IDBPDatabase, IDBPTransaction } from 'idb';

/**
 * Schema version 3 (DESIGN §11): 0.2's search index, the multiEntry index `byTerm` over each
 * entry's `search` keys. Created empty: 0.2 gave every existing entry its keys here, but this
 * build always goes on to migration 4 in the same upgrade, which deletes `byTerm` and has the
 * packed index rebuilt from the entries in the background (DESIGN §17). Writing keys here would
 * tokenize and rewrite the whole log only to have them ignored, and make the database bigger:
 * a 0.1 database's upgrade would take as long as indexing it. Entries 0.2 gave keys keep them
 * (search uses them as a first check); these entries go without, like every entry written since.
 * @internal
 */
export function migrateToSearch(
  _database: IDBPDatabase<unknown>, transaction: IDBPTransaction<unknown, string[], 'versionchange'>,
  _keyRange?: typeof IDBKeyRange, done?: () => void,
): void {
  transaction.objectStore('entries').createIndex('byTerm', 'search', { multiEntry: true });
  done?.();
}
