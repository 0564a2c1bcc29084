import type { PackedKey, ShardRecord } from '../database/schema.js';
import { comparePostings, PostingWriter, type Posting } from './posting-codec.js';

export type { PackedKey, ShardRecord };

/**
 * A term with at least this many postings in one batch gets a segment of its own (DESIGN §17.2);
 * the others share their prefix's shard record. 64, not 16: in batches of 2,000 entries a
 * threshold of 16 gave 12,034 segments of 19,060 records for 20,000 messages, 64 gives 2,602 of
 * 10,005, and common words (hundreds of postings a batch) keep segments of their own (§17.9).
 * @internal
 */
export const OWN_SEGMENT_AT = 64;
/** A shard record under this many bytes of postings is small ("fresh"): compaction merges it with its prefix's others (DESIGN §17.5). @internal */
export const FRESH_BELOW_BYTES = 4096;
/** The units of a term that name its shard: a prefix query of two or more units reads one shard. @internal */
export const SHARD_PREFIX = 2;

/** What one indexer batch writes (DESIGN §17.3). @internal */
export interface PackedBatch {
  segments: Array<[PackedKey, Uint8Array]>;
  shards: Array<[PackedKey, ShardRecord]>;
}

// Han, kana, Hangul (and their compatibility forms), Thai, Lao, Myanmar, Khmer: indexed as
// bigrams (DESIGN §11), thousands of distinct ones, so two units would make nearly every bigram a
// shard of its own.
const BIGRAM_SCRIPT = /^[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]/;

/** How many units of a term name its shard: one for a CJK (or Thai, Lao, Khmer, Myanmar) bigram, else {@link SHARD_PREFIX}. @internal */
export function shardWidth(term: string): number {
  // Every bigram script starts at U+0E00: most terms need no regular expression.
  return term.charCodeAt(0) >= 0x0e00 && BIGRAM_SCRIPT.test(term) ? 1 : SHARD_PREFIX;
}

/**
 * The shard of a term: its first {@link shardWidth} units. A CJK bigram's first character: a
 * batch of Chinese wrote about 9,300 shard records for 500 messages with two units (17.7).
 * @internal
 */
export function shardOf(term: string): string {
  return term.slice(0, shardWidth(term));
}

function newest(postings: readonly Posting[]): Posting {
  return postings[postings.length - 1]!;
}

/** The postings oldest first: as they are when the batch's entries came in that order (no copy), else a sorted copy. */
function sorted(postings: Posting[]): Posting[] {
  for (let at = 1; at < postings.length; at += 1) {
    if (comparePostings(postings[at - 1]!, postings[at]!) > 0) return [...postings].sort(comparePostings);
  }
  return postings;
}

/**
 * Packs a batch's postings (term → postings, any order) into the records it writes: a segment per
 * term with {@link OWN_SEGMENT_AT} or more postings, one shard record per prefix for the others.
 * Few records per batch is the point: Chromium charges per record written (DESIGN §17.2).
 * @internal
 */
export function packBatch(byTerm: ReadonlyMap<string, Posting[]>): PackedBatch {
  const batch: PackedBatch = { segments: [], shards: [] };
  const byPrefix = new Map<string, Array<[string, Posting[]]>>();
  const writer = new PostingWriter();
  for (const [term, unsorted] of byTerm) {
    if (unsorted.length === 0) continue;
    const postings = sorted(unsorted);
    if (postings.length >= OWN_SEGMENT_AT) {
      writer.reset();
      writer.write(postings);
      batch.segments.push([[term, ...newest(postings)], writer.take()]);
      continue;
    }
    const prefix = shardOf(term);
    const terms = byPrefix.get(prefix);
    if (terms === undefined) byPrefix.set(prefix, [[term, postings]]);
    else terms.push([term, postings]);
  }
  for (const [prefix, terms] of byPrefix) batch.shards.push(encodeShard(prefix, terms, writer)!);
  return batch;
}

/**
 * The shard record of `prefix` holding `terms` (each term's postings sorted oldest first, none
 * empty), keyed by its newest posting and marked fresh while small; undefined for no terms.
 * @internal
 */
export function encodeShard(prefix: string, terms: Iterable<readonly [string, readonly Posting[]]>, writer = new PostingWriter()): [PackedKey, ShardRecord] | undefined {
  writer.reset();
  const names: string[] = [];
  const offsets: number[] = [];
  let last: Posting | undefined;
  for (const [term, postings] of terms) {
    const candidate = newest(postings);
    if (last === undefined || comparePostings(candidate, last) > 0) last = candidate;
    names.push(term);
    offsets.push(writer.length);
    writer.write(postings);
  }
  if (last === undefined) return undefined;
  const data = writer.take();
  const record: ShardRecord = data.length < FRESH_BELOW_BYTES ? { t: names, o: offsets, d: data, f: prefix } : { t: names, o: offsets, d: data };
  return [[prefix, ...last], record];
}

/** The postings of the terms of a shard record that `accept` takes, oldest first per term. @internal */
export function shardPostings(record: ShardRecord, accept: (term: string) => boolean): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  record.t.forEach((term, index) => {
    if (accept(term)) found.set(term, record.d.subarray(record.o[index], record.o[index + 1] ?? record.d.length));
  });
  return found;
}
