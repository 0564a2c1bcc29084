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

/** The index terms among stored search keys (without the time posting). @internal */
export function termsOfKeys(keys: readonly SearchKey[] | undefined): string[] {
  if (keys === undefined) return [];
  const terms: string[] = [];
  for (const key of keys) if (key[0] !== TIME_TERM) terms.push(key[0]);
  return terms;
}
