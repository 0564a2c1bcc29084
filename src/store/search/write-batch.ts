import { runTransaction, type Transaction } from '../database/run-transaction.js';
import { putAll } from '../database/put-all.js';
import type { ConversationRecord } from '../database/schema.js';
import { listBehind } from '../database/search-indexer.js';
import type { StoreContext } from '../database/store-context.js';
import { writeShards } from './compact-shards.js';
import { packBatch } from './pack-batch.js';
import type { Posting } from './posting-codec.js';
import type { Part } from './read-batch.js';

/**
 * Whether entry `to` is still the one the batch read: a conversation deleted and re-created under
 * the same id between the read and the write starts again at `indexedSeq` 0, and without this the
 * old entries' terms would be written for the new ones, which search would then never find.
 */
async function stillTheOneRead(transaction: Transaction<'readwrite'>, part: Part): Promise<boolean> {
  return (await transaction.objectStore('entries').get([part.id, part.to]))?.id === part.lastId;
}

/**
 * A part's postings, once its conversation is checked to be still where the batch read it (same
 * `indexedSeq`, same entry `to`), with its `indexedSeq` advanced; undefined when another tab
 * indexed it meanwhile or it was deleted (and perhaps re-created) since.
 */
async function writePart(context: StoreContext, transaction: Transaction<'readwrite'>, part: Part): Promise<Posting[] | undefined> {
  const conversations = transaction.objectStore('conversations');
  const names = transaction.objectStore('searchNames');
  // The number is looked up beside the checks (one round trip less a batch); made only once they pass (numbers are never reused).
  const [record, same, known] = await Promise.all([conversations.get(part.id), stillTheOneRead(transaction, part), names.index('byId').getKey(part.id)]);
  if (record === undefined || (record.indexedSeq ?? 0) !== part.from - 1 || !same) return undefined;
  const number = known ?? await names.add({ id: part.id });
  // A record an older build created has no incarnation: it gets one here, read in this transaction
  // (so it names the conversation as it is now), and its later entries can be kept by searches (DESIGN §17.12).
  const next: ConversationRecord = { ...record, indexedSeq: part.to, incarnation: record.incarnation ?? context.indexer.incarnation() };
  if (part.to >= record.lastSeq && next.unindexed !== undefined) {
    delete next.unindexed;
    listBehind(transaction, part.id, false);
  }
  await conversations.put(next);
  return part.terms.map(({ time, seq }): Posting => [time, seq, number]);
}

/**
 * Writes one tokenized batch in one transaction (DESIGN §17.3): checks each conversation, writes
 * the batch's packed postings, merges small shards and advances each `indexedSeq`, so a batch
 * that dies is redone whole. The parts are checked all at once (a round trip per conversation,
 * one after the other, would wait on a tokenizer slice each while the next batch is tokenized).
 * Resolves to the number of entries indexed.
 * @internal
 */
export async function writeBatch(context: StoreContext, parts: Part[]): Promise<number> {
  const stores = ['conversations', 'entries', 'searchSegments', 'searchShards', 'searchNames', 'searchBehind'] as const;
  return runTransaction(context, [...stores], 'readwrite', 'Indexing for search', async (transaction) => {
    const written = await Promise.all(parts.map((part) => writePart(context, transaction, part)));
    const byTerm = new Map<string, Posting[]>();
    let indexed = 0;
    for (const [index, postings] of written.entries()) {
      if (postings === undefined) continue;
      const part = parts[index]!;
      part.terms.forEach(({ terms }, at) => {
        for (const term of terms) {
          const list = byTerm.get(term);
          if (list === undefined) byTerm.set(term, [postings[at]!]);
          else list.push(postings[at]!);
        }
      });
      indexed += part.to - part.from + 1;
    }
    const { segments, shards } = packBatch(byTerm);
    // Not awaited before the shards: their first read queues behind these puts, a round trip less.
    const segmentWrites = putAll(transaction, 'searchSegments', segments);
    segmentWrites.catch(() => undefined);
    // In the same transaction: a search sees the small records or their merge, never both or neither.
    await writeShards(transaction, context.keyRange, shards);
    await segmentWrites;
    return indexed;
  });
}
