import { v7 } from 'uuid';
import type { ConversationRecord } from './schema.js';

/**
 * Marks what the packed search index does not hold yet, in every write's own transaction (DESIGN
 * §17); the indexer takes it from there. Also hands out the incarnations of created records.
 * Switched off (`enabled` false) only by the benchmark that measures what search costs an append.
 * `beforeWrite`: the tests' pause between a batch's read and its write, where another tab's write
 * lands; `webLocks` false: index as a browser without Web Locks does (tests of two indexers at
 * once); `batchSize`: entries per batch, when not the indexer's own (tests).
 * @internal
 */
export class SearchIndexer {
  constructor(readonly enabled: boolean, readonly beforeWrite?: () => Promise<void>, readonly webLocks = true, readonly batchSize?: number) {}

  /**
   * A fresh {@link ConversationRecord.incarnation}, for every write that creates a record (DESIGN
   * §17.12): random (UUID v7; never the store's `generateId`, which an app or a test may make
   * deterministic, so two tabs could both hand out `id-1`), so no other record, in this tab or
   * another, before or after a delete, ever carries it. Here, on the object every writer already
   * has: as a module of its own, imported by `createConversation` and by the writers loaded on
   * demand, it became a chunk of its own in an app's bundle, `openStore` +119 B gzipped up front
   * instead of +24 (measured).
   */
  incarnation(): string {
    return v7();
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
