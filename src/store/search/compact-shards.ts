import type { Transaction } from '../database/run-transaction.js';
import { joinParts, shardPostings, type PackedKey, type ShardRecord } from './pack-batch.js';
import { comparePostings, decodePostings, encodePostings, type Posting } from './posting-codec.js';

/** A prefix's small shard records are merged once this many pile up (DESIGN §17.5). @internal */
export const MERGE_AT = 8;
/**
 * Below this many prefixes a batch counts each prefix's small records (a live chat's message: a
 * few dozen to ~150, as before); from it on, one read of every small record's key (a few
 * thousand) replaces thousands of counts (an import's batch of 2,000 messages touches ~2,000).
 * @internal
 */
export const COUNT_EACH_BELOW = 256;
/** How many prefixes are merged at once (a pool): a round trip per prefix added up; a bound keeps the records held in memory small (each under 4 KB of postings). */
const MERGE_TOGETHER = 64;

type Writable = Transaction<'readwrite'>;
type Shard = [PackedKey, ShardRecord];

/** The conversation numbers that still exist, read once for all of a batch's merges (a request per number and prefix cost more than the merges' writes). */
type LiveNumbers = () => Promise<ReadonlySet<number>>;

function liveNumbersOf(transaction: Writable): LiveNumbers {
  let live: Promise<ReadonlySet<number>> | undefined;
  return () => (live ??= transaction.objectStore('searchNames').getAllKeys().then((numbers) => new Set(numbers)));
}

/** Every term's postings of `records`, oldest first, each once (a batch indexed twice repeats them), only of conversations that still exist. */
async function mergedPostings(records: readonly ShardRecord[], liveNumbers: LiveNumbers): Promise<Map<string, Posting[]>> {
  const byTerm = new Map<string, Posting[]>();
  for (const record of records) {
    for (const [term, data] of shardPostings(record, () => true)) {
      const list = byTerm.get(term);
      if (list === undefined) byTerm.set(term, decodePostings(data));
      else for (const posting of decodePostings(data)) list.push(posting);
    }
  }
  // A deleted conversation's postings point nowhere (its number is never reused): the merge drops them.
  const live = await liveNumbers();
  for (const [term, postings] of byTerm) {
    const kept = postings.filter((posting) => live.has(posting[2])).sort(comparePostings)
      .filter((posting, index, sorted) => index === 0 || comparePostings(sorted[index - 1]!, posting) !== 0);
    if (kept.length === 0) byTerm.delete(term);
    else byTerm.set(term, kept);
  }
  return byTerm;
}

/**
 * Merges the small records of one prefix and the batch's own record of it into one, in memory:
 * the batch's record is never written on its own. Deletes the small records (one range delete
 * when the prefix has no other records, as most prefixes of an import have) and writes the merge
 * under its newest posting.
 */
async function mergePrefix(transaction: Writable, keyRange: typeof IDBKeyRange, [[prefix], batchRecord]: Shard, liveNumbers: LiveNumbers): Promise<void> {
  const shards = transaction.objectStore('searchShards');
  const fresh = shards.index('byFresh');
  const whole = keyRange.bound([prefix], [prefix, []]);
  const [keys, records, all] = await Promise.all([fresh.getAllKeys(prefix), fresh.getAll(prefix), shards.count(whole)]);
  const byTerm = await mergedPostings([...records, batchRecord], liveNumbers);
  let newest: Posting | undefined;
  const terms: string[] = [];
  const parts: Uint8Array[] = [];
  for (const [term, postings] of byTerm) {
    const last = postings[postings.length - 1]!;
    if (newest === undefined || comparePostings(last, newest) > 0) newest = last;
    terms.push(term);
    parts.push(encodePostings(postings));
  }
  if (all === keys.length) await shards.delete(whole);
  else await Promise.all(keys.map((key) => shards.delete(key)));
  // Its key is its newest posting, as for every packed record: the walk relies on it (packed-walk.ts).
  if (newest !== undefined) await shards.put(joinParts(prefix, terms, parts), [prefix, ...newest] as PackedKey);
}

/** How many small records each of `prefixes` has now. */
async function freshCounts(transaction: Writable, prefixes: readonly string[]): Promise<Map<string, number>> {
  const fresh = transaction.objectStore('searchShards').index('byFresh');
  if (prefixes.length < COUNT_EACH_BELOW) return new Map(await Promise.all(prefixes.map(async (prefix) => [prefix, await fresh.count(prefix)] as const)));
  const counts = new Map<string, number>();
  // A shard's key starts with its prefix, so the keys alone give the counts.
  for (const key of await fresh.getAllKeys()) counts.set(key[0], (counts.get(key[0]) ?? 0) + 1);
  return counts;
}

/**
 * Writes a batch's shard records with shard compaction (DESIGN §17.5): a live chat's batches are
 * one message each and write a small record per prefix they touch, so without it the record count
 * grows with every message (Chromium charges per record written and a query reads every record
 * of its prefix). A prefix whose small records would reach {@link MERGE_AT} with the batch's gets
 * one record instead, the batch's postings merged in; it stays small (and is merged again) until
 * it reaches `FRESH_BELOW_BYTES`. So a prefix holds fewer than `MERGE_AT` small records plus
 * records of at least that size: the count is bounded by the index's bytes. Runs in the
 * indexer's write transaction, so a search sees the small records or their merge.
 * @internal
 */
export async function writeShards(transaction: Writable, keyRange: typeof IDBKeyRange, batch: readonly Shard[]): Promise<void> {
  const small = batch.filter(([, record]) => record.f !== undefined);
  const counts = await freshCounts(transaction, small.map(([key]) => key[0]));
  const due = small.filter(([[prefix]]) => (counts.get(prefix) ?? 0) + 1 >= MERGE_AT);
  const merged = new Set(due);
  const shards = transaction.objectStore('searchShards');
  const writes = batch.filter((shard) => !merged.has(shard)).map(([key, value]) => shards.put(value, key));
  // Awaited after the merges: a merge that fails aborts the transaction, and these must not surface as unhandled.
  for (const write of writes) write.catch(() => undefined);
  const liveNumbers = liveNumbersOf(transaction);
  // A pool, not rounds: a round waited for its slowest merge before the next 64 started.
  let next = 0;
  const merger = async (): Promise<void> => {
    while (next < due.length) await mergePrefix(transaction, keyRange, due[next++]!, liveNumbers);
  };
  await Promise.all(Array.from({ length: Math.min(MERGE_TOGETHER, due.length) }, merger));
  await Promise.all(writes);
}
