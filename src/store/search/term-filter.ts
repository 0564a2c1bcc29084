/**
 * Which prefixes of each term a filter holds, by their units past the shard's name: a query word
 * tests its longest prefix of these lengths (DESIGN §17.18). Not just one or two: in the bench's
 * corpus every record of `lo` a query for `lofoten` read held a term starting `lofot`, and 12 of
 * 51 one starting `lofote`. Lengths 1, 2, 4 and 6 held ~320 distinct prefixes in such a record of
 * ~225 terms; every length from 1 to 6, ~590.
 */
const LENGTHS_PAST_SHARD = [1, 2, 4, 6];
/** Bits per prefix held: about 1 % false "maybe" with {@link PROBES} probes. */
const BITS_PER_PREFIX = 10;
const PROBES = 5;
/** A filter's bytes, whatever it holds: a key carries it, so a large record's stays small. */
const LEAST_BYTES = 8;
const MOST_BYTES = 1024;

/** FNV-1a of `text`'s first `length` units: the first of a prefix's two hashes. */
function hashOf(text: string, length: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}

/** The second hash, from the first (murmur3's finalizer): odd, so a prefix's probes `hash + i × step` differ. */
function stepOf(hash: number): number {
  let step = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  step = Math.imul(step ^ (step >>> 13), 0xc2b2ae35);
  return (step ^ (step >>> 16)) | 1;
}

/** Probe `probe` of the prefix of first hash `hash`, in a filter of `bits` bits. */
function bitOf(hash: number, step: number, probe: number, bits: number): number {
  return ((hash + Math.imul(probe, step)) >>> 0) % bits;
}

/**
 * A Bloom filter of the prefixes a query word can test for the terms of one shard record, all of
 * shard `shardLength` units long (DESIGN §17.18): each term's first `shardLength` + 1, 2, 4 and 6
 * units (those it has). A record's key carries it, so a rare word's walk skips,
 * from the keys alone, the records that cannot hold it.
 * @internal
 */
export function termFilter(terms: readonly string[], shardLength: number): Uint8Array<ArrayBuffer> {
  const hashes = new Set<number>();
  for (const term of terms) {
    for (const past of LENGTHS_PAST_SHARD) {
      if (shardLength + past > term.length) break;
      hashes.add(hashOf(term, shardLength + past));
    }
  }
  const filter = new Uint8Array(Math.min(MOST_BYTES, Math.max(LEAST_BYTES, Math.ceil((hashes.size * BITS_PER_PREFIX) / 8))));
  const bits = filter.length * 8;
  for (const hash of hashes) {
    const step = stepOf(hash);
    for (let probe = 0; probe < PROBES; probe++) {
      const bit = bitOf(hash, step, probe, bits);
      filter[bit >>> 3]! |= 1 << (bit & 7);
    }
  }
  return filter;
}

/**
 * Whether a record whose key carries `filter` may hold a term starting with `prefix` (of a shard
 * `shardLength` units long): false only when it certainly holds none. A prefix no longer than the
 * shard's name is in every record of it.
 * @internal
 */
export function filterMayHold(filter: ArrayBuffer | Uint8Array, prefix: string, shardLength: number): boolean {
  if (prefix.length <= shardLength) return true;
  // Read back from a key it is an ArrayBuffer; as written, a Uint8Array.
  const bytes = ArrayBuffer.isView(filter) ? filter : new Uint8Array(filter);
  const bits = bytes.length * 8;
  if (bits === 0) return true;
  let past = LENGTHS_PAST_SHARD[0]!;
  for (const length of LENGTHS_PAST_SHARD) if (shardLength + length <= prefix.length) past = length;
  const hash = hashOf(prefix, shardLength + past);
  const step = stepOf(hash);
  for (let probe = 0; probe < PROBES; probe++) {
    const bit = bitOf(hash, step, probe, bits);
    if ((bytes[bit >>> 3]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}
