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
  /** Every object store's [key, value] pairs (scripts/old-build.mjs `dumpAllStores`), bytes decoded: written instead of the three above. */
  records?: Record<string, Array<[IDBValidKey, unknown]>>;
}

/** A value of `dumpAllStores` with its `{ $bytes, type }` stand-ins turned back into bytes. */
function decodeBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value === null || typeof value !== 'object') return value;
  const { $bytes, type } = value as { $bytes?: string; type?: string };
  if (typeof $bytes === 'string') {
    const bytes = Uint8Array.from(atob($bytes), (character) => character.charCodeAt(0));
    return type === 'ArrayBuffer' ? bytes.buffer : bytes;
  }
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, decodeBytes(field)]));
}

/** Fetches and unzips the dump at `url` (a `?inline` fixture import). */
export async function loadDatabaseDump<Dump extends DatabaseDump>(url: string): Promise<Dump> {
  const response = await fetch(url);
  const dump = await new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).json() as Dump;
  if (dump.records !== undefined) dump.records = decodeBytes(dump.records) as Dump['records'];
  return dump;
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
  if (dump.records !== undefined) {
    const transaction = database.transaction(Object.keys(dump.records), 'readwrite', options);
    for (const [store, records] of Object.entries(dump.records)) {
      const target = transaction.objectStore(store);
      // In-line keys (conversations, entries…) come with the value; the packed index's are out of line.
      for (const [key, value] of records) void (target.keyPath === null ? target.put(value, key) : target.put(value));
    }
    await transaction.done;
    database.close();
    return;
  }
  const transaction = database.transaction(['conversations', 'entries', 'toolCalls'], 'readwrite', options);
  for (const record of dump.conversations) void transaction.objectStore('conversations').put(record);
  for (const record of dump.entries) void transaction.objectStore('entries').put(record);
  for (const record of dump.toolCalls) void transaction.objectStore('toolCalls').put(record);
  await transaction.done;
  database.close();
}
