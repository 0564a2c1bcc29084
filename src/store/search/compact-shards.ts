import { putAll } from '../database/put-all.js';
import type { Transaction } from '../database/run-transaction.js';
import { encodeShard, shardPostings, type PackedKey, type ShardRecord } from './pack-batch.js';
import { comparePostings, decodePostings, type Posting } from './posting-codec.js';

/** A prefix's small shard records are merged once this many pile up (DESIGN §17.5). @internal */
export const MERGE_AT = 8;
/**
 * Below this many prefixes a batch counts each prefix's small records (a live chat's message: a
 * few dozen to ~150, as before); from it on, one read of every small record's key (a few
 * thousand) replaces thousands of counts (an import's batch of 2,000 messages touches ~2,000).
 * @internal
 */
export const COUNT_EACH_BELOW = 256;
/**
 * The most small records one read of a merge fetches: the due prefixes next to each other in key
 * order are read together (an import's batch merges ~700 prefixes at once, and three requests a
 * prefix cost more than the merges' own work, §17.9), each record under 4 KB.
 */
const READ_TOGETHER = 256;
/** How many such reads (with their merges) are in flight at once: bounds the records held in memory. */
const READS_IN_FLIGHT = 4;

type Writable = Transaction<'readwrite'>;
type Shard = [PackedKey, ShardRecord];

/** The conversation numbers that still exist, read once for all of a batch's merges (a request per number and prefix cost more than the merges' writes). */
type LiveNumbers = () => Promise<ReadonlySet<number>>;

function liveNumbersOf(transaction: Writable): LiveNumbers {
  let live: Promise<ReadonlySet<number>> | undefined;
  return () => (live ??= transaction.objectStore('searchNames').getAllKeys().then((numbers) => new Set(numbers)));
}

/** Every term's postings of `records`, oldest first, each once (a batch indexed twice repeats them), only of conversations that still exist. */
function mergedPostings(records: readonly ShardRecord[], live: ReadonlySet<number>): Map<string, Posting[]> {
  const byTerm = new Map<string, Posting[]>();
  for (const record of records) {
    for (const [term, data] of shardPostings(record, () => true)) {
      const list = byTerm.get(term);
      if (list === undefined) byTerm.set(term, decodePostings(data));
      else for (const posting of decodePostings(data)) list.push(posting);
    }
  }
  // A deleted conversation's postings point nowhere (its number is never reused): the merge drops them.
  for (const [term, postings] of byTerm) {
    const kept = postings.filter((posting) => live.has(posting[2])).sort(comparePostings)
      .filter((posting, index, sorted) => index === 0 || comparePostings(sorted[index - 1]!, posting) !== 0);
    if (kept.length === 0) byTerm.delete(term);
    else byTerm.set(term, kept);
  }
  return byTerm;
}

/** The small records' keys of each prefix, in key order: all of them (an import's batch), or those of `prefixes` alone (one read each). */
async function freshKeys(transaction: Writable, prefixes: readonly string[]): Promise<Map<string, PackedKey[]>> {
  const fresh = transaction.objectStore('searchShards').index('byFresh');
  // A shard's key starts with its prefix, so the keys alone give the prefixes.
  const keys = prefixes.length < COUNT_EACH_BELOW
    ? (await Promise.all(prefixes.map((prefix) => fresh.getAllKeys(prefix)))).flat()
    : await fresh.getAllKeys();
  const byPrefix = new Map<string, PackedKey[]>();
  for (const key of keys) {
    const list = byPrefix.get(key[0]);
    if (list === undefined) byPrefix.set(key[0], [key]);
    else list.push(key);
  }
  return byPrefix;
}

/** Due prefixes that share one read: a range of the `byFresh` index, and every small record in it. */
interface MergeRead { prefixes: string[]; records: number }

/**
 * Groups the due prefixes into reads of at most {@link READ_TOGETHER} small records, each a key
 * range from its first to its last prefix (the small records of prefixes between them that are not
 * due count too: the range reads them). Without every prefix's keys (a live chat's batch), one read
 * a prefix: what lies between two due prefixes is not known.
 */
