import type { SearchWord } from '../../core/search-query.js';
import type { Transaction } from '../database/run-transaction.js';
import { TIME_TERM } from '../database/search-keys.js';

/**
 * At most this many index terms are merged for one prefix word. A prefix with more (a word of one
 * or two letters) is so common that walking every entry newest first finds hits as fast.
 * @internal
 */
export const MAX_MERGED_TERMS = 32;

/**
 * Postings counted exactly up to here; a set with more is "dense". Counting is linear in
 * IndexedDB (80 ms for 100,000 postings in Chromium), while skipping this many with a cursor is
 * about 2 ms: a common word is never counted, and any common word is as good to walk as another.
 * @internal
 */
export const DENSE_COUNT = 2_048;

/** The terms a query walks, and how many postings they hold ({@link DENSE_COUNT} at most). @internal */
export interface SearchPlan { terms: string[]; count: number }

/** A set of postings every hit must be in: the terms that start with `prefix`, or exactly `term`. */
type Source = { kind: 'prefix'; prefix: string } | { kind: 'exact'; term: string };

/**
 * Which index terms a query walks (DESIGN §11): of every word's postings (a prefix word: every term
 * starting with it; a Han, kana or Hangul word: each of its bigrams, all of which a hit contains),
 * the set with the fewest postings whose terms number at most {@link MAX_MERGED_TERMS}; without
 * one, the time posting (every indexed entry). No terms when some word has no posting at all:
 * nothing can match.
 * @internal
 */
export async function planSearch(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[],
): Promise<SearchPlan> {
  const sources = words.flatMap(sourcesOf);
  const counts = await Promise.all(sources.map((source) => cappedCount(transaction, rangeOf(keyRange, source))));
  if (counts.includes(0)) return { terms: [], count: 0 };
  const order = sources.map((source, position) => ({ source, count: counts[position]! }))
    .sort((left, right) => left.count - right.count || (left.source.kind === 'exact' ? -1 : 0) - (right.source.kind === 'exact' ? -1 : 0));
  for (const { source, count } of order) {
    if (source.kind === 'exact') return { terms: [source.term], count };
    const terms = await termsWithPrefix(transaction, keyRange, source.prefix);
    if (terms !== undefined) return { terms, count };
  }
  return { terms: [TIME_TERM], count: DENSE_COUNT };
}

function sourcesOf(word: SearchWord): Source[] {
  if (word.kind === 'prefix') return [{ kind: 'prefix', prefix: word.term }];
  // One character alone is a prefix of the bigrams that start with it (and of its unigram).
  if (word.terms.length === 1 && [...word.terms[0]!].length === 1) return [{ kind: 'prefix', prefix: word.terms[0]! }];
  return word.terms.map((term) => ({ kind: 'exact', term }));
}

/** The key range of a source's postings. */
function rangeOf(keyRange: typeof IDBKeyRange, source: Source): IDBKeyRange {
  // A term's keys lie between [term] and [term, []]; a prefix's terms below prefix + U+FFFF (no index term holds that noncharacter).
  if (source.kind === 'exact') return keyRange.bound([source.term], [source.term, []]);
  return keyRange.bound([source.prefix], [`${source.prefix}\uffff`]);
}

/** The number of postings in `range`, or {@link DENSE_COUNT} when there are at least that many. */
async function cappedCount(transaction: Transaction<'readonly'>, range: IDBKeyRange): Promise<number> {
  const index = transaction.objectStore('entries').index('byTerm');
  const cursor = await index.openKeyCursor(range);
  if (cursor === null) return 0;
  return (await cursor.advance(DENSE_COUNT)) === null ? index.count(range) : DENSE_COUNT;
}

/** The distinct terms starting with `prefix`, by jumping from term to term; `undefined` past {@link MAX_MERGED_TERMS}. */
async function termsWithPrefix(transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, prefix: string): Promise<string[] | undefined> {
  const index = transaction.objectStore('entries').index('byTerm');
  const terms: string[] = [];
  let cursor = await index.openKeyCursor(rangeOf(keyRange, { kind: 'prefix', prefix }));
  while (cursor !== null) {
    const term = cursor.key[0];
    if (terms.length === MAX_MERGED_TERMS) return undefined;
    terms.push(term);
    cursor = await cursor.continue([term, []] as unknown as typeof cursor.key);
  }
  return terms;
}
