import type { ConversationRecord } from './schema.js';

/**
 * Marks what the packed search index does not hold yet, in every write's own transaction (DESIGN
 * §17); the indexer takes it from there. Switched off (`enabled` false) only by the benchmark that
 * measures what search costs an append. `beforeWrite`: the tests' pause between a batch's read and
 * its write, where another tab's write lands; `webLocks` false: index as a browser without Web
 * Locks does (tests of two indexers at once); `batchSize`: entries per batch, when not the
 * indexer's own (tests).
 * @internal
 */
export class SearchIndexer {
  constructor(readonly enabled: boolean, readonly beforeWrite?: () => Promise<void>, readonly webLocks = true, readonly batchSize?: number) {}

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