function mergeReads(keys: ReadonlyMap<string, PackedKey[]>, due: { has(prefix: string): boolean }, allKnown: boolean): MergeRead[] {
  const reads: MergeRead[] = [];
  let current: MergeRead | undefined;
  let between = 0;
  // The map is in the index's key order (keys were read in it, or the prefixes' reads were).
  for (const [prefix, list] of keys) {
    if (!due.has(prefix)) {
      between += list.length;
      continue;
    }
    if (allKnown && current !== undefined && current.records + between + list.length <= READ_TOGETHER) {
      current.prefixes.push(prefix);
      current.records += between + list.length;
    } else {
      reads.push((current = { prefixes: [prefix], records: list.length }));
    }
    between = 0;
  }
  return reads;
}

/**
 * Merges the small records of each prefix of `read` and the batch's own record of it into one, in
 * memory: the batch's record is never written on its own. Two requests read them all (the small
 * records, and every key of the range, which tells whether a prefix holds large records too); per
 * prefix the small records go with one range delete when the prefix has no other records (as most
 * of an import's have), and the merge is put under its newest posting.
 */
async function mergeRead(transaction: Writable, keyRange: typeof IDBKeyRange, read: MergeRead, context: MergeContext): Promise<void> {
  const shards = transaction.objectStore('searchShards');
  const first = read.prefixes[0]!;
  const last = read.prefixes[read.prefixes.length - 1]!;
  const [records, allKeys, live] = await Promise.all([
    shards.index('byFresh').getAll(keyRange.bound(first, last)),
    shards.getAllKeys(keyRange.bound([first], [last, []])),
    context.liveNumbers(),
  ]);
  const byPrefix = new Map<string, ShardRecord[]>(read.prefixes.map((prefix) => [prefix, []]));
  for (const record of records) byPrefix.get(record.f!)?.push(record);
  const stored = new Map<string, number>();
  for (const key of allKeys) stored.set(key[0], (stored.get(key[0]) ?? 0) + 1);
  const writes: Promise<unknown>[] = [];
  for (const [prefix, small] of byPrefix) {
    const keys = context.keys.get(prefix)!;
    const merged = encodeShard(prefix, mergedPostings([...small, context.batch.get(prefix)!], live));
    if (stored.get(prefix) === keys.length) writes.push(shards.delete(keyRange.bound([prefix], [prefix, []])));
    else for (const key of keys) writes.push(shards.delete(key));
    // Its key is its newest posting, as for every packed record: the walk relies on it (packed-walk.ts).
    if (merged !== undefined) writes.push(shards.put(merged[1], merged[0]));
  }
  await writes;
}

/** What every merge of a batch shares. */
interface MergeContext { keys: ReadonlyMap<string, PackedKey[]>; batch: ReadonlyMap<string, ShardRecord>; liveNumbers: LiveNumbers }

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
  const keys = await freshKeys(transaction, small.map(([key]) => key[0]));
  const due = small.filter(([[prefix]]) => (keys.get(prefix)?.length ?? 0) + 1 >= MERGE_AT);
  const merged = new Set(due);
  const writes = putAll(transaction, 'searchShards', batch.filter((shard) => !merged.has(shard)));
  // Awaited after the merges: a merge that fails aborts the transaction, and these must not surface as unhandled.
  writes.catch(() => undefined);
  const context: MergeContext = { keys, batch: new Map(due.map(([[prefix], record]) => [prefix, record])), liveNumbers: liveNumbersOf(transaction) };
  const reads = mergeReads(keys, context.batch, small.length >= COUNT_EACH_BELOW);
  // A pool: each read's records are held only until its merges are issued.
  let next = 0;
  const merger = async (): Promise<void> => {
    while (next < reads.length) await mergeRead(transaction, keyRange, reads[next++]!, context);
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, reads.length) }, merger));
  await writes;
}
