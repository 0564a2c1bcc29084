import type { PackedKey, ShardRecord } from '../database/schema.js';
import { comparePostings, PostingWriter, type Posting } from './posting-codec.js';
import { termFilter } from './term-filter.js';

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
/**
 * A batch's shard record of this many bytes of postings or more is written as pieces (DESIGN
 * §17.17): a rare word's query reads one piece of each such record, not all of it. At 200,000
 * messages the prefix `lo` held 50 records of ~10.8 KB, and reading all of them was most of a rare
 * word's 21–26 ms; a quarter of the bytes in as many records read in a third of the time.
 * @internal
 */
export const SPLIT_AT = 8192;
/** The bytes of postings a piece aims at: a record of n bytes becomes ⌈n / PIECE_BYTES⌉ pieces, at most {@link MOST_PIECES}. @internal */
export const PIECE_BYTES = 4096;
/** The most pieces one record becomes (one base-36 digit names each). @internal */
export const MOST_PIECES = 16;
/** What follows a shard's name in its pieces' names: no term holds it, and it sorts before every unit a term's next can be. */
const PIECE_MARK = '\u0000';

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

/**
 * The name of piece `index` of `count` of a shard's record: the shard's name, {@link PIECE_MARK},
 * then both numbers as base-36 digits. A piece holds the record's terms whose unit after the
 * shard's name is `index` modulo `count` ({@link pieceOf}). @internal
 */
export function pieceName(shard: string, count: number, index: number): string {
  return `${shard}${PIECE_MARK}${count.toString(36)}${index.toString(36)}`;
}

/** Which of `count` pieces of its shard's record holds `term`: by its unit after the shard's name, the first for a term that has none. @internal */
export function pieceOf(term: string, shardLength: number, count: number): number {
  return shardLength < term.length ? term.charCodeAt(shardLength) % count : 0;
}

/** The range of record names a shard's records use: the shard's own name and its pieces'. @internal */
export function shardNames(keyRange: typeof IDBKeyRange, shard: string): IDBKeyRange {
  return keyRange.bound([shard], [`${shard}${PIECE_MARK}\uffff`, []]);
}

/**
 * Whether the record named `name` (of `shard`, a prefix of `prefix`) can hold a term starting with
 * `prefix`: the shard's own records always; a piece if it holds the unit of `prefix` after the
 * shard's name, or every piece when `prefix` ends with the shard's name.
 * @internal
 */
export function mayHold(name: string, shard: string, prefix: string): boolean {
  if (name === shard) return true;
  if (name.length !== shard.length + 3 || name[shard.length] !== PIECE_MARK || !name.startsWith(shard)) return false;
  if (prefix.length <= shard.length) return true;
  const count = Number.parseInt(name[shard.length + 1]!, 36);
  return pieceOf(prefix, shard.length, count) === Number.parseInt(name[shard.length + 2]!, 36);
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
 * term with {@link OWN_SEGMENT_AT} or more postings, one shard record per prefix for the others,
 * written as pieces when it reaches {@link SPLIT_AT} bytes. Few records per batch is the point:
 * Chromium charges per record written (DESIGN §17.2).
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
  for (const [prefix, terms] of byPrefix) {
    const shard = encodeShard(prefix, terms, writer)!;
    if (shard[1].d.length < SPLIT_AT) batch.shards.push(shard);
    else batch.shards.push(...pieces(prefix, terms, shard[1].d.length, writer));
  }
  return batch;
}

/**
 * A large shard record's terms as ⌈bytes / {@link PIECE_BYTES}⌉ records ({@link pieceOf}), each
 * named by {@link pieceName} and never fresh: compaction merges small records of one name, and a
 * piece, cut from a record of at least {@link SPLIT_AT} bytes, is one of a bounded few.
 */
function pieces(prefix: string, terms: ReadonlyArray<readonly [string, Posting[]]>, bytes: number, writer: PostingWriter): Array<[PackedKey, ShardRecord]> {
  const count = Math.min(MOST_PIECES, Math.ceil(bytes / PIECE_BYTES));
  const byPiece = Array.from({ length: count }, (): Array<readonly [string, Posting[]]> => []);
  for (const term of terms) byPiece[pieceOf(term[0], prefix.length, count)]!.push(term);
  return byPiece.flatMap((held, index) => {
    const piece = encodeShard(pieceName(prefix, count, index), held, writer, false);
    return piece === undefined ? [] : [piece];
  });
}

/**
 * The shard record named `prefix` holding `terms` (each term's postings sorted oldest first, none
 * empty), keyed by its newest posting and the filter of its terms, and marked fresh while small
 * (unless `mayBeFresh` is false: a piece); undefined for no terms.
 * @internal
 */
export function encodeShard(
  prefix: string, terms: Iterable<readonly [string, readonly Posting[]]>, writer = new PostingWriter(), mayBeFresh = true,
): [PackedKey, ShardRecord] | undefined {
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
  const record: ShardRecord = mayBeFresh && data.length < FRESH_BELOW_BYTES ? { t: names, o: offsets, d: data, f: prefix } : { t: names, o: offsets, d: data };
  return [[prefix, ...last, termFilter(names, shardWidth(names[0]!))], record];
}

/** The postings of the terms of a shard record that `accept` takes, oldest first per term. @internal */
export function shardPostings(record: ShardRecord, accept: (term: string) => boolean): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  record.t.forEach((term, index) => {
    if (accept(term)) found.set(term, record.d.subarray(record.o[index], record.o[index + 1] ?? record.d.length));
  });
  return found;
}
