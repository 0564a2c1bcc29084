// A database dump (test/fixtures/store-*: the raw records a build wrote, gzipped JSON, made by
// scripts/build-v*-fixture.mjs) read back and written into a fresh database of its version, laid
// out as that build left it: what the upgrade tests and the upgrade benchmark open.
import { openDB, type IDBPTransaction } from 'idb';
import { MIGRATIONS } from '../../src/store/database/schema.js';

/** The records of a dump, by object store, and the schema version that wrote them. */
export interface DatabaseDump {
  version: number;
  conversations: unknown[];
  entries: unknown[];
  toolCalls: unknown[];
}

/** Fetches and unzips the dump at `url` (a `?inline` fixture import). */
export async function loadDatabaseDump<Dump extends DatabaseDump>(url: string): Promise<Dump> {
  const response = await fetch(url);
  return new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).json() as Promise<Dump>;
}

/**
 * Writes the dump's records into the database `name` at the dump's version, its schema made by
 * the migrations up to that version (as that build did), in one transaction.
 */
export async function writeDatabaseDump(name: string, dump: DatabaseDump, options: { durability?: IDBTransactionDurability } = {}): Promise<void> {
  const database = await openDB(name, dump.version, {
    upgrade(raw, _old, _new, transaction) {
      for (const migration of MIGRATIONS.filter((step) => step.version <= dump.version)) {
        migration.migrate(raw as never, transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>);
      }
    },
  });
  const transaction = database.transaction(['conversations', 'entries', 'toolCalls'], 'readwrite', options);
  for (const record of dump.conversations) void transaction.objectStore('conversations').put(record);
  for (const record of dump.entries) void transaction.objectStore('entries').put(record);
  for (const record of dump.toolCalls) void transaction.objectStore('toolCalls').put(record);
  await transaction.done;
  database.close();
}
