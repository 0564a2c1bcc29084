import { normalizeForSearch } from './search-normalize.js';

/** The most index terms one entry gets; the first ones in the text win. @internal */
export const MAX_TERMS_PER_ENTRY = 1000;
/** The most UTF-16 units of a word that the index keeps; longer words are cut. @internal */
export const MAX_TERM_LENGTH = 32;

// Han, kana and Hangul: no spaces between words, so these runs are searched as substrings.
const RUN_SPLIT = /([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30fc]+)/u;
// Where Intl.Segmenter is missing: letters, digits, marks (Devanagari matras) and `_`.
const WORD = /[\p{L}\p{N}\p{M}\p{Pc}]+/gu;

let segmenter: Intl.Segmenter | null | undefined;

function* wordLike(text: string): Generator<{ segment: string; index: number }> {
  // A fixed locale: the terms are stored, so they must not change with the user's language.
  segmenter ??= typeof Intl === 'object' && Intl.Segmenter ? new Intl.Segmenter('en', { granularity: 'word' }) : null;
  if (segmenter === null) {
    for (const match of text.matchAll(WORD)) yield { segment: match[0], index: match.index };
    return;
  }
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) yield segment;
}

/**
 * Splits normalized text into the words search knows: `visit(word, start, false)` for each word,
 * `visit(run, start, true)` for each run of Han, kana or Hangul (which may span several words of
 * the segmenter). `start` is the word's position in `text`. `visit` returns `true` to stop.
 *
 * @internal Shared by indexing, query parsing and snippets, so all three split text alike.
 */
export function searchWords(text: string, visit: (word: string, start: number, run: boolean) => boolean | void): void {
  let run = '';
  let runStart = 0;
  const flush = (): boolean | void => {
    const word = run;
    run = '';
    return word !== '' && visit(word, runStart, true);
  };
  for (const { segment, index } of wordLike(text)) {
    if (index !== runStart + run.length && flush()) return;
    let at = index;
    const pieces = segment.split(RUN_SPLIT);
    for (let piece = 0; piece < pieces.length; piece++) {
      const word = pieces[piece]!;
      if (word === '') continue;
      if (piece % 2 === 1) {
        if (run === '') runStart = at;
        run += word;
      } else if (flush() || visit(word, at, false)) return;
      at += word.length;
    }
  }
  flush();
}

/** A word cut to {@link MAX_TERM_LENGTH} units, never between the halves of a surrogate pair. @internal */
export function cutTerm(word: string): string {
  return word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH).replace(/[\ud800-\udbff]$/, '') : word;
}

/** The bigrams of a run of Han, kana or Hangul, by code point. @internal */
export function runBigrams(run: string): string[] {
  const characters = Array.from(run);
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/**
 * The search index terms of a text (DESIGN §11): each word folded by `normalizeForSearch` and cut
 * to {@link MAX_TERM_LENGTH} units; each run of Han, kana or Hangul as its character bigrams plus
 * its last character, so a one-character query finds every character as the start of a term.
 * Unique, in text order, at most {@link MAX_TERMS_PER_ENTRY}.
 *
 * @internal
 */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  const add = (term: string): boolean => terms.add(term).size >= MAX_TERMS_PER_ENTRY;
  searchWords(normalizeForSearch(text).text, (word, _start, run) => {
    if (!run) return add(cutTerm(word));
    for (const bigram of runBigrams(word)) if (add(bigram)) return true;
    return add(Array.from(word).pop()!);
  });
  return [...terms];
}
