import type { SearchWord } from '../../core/search-query.js';
import { indexTerms } from '../../core/index-terms.js';

/** A title as the filter matches it: folded for search, its index terms computed once when needed. @internal */
export interface MatchableTitle { title: string; folded: string; terms?: string[] }

/**
 * Whether every query word occurs in the folded title: true of every match, and cheap (no
 * segmenter), so it rejects nearly every title before {@link titleMatches} runs.
 * @internal
 */
export function mayMatchTitle(title: MatchableTitle, words: readonly SearchWord[]): boolean {
  return words.every((word) => title.folded.includes(word.kind === 'prefix' ? word.term : word.text));
}

/**
 * Whether a title holds every query word by search's rules (DESIGN §11): a word starts one of the
 * title's index terms (the terms search indexes an entry's text by), a Han, kana or Hangul run
 * occurs in it. The terms, the costly part (the segmenter), are kept on `title` for the next query.
 * @internal
 */
export function titleMatches(title: MatchableTitle, words: readonly SearchWord[]): boolean {
  if (!mayMatchTitle(title, words)) return false;
  if (words.every((word) => word.kind === 'substring')) return true;
  const terms = (title.terms ??= indexTerms(title.title));
  return words.every((word) => word.kind === 'substring' || terms.some((term) => term.startsWith(word.term)));
}
