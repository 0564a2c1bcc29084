import type { EntryRecord } from './schema.js';
import { searchKeysOf } from './search-keys-of.js';

/**
 * Gives new entries their search keys, so every write stores its part of the index in the same
 * transaction as its entries (DESIGN §11). Switched off (`enabled` false) only by the benchmark
 * that measures what indexing costs an append.
 * @internal
 */
export class SearchIndexer {
  constructor(readonly enabled: boolean) {}

  /** The record with its search keys. */
  withKeys(record: EntryRecord): EntryRecord {
    return this.enabled ? { ...record, search: searchKeysOf(record) } : record;
  }
}
