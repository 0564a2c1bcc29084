import { v7 } from 'uuid';
import type { Entry } from '../../core/entry.js';
import type { ChangeChannel } from '../changes/change-channel.js';
import type { HandedTexts } from './handed-texts.js';
import type { Transaction } from './run-transaction.js';
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
  #handed: HandedTexts | undefined;

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
   * the indexer and a search know what is left (DESIGN §17); and its id put in or taken out of
   * `searchBehind` in that transaction when the mark comes or goes (§17.17).
   */
  mark(record: ConversationRecord, transaction: Transaction<'readwrite'>): ConversationRecord {
    if (!this.enabled) return record;
    const behind = (record.indexedSeq ?? 0) < record.lastSeq;
    if (behind === (record.unindexed === 1)) return record;
    listBehind(transaction, record.id, behind);
    if (behind) return { ...record, unindexed: 1 };
    const { unindexed: _unindexed, ...caughtUp } = record;
    return caughtUp;
  }

  /** The texts this tab's committed writes handed to its indexer (DESIGN §17.14); none before the first. */
  get handed(): HandedTexts | undefined {
    return this.#handed;
  }

  /**
   * Once `transaction` commits, hands the searchable texts of `entries`, written in it into
   * `record`, to this tab's indexer, which then indexes them without reading them back (DESIGN
   * §17.14). Nothing if it aborts: an entry that never committed must never be indexed under a
   * seq another write may take. Called by every writer of entries, beside {@link mark}. The
   * keeping code loads with the first write, not with `openStore` (imported statically it cost
   * `openStore` +774 B gzipped up front; this way +140).
   */
  handOff(transaction: { done: Promise<void> }, record: ConversationRecord, entries: readonly Entry[]): void {
    if (!this.enabled || entries.length === 0) return;
    // Whatever fails here (the write, loading the code) leaves those entries to be read back.
    Promise.all([import('./handed-texts.js'), transaction.done])
      .then(([{ HandedTexts }]) => (this.#handed ??= new HandedTexts()).keepEntries(record, entries))
      .catch(() => undefined);
  }

  /** Lets the handed texts follow `changes`: a conversation deleted in any tab, a clear, the store closing. */
  follow(changes: ChangeChannel): void {
    changes.subscribe((change) => this.#handed?.changed(change));
  }
}

/**
 * Puts `id` in `searchBehind` or takes it out, in `transaction` (which must have it in scope). Not
 * awaited: a failed request aborts the transaction, and the writer's commit reports that.
 * @internal
 */
export function listBehind(transaction: Transaction<'readwrite'>, id: string, behind: boolean): void {
  const store = transaction.objectStore('searchBehind');
  (behind ? store.put(1, id) : store.delete(id)).catch(() => undefined);
}
