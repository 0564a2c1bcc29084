import type { Transaction } from '../database/run-transaction.js';
import { joinParts, shardPostings, type PackedKey, type ShardRecord } from './pack-batch.js';
import { comparePostings, decodePostings, encodePostings, type Posting } from './posting-codec.js';

/** A prefix's small shard records are merged once this many pile up (DESIGN §17.5). @internal */
export const MERGE_AT = 8;

type Writable = Transaction<'readwrite'>;

/** Every term's postings of `records`, oldest first, each once (a batch indexed twice repeats them), only of conversations that still exist. */
async function mergedPostings(transaction: Writable, records: readonly ShardRecord[]): Promise<Map<string, Posting[]>> {
  const byTerm = new Map<string, Posting[]>();
  for (const record of records) {
    for (const [term, data] of shardPostings(record, () => true)) {
      const list = byTerm.get(term);
      if (list === undefined) byTerm.set(term, decodePostings(data));
      else for (const posting of decodePostings(data)) list.push(posting);
    }
  }
  // A deleted conversation's postings point nowhere (its number is never reused): the merge drops them.
  const numbers = new Set<number>();
  for (const postings of byTerm.values()) for (const posting of postings) numbers.add(posting[2]);
  const names = transaction.objectStore('searchNames');
  const known = await Promise.all([...numbers].map(async (number) => [number, (await names.getKey(number)) !== undefined] as const));
  const gone = new Set(known.filter(([, exists]) => !exists).map(([number]) => number));
  for (const [term, postings] of byTerm) {
    const kept = postings.filter((posting) => !gone.has(posting[2])).sort(comparePostings)
      .filter((posting, index, sorted) => index === 0 || comparePostings(sorted[index - 1]!, posting) !== 0);
    if (kept.length === 0) byTerm.delete(term);
    else byTerm.set(term, kept);
  }
  return byTerm;
}

/** Merges the small records of one prefix into one: deletes them and writes the merge under its newest posting. */
async function mergePrefix(transaction: Writable, prefix: string): Promise<void> {
  const shards = transaction.objectStore('searchShards');
  const fresh = shards.index('byFresh');
  const [keys, records] = await Promise.all([fresh.getAllKeys(prefix), fresh.getAll(prefix)]);
  const byTerm = await mergedPostings(transaction, records);
  let newest: Posting | undefined;
  const terms: string[] = [];
  const parts: Uint8Array[] = [];
  for (const [term, postings] of byTerm) {
    const last = postings[postings.length - 1]!;
    if (newest === undefined || comparePostings(last, newest) > 0) newest = last;
    terms.push(term);
    parts.push(encodePostings(postings));
  }
  await Promise.all(keys.map((key) => shards.delete(key)));
  // Its key is its newest posting, as for every packed record: the walk relies on it (packed-walk.ts).
  if (newest !== undefined) await shards.put(joinParts(prefix, terms, parts), [prefix, ...newest] as PackedKey);
}

/**
 * Shard compaction (DESIGN §17.5): a live chat's batches are one message each and write a small
 * shard record per prefix they touch, so without it the record count grows with every message
 * (Chromium charges per record written and a query reads every record of its prefix). Once a
 * prefix has {@link MERGE_AT} small records they become one, which stays small (and is merged
 * again) until it reaches `FRESH_BELOW_BYTES`. So a prefix holds fewer than `MERGE_AT` small
 * records plus records of at least that size: the count is bounded by the index's bytes. Runs in
 * the indexer's write transaction, so a search sees the small records or their merge.
 * @internal
 */
export async function compactShards(transaction: Writable, prefixes: readonly string[]): Promise<void> {
  const fresh = transaction.objectStore('searchShards').index('byFresh');
  const counts = await Promise.all(prefixes.map(async (prefix) => [prefix, await fresh.count(prefix)] as const));
  for (const [prefix, count] of counts) if (count >= MERGE_AT) await mergePrefix(transaction, prefix);
}
