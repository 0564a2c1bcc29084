// Figure 23: how much of the database the search index is. IndexedDB does not say how big one
// index is, so this counts logical bytes: every record of every object store as the UTF-8 bytes
// of its key and value in JSON, and every row of every IDB index as its key plus the record's
// primary key (the rows are derived from the records by the index's keyPath, as IndexedDB does,
// multiEntry included). The search index is what the schema gained for search: its object stores,
// its IDB indexes and the record fields those indexes read.
import type { IDBPDatabase } from 'idb';

/** The object stores and IDB indexes the store had before search (schema version 2). */
const BEFORE_SEARCH = new Set(['conversations', 'entries', 'toolCalls', 'conversations.byUpdated', 'entries.byId', 'entries.byLine']);
const BATCH = 1_000;

/** One part of the database and its logical size. */
export interface SizePart {
  /** `store`, `store.index` or `store[field]` (a record field only the search index reads). */
  name: string;
  rows: number;
  bytes: number;
  search: boolean;
}

/** What {@link measureIndexSize} found. */
export interface IndexSize {
  parts: SizePart[];
  totalBytes: number;
  searchBytes: number;
  share: number;
  /** `navigator.storage.estimate()` of the page's origin, for scale (the origin holds this database alone). */
  estimateBytes?: number;
}

const encoder = new TextEncoder();

// Packed postings are bytes (DESIGN §17): a Uint8Array counts as its length, not as JSON's {"0":…}.
const asBytes = (_key: string, value: unknown): unknown => (value instanceof Uint8Array ? '#'.repeat(Math.max(0, value.length - 2)) : value);

function bytesOf(value: unknown): number {
  return encoder.encode(JSON.stringify(value, asBytes) ?? '').length;
}

/** UTF-8 bytes of a string, counted without encoding it (index keys are millions of short strings). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    // Two bytes below U+0800; three for the rest of the BMP; a surrogate pair is four bytes over two units.
    bytes += code < 0x800 ? 1 : code >= 0xd800 && code < 0xdc00 ? 1 : code >= 0xdc00 && code < 0xe000 ? 1 : 2;
  }
  return bytes;
}

/** The same count as {@link bytesOf} for a key (strings, numbers, binary, arrays of them) without JSON.stringify. */
function keyBytes(key: unknown): number {
  if (typeof key === 'string') return utf8Length(key) + 2;
  // A shard record's term filter (DESIGN §17.18): its bytes, which JSON would write as {}.
  if (key instanceof ArrayBuffer || ArrayBuffer.isView(key)) return key.byteLength;
  if (typeof key === 'number') return String(key).length;
  if (Array.isArray(key)) return key.reduce((sum: number, part: unknown) => sum + keyBytes(part), 1 + Math.max(1, key.length));
  return bytesOf(key);
}

function valueAt(record: unknown, keyPath: string | string[]): unknown {
  if (Array.isArray(keyPath)) return keyPath.map((path) => valueAt(record, path));
  let value: unknown = record;
  for (const part of keyPath.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** The index keys a record gives an IDB index: none when the keyPath yields no valid key. */
function indexKeys(record: unknown, keyPath: string | string[], multiEntry: boolean): unknown[] {
  const key = valueAt(record, keyPath);
  if (key === undefined || (Array.isArray(key) && key.some((part) => part === undefined))) return [];
  if (!multiEntry || !Array.isArray(key)) return [key];
  // A multiEntry index keeps one row per distinct element.
  const seen = new Set<string>();
  return key.filter((part: unknown) => {
    const identity = Array.isArray(part) ? part.join('\u0000') : String(part);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

interface IndexShape { name: string; keyPath: string | string[]; multiEntry: boolean; search: boolean }

function part(parts: Map<string, SizePart>, name: string, search: boolean): SizePart {
  let found = parts.get(name);
  if (!found) {
    found = { name, rows: 0, bytes: 0, search };
    parts.set(name, found);
  }
  return found;
}

/** Counts one object store: its records, the fields only search indexes read, and its index rows. */
async function measureStore(database: IDBPDatabase, storeName: string, parts: Map<string, SizePart>): Promise<void> {
  const transaction = database.transaction(storeName);
  const { keyPath } = transaction.store;
  const indexes: IndexShape[] = [...transaction.store.indexNames].map((name) => {
    const index = transaction.store.index(name);
    return { name: `${storeName}.${name}`, keyPath: index.keyPath, multiEntry: index.multiEntry, search: !BEFORE_SEARCH.has(`${storeName}.${name}`) };
  });
  const searchFields = indexes.filter((index) => index.search && typeof index.keyPath === 'string').map((index) => index.keyPath as string);
  await transaction.done;
  const records = part(parts, storeName, !BEFORE_SEARCH.has(storeName));
  let after: IDBValidKey | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const batch = await database.getAll(storeName, range, BATCH);
    // The packed index's stores keep their keys out of line: read them beside the records.
    const keys = keyPath === null ? await database.getAllKeys(storeName, range, BATCH) : undefined;
    for (const [position, record] of batch.entries()) {
      const primaryKey = keys === undefined ? valueAt(record, keyPath ?? []) : keys[position];
      const primaryBytes = keyBytes(primaryKey);
      records.rows += 1;
      records.bytes += primaryBytes + bytesOf(record);
      for (const field of searchFields) {
        const fieldBytes = bytesOf({ [field]: valueAt(record, field) });
        const fieldPart = part(parts, `${storeName}[${field}]`, true);
        fieldPart.rows += 1;
        fieldPart.bytes += fieldBytes;
        records.bytes -= fieldBytes;
      }
      for (const index of indexes) {
        const keys = indexKeys(record, index.keyPath, index.multiEntry);
        const rows = part(parts, index.name, index.search);
        rows.rows += keys.length;
        for (const key of keys) rows.bytes += keyBytes(key) + primaryBytes;
      }
    }
    if (batch.length < BATCH) break;
    after = (keys === undefined ? valueAt(batch[batch.length - 1], keyPath ?? []) : keys[keys.length - 1]) as IDBValidKey;
  }
}

/** The logical size of every part of `database`, and the search index's share of it. */
export async function measureIndexSize(database: IDBPDatabase): Promise<IndexSize> {
  const parts = new Map<string, SizePart>();
  for (const storeName of [...database.objectStoreNames]) await measureStore(database, storeName, parts);
  const list = [...parts.values()];
  const totalBytes = list.reduce((sum, item) => sum + item.bytes, 0);
  const searchBytes = list.filter((item) => item.search).reduce((sum, item) => sum + item.bytes, 0);
  const estimate = await navigator.storage?.estimate?.();
  return { parts: list, totalBytes, searchBytes, share: searchBytes / totalBytes, ...(estimate?.usage === undefined ? {} : { estimateBytes: estimate.usage }) };
}
