import type { ConversationRecord, EntryRecord } from './schema.js';
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

  /**
   * The conversation record as a write stores it: marked `unindexed` while it has entries the
   * packed index does not hold yet (`indexedSeq < lastSeq`), in the write's own transaction, so
   * the indexer and a search know what is left (DESIGN §17).
   */
  mark(record: ConversationRecord): ConversationRecord {
    if (!this.enabled) return record;
    const behind = (record.indexedSeq ?? 0) < record.lastSeq;
    if (behind) return record.unindexed === 1 ? record : { ...record, unindexed: 1 };
    if (record.unindexed === undefined) return record;
    const { unindexed: _unindexed, ...caughtUp } = record;
    return caughtUp;
  }
}
