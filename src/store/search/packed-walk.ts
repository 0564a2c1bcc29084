import { mayHold, shardNames, shardOf, shardPostings, shardWidth, type PackedKey, type ShardRecord } from './pack-batch.js';
import { comparePostings, decodePostings, type Posting } from './posting-codec.js';
import { filterMayHold } from './term-filter.js';

/** The two stores of the packed index, as a query's transaction gives them (idb's object stores fit). @internal */
export interface PackedStore {
  getAllKeys(range: IDBKeyRange): Promise<IDBValidKey[]>;
  get(key: IDBValidKey): Promise<unknown>;
}

/** Which terms a query word takes: every term starting with `prefix` that `accept` takes (a substring word: its exact bigrams). @internal */
export interface WordTerms { prefix: string; accept(term: string): boolean }

interface Source { key: PackedKey; shard: boolean }

/**
 * The most records a walk has asked for ahead of the one it merges. The window starts at one and
 * doubles with each record read: a common word's first page still reads one or two records, while
 * a rare word, whose few postings may be in any record of its prefix, reads them this many at a
 * time instead of one round trip each (200,000 messages: ~50 records of a prefix, DESIGN §17.15).
 * @internal
 */
export const READ_AHEAD = 16;
/**
 * The window a walk of shard records only starts at: its word never had `OWN_SEGMENT_AT` postings
 * in a batch, so a page of it likely spans many records. At 200,000 messages a rare word's walk
 * read ~50 pieces; starting at one, the window's first doublings cost as many round trips (the
 * kept profile, two runs, each pair alternated in one page: 1 → 19.4 ms against 16 → 17.6; 8 →
 * 17.6 against 16 → 18.9; DESIGN §17.17).
 * @internal
 */
export const SHARDS_ONLY_READ_AHEAD = 8;

/** The key range of the records whose name starts with `prefix`. */
function namesStartingWith(keyRange: typeof IDBKeyRange, prefix: string): IDBKeyRange {
  return keyRange.bound([prefix], [`${prefix}\uffff`, []]);
}

const keyPosting = (key: PackedKey): Posting => [key[1], key[2], key[3]];

/**
 * Whether the shard record keyed `key` can hold a term starting with `prefix` (at least as long as
 * `shard`): its name says which piece ({@link mayHold}), and its key's filter, when it has one,
 * which prefixes. At 200,000 messages a rare word's ~50 pieces hold it in ~12 (DESIGN §17.18).
 */
function keyMayHold(key: PackedKey, shard: string, prefix: string): boolean {
  return mayHold(key[0], shard, prefix) && (key[4] === undefined || filterMayHold(key[4], prefix, shard.length));
}

/**
 * The postings of a word's terms, newest first, each once (DESIGN §17.3). Lists the keys of the
 * word's segments and of its shard records (keys only: one request each), then reads the records
 * newest key first, merged one at a time (asked for ahead: {@link READ_AHEAD}): a record's key is its newest posting, so a posting read is
 * given out once no record left unread can hold a newer one. Records of different batches may
 * overlap in time (an import of old history after newer chats), and a batch merged twice (two
 * tabs without Web Locks) repeats postings: both come out merged, once. A common word's first
 * page reads one or two records, never its whole list.
 * @internal
 */
export async function* walkPostings(
  stores: { segments: PackedStore; shards: PackedStore }, keyRange: typeof IDBKeyRange, word: WordTerms,
): AsyncGenerator<Posting> {
  const accept = (term: string): boolean => term.startsWith(word.prefix) && word.accept(term);
  // A prefix as long as a shard's name is in one shard, whose large records are pieces: it reads
  // the one piece of each that can hold it, and of the records its key's filter says may hold it.
  // A shorter prefix is in every shard it starts.
  const shard = shardOf(word.prefix);
  const whole = word.prefix.length >= shardWidth(word.prefix);
  const [segmentKeys, shardKeys] = await Promise.all([
    stores.segments.getAllKeys(namesStartingWith(keyRange, word.prefix)),
    stores.shards.getAllKeys(whole ? shardNames(keyRange, shard) : namesStartingWith(keyRange, word.prefix)),
  ]);
  const sources: Source[] = [
    ...(segmentKeys as PackedKey[]).filter((key) => accept(key[0])).map((key) => ({ key, shard: false })),
    ...(shardKeys as PackedKey[]).filter((key) => !whole || keyMayHold(key, shard, word.prefix)).map((key) => ({ key, shard: true })),
  ].sort((left, right) => comparePostings(keyPosting(right.key), keyPosting(left.key)));
  const read = sourceReader(stores, sources, sources.every((source) => source.shard) ? SHARDS_ONLY_READ_AHEAD : 1);
  let buffer: Posting[] = [];
  let last: Posting | undefined;
  for (let next = 0; next <= sources.length; next++) {
    const bound = next < sources.length ? keyPosting(sources[next]!.key) : undefined;
    // Oldest first in the buffer: pop gives the newest.
    while (buffer.length > 0 && (bound === undefined || comparePostings(buffer[buffer.length - 1]!, bound) > 0)) {
      const posting = buffer.pop()!;
      if (last !== undefined && comparePostings(posting, last) === 0) continue;
      last = posting;
      yield posting;
    }
    if (next === sources.length) break;
    const source = sources[next]!;
    const record = await read(next);
    if (record === undefined) continue;
    const parts = source.shard ? [...shardPostings(record as ShardRecord, accept).values()] : [record as Uint8Array];
    for (const part of parts) buffer = buffer.concat(decodePostings(part));
    buffer.sort(comparePostings);
  }
}

/**
 * Reads source `index`, having asked for the ones after it within a window that starts at
 * `firstWindow` and doubles with each read, up to {@link READ_AHEAD}. Not search/read-ahead.ts's
 * fixed window (a page's hits): a common word's first page is mostly in its first record, and a
 * full window would read 15 it never needs.
 */
function sourceReader(stores: { segments: PackedStore; shards: PackedStore }, sources: readonly Source[], firstWindow: number): (index: number) => Promise<unknown> {
  const asked = new Map<number, Promise<unknown>>();
  let window = firstWindow;
  return (index) => {
    for (let at = index; at < Math.min(sources.length, index + window); at++) {
      if (asked.has(at)) continue;
      const { key, shard } = sources[at]!;
      const request = (shard ? stores.shards : stores.segments).get(key);
      // A walk left early (its page full) or a transaction aborted: reads asked ahead are never awaited.
      request.catch(() => undefined);
      asked.set(at, request);
    }
    window = Math.min(READ_AHEAD, window * 2);
    const request = asked.get(index)!;
    asked.delete(index);
    return request;
  };
}
