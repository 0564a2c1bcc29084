import type { Entry } from '../../core/entry.js';
import type { SearchKey } from './schema.js';

/**
 * The term of every entry's time posting: `''` is never a word, so the postings under it list
 * every entry that has indexed text, newest last. Search walks it when every query word is a
 * prefix of too many terms to merge (a one-letter word), where nearly every entry is a hit anyway.
 * @internal
 */
export const TIME_TERM = '';

/** Milliseconds since the epoch of an entry's timestamp (0 for one that does not parse, so its key stays valid). @internal */
export function entryTime(entry: Pick<Entry, 'timestamp'>): number {
  const time = Date.parse(entry.timestamp);
  return Number.isFinite(time) ? time : 0;
}

/**
 * The keys an entry with these index terms stores (DESIGN §11): one `[term, time, seq]` per term,
 * plus the time posting; none without terms. The multiEntry index over them lists each term's
 * entries in time order, so a query walks a term newest first and stops when its page is full.
 * @internal
 */
export function keysOfTerms(entry: Pick<Entry, 'timestamp' | 'seq'>, terms: readonly string[]): SearchKey[] {
  if (terms.length === 0) return [];
  const time = entryTime(entry);
  const keys: SearchKey[] = [[TIME_TERM, time, entry.seq]];
  for (const term of terms) keys.push([term, time, entry.seq]);
  return keys;
}

/** The index terms among stored search keys (without the time posting). @internal */
export function termsOfKeys(keys: readonly SearchKey[] | undefined): string[] {
  if (keys === undefined) return [];
  const terms: string[] = [];
  for (const key of keys) if (key[0] !== TIME_TERM) terms.push(key[0]);
  return terms;
}
