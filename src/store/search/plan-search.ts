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
 * Postings counted with one bulk read up to here: a query with a word this rare walks it, and
 * nothing more is counted. Bulk reads are fast everywhere; a cursor's skip is fast in browsers
 * (about 2 ms for 4,096 postings in Chromium) but linear per step in fake-indexeddb.
 * @internal
 */
export const RARE_COUNT = 64;

/**
 * Postings counted up to here when every word is common, to walk the least common: with a cursor's
 * skip. A full count is linear in IndexedDB (80 ms per 100,000 postings in Chromium).
 * @internal
 */
export const DENSE_COUNT = 2_048;

/**
 * The terms a query walks, and how many postings they hold: exact below {@link RARE_COUNT},
 * otherwise at least `count` (then `exact` is false).
 * @internal
 */
export interface SearchPlan { terms: string[]; count: number; exact: boolean; range: IDBKeyRange | undefined }

/** A set of postings every hit must be in: the terms that start with `prefix`, or exactly `term`. */
type Source = { kind: 'prefix'; prefix: string } | { kind: 'exact'; term: string };

/**
 * Which index terms a query walks (DESIGN §11): of every word's postings (a prefix word: every term
 * starting with it; a Han, kana or Hangul word: each of its bigrams, all of which a hit contains),
 * the set with the fewest postings whose terms number at most {@link MAX_MERGED_TERMS}; without
 * one, the time posting (every indexed entry). No terms when some word has no posting at all:
 * nothing can match. Counts cost little: up to {@link RARE_COUNT} per word in one bulk read, and
 * up to {@link DENSE_COUNT} by a skip only when every word has more.
 * @internal
 */
export async function planSearch(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[],
): Promise<SearchPlan> {
  const sources = words.flatMap(sourcesOf).map((source) => ({ source, range: rangeOf(keyRange, source), count: 0 }));
  const index = transaction.objectStore('entries').index('byTerm');
  const counts = await Promise.all(sources.map(({ range }) => index.getAllKeys(range, RARE_COUNT)));
  sources.forEach((source, position) => (source.count = counts[position]!.length));
  if (sources.some(({ count }) => count === 0)) return { terms: [], count: 0, exact: true, range: undefined };
  // Only when every word is common does it pay to count further, to walk the least common one.
  if (sources.length > 1 && sources.every(({ count }) => count === RARE_COUNT)) {
    const dense = await Promise.all(sources.map(({ range }) => countUpTo(transaction, range, DENSE_COUNT)));
    sources.forEach((source, position) => (source.count = dense[position]!));
  }
  sources.sort((left, right) => left.count - right.count || (left.source.kind === 'exact' ? -1 : 0) - (right.source.kind === 'exact' ? -1 : 0));
  for (const { source, count, range } of sources) {
    const exact = count < RARE_COUNT;
    if (source.kind === 'exact') return { terms: [source.term], count, exact, range };
    const terms = await termsWithPrefix(transaction, keyRange, source.prefix);
    if (terms !== undefined) return { terms, count, exact, range };
  }
  return { terms: [TIME_TERM], count: RARE_COUNT, exact: false, range: keyRange.bound([TIME_TERM], [TIME_TERM, []]) };
}

/** Whether `range` holds at least `count` postings: a skip with a key cursor, no counting. @internal */
export async function holdsAtLeast(transaction: Transaction<'readonly'>, range: IDBKeyRange, count: number): Promise<boolean> {
  if (count <= 0) return true;
  const cursor = await transaction.objectStore('entries').index('byTerm').openKeyCursor(range);
  return cursor !== null && (count === 1 || (await cursor.advance(count - 1)) !== null);
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

/** The number of postings in `range`, or `cap` when there are at least that many. */
async function countUpTo(transaction: Transaction<'readonly'>, range: IDBKeyRange, cap: number): Promise<number> {
  const index = transaction.objectStore('entries').index('byTerm');
  return (await holdsAtLeast(transaction, range, cap)) ? cap : index.count(range);
}

/**
 * The distinct terms starting with `prefix`, one request each: a key cursor opened just past the
 * previous term. (Not `continue(key)`: Chromium steps over every key it skips, 50 ms past a term
 * of 100,000 postings, where opening a cursor there seeks in under a millisecond.) `undefined`
 * past {@link MAX_MERGED_TERMS}.
 */
async function termsWithPrefix(transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, prefix: string): Promise<string[] | undefined> {
  const index = transaction.objectStore('entries').index('byTerm');
  const end = `${prefix}\uffff`;
  const terms: string[] = [];
  // [term, []] sorts after every key of the term: the next cursor starts at the next term.
  for (let after: IDBValidKey = [prefix]; ;) {
    const cursor = await index.openKeyCursor(keyRange.bound(after, [end], terms.length > 0));
    if (cursor === null) return terms;
    if (terms.length === MAX_MERGED_TERMS) return undefined;
    const term = cursor.key[0];
    terms.push(term);
    after = [term, []];
  }
}
