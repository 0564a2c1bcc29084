import { foldForSearch } from './search-normalize.js';
import { cutTerm, MAX_TERMS_PER_ENTRY, PIECE, runCharacters, searchWords } from './search-terms.js';

// The segmenter was ~60 % of indexing's CPU time (20,000 bench messages: 2.2 s of 3.4 in Node), so
// indexing splits text at spaces and line breaks (no word or run spans one) and spares the
// segmenter every token it can, in three ways, each giving exactly the segmenter's words:
// - ASCII punctuation at a token's edges is never part of a word: UAX #29 joins `.`, `,`, `:` and
//   `'` only between letters or digits. Not `_`, which joins words, and not a closing `'`, which
//   follows a Hebrew letter into its word (WB7a). Only in tokens that fit one segmenter piece, so
//   that a longer token is cut into pieces where it always was.
// - Lowercase letters of Latin, Greek and Cyrillic and digits (Word_Break ALetter and Numeric): no
//   rule breaks between two of them, so a token of them alone is one word (most of a history).
// - The terms of the other tokens are kept: a history repeats its words. Not tokens longer than a
//   long word, nor more than CACHED_TOKENS of them (~2 MB held).
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^`{|}~';
const ONE_WORD = /^[\da-z\u00df-\u00f6\u00f8-\u024f\u03b1-\u03c9\u0430-\u045f]+$/;
const CACHED_TOKEN_LENGTH = 64;
const CACHED_TOKENS = 20_000;
// Uncached tokens are segmented together, this many units at a time: one segmenter pass for many
// tokens, and a huge text stops early once it has its terms.
const CHUNK = 4096;

let tokenTerms: Map<string, readonly string[]> | undefined;
let cachedWith: typeof Intl.Segmenter | undefined;

/** A token without the ASCII punctuation at its edges that no word can hold (see above). */
function withoutEdges(token: string): string {
  if (token.length > PIECE) return token;
  let start = 0;
  let end = token.length;
  while (start < end && PUNCTUATION.includes(token[start]!)) start++;
  while (end > start && token[end - 1] !== "'" && PUNCTUATION.includes(token[end - 1]!)) end--;
  return start === 0 && end === token.length ? token : token.slice(start, end);
}

/** The terms of each token, by one pass of `searchWords` over them joined by spaces. */
function termsOfTokens(tokens: readonly string[]): string[][] {
  const lists = tokens.map((): string[] => []);
  let index = 0;
  let end = tokens[0]!.length;
  searchWords(tokens.join(' '), (word, start, run) => {
    // No word or run spans a space: the word belongs to the token it starts in.
    while (start >= end) end += 1 + tokens[++index]!.length;
    const list = lists[index]!;
    if (!run) return void list.push(cutTerm(word));
    let previous = '';
    for (const character of runCharacters(word)) {
      if (previous !== '') list.push(previous + character);
      previous = character;
    }
    list.push(previous);
  });
  return lists;
}

/** The kept terms of tokens, for the platform's segmenter: another one (replaced, or none) starts over. */
function cacheOfSegmenter(): Map<string, readonly string[]> {
  const Segmenter = typeof Intl === 'object' ? Intl.Segmenter : undefined;
  if (!tokenTerms || cachedWith !== Segmenter) [tokenTerms, cachedWith] = [new Map(), Segmenter];
  return tokenTerms;
}

/**
 * The search index terms of a text (DESIGN §11): each word folded by `foldForSearch` and cut to
 * `MAX_TERM_LENGTH` units; each run of Han, kana, Hangul, Thai, Lao, Khmer or Myanmar as its
 * character bigrams plus its last character (a character keeps the marks after it), so that every
 * character of a run starts some term and a one-character query is a prefix lookup. Unique, in
 * text order, at most `MAX_TERMS_PER_ENTRY`: the words `searchWords` finds in the folded text.
 *
 * @example
 * indexTerms('The weather, the WEATHER! Café'); // ['the', 'weather', 'cafe']
 * @internal
 */
export function indexTerms(text: string): string[] {
  const cache = cacheOfSegmenter();
  const terms = new Set<string>();
  // The tokens met since the last flush, in text order: their terms, or their place in `missing`.
  let met: Array<readonly string[] | number> = [];
  let missing: string[] = [];
  let missingLength = 0;
  const flush = (): boolean => {
    const found = missing.length > 0 ? termsOfTokens(missing) : [];
    missing.forEach((token, index) => {
      if (token.length > CACHED_TOKEN_LENGTH) return;
      if (cache.size >= CACHED_TOKENS) cache.clear();
      cache.set(token, found[index]!);
    });
    for (const list of met) {
      for (const term of typeof list === 'number' ? found[list]! : list) if (terms.add(term).size >= MAX_TERMS_PER_ENTRY) return true;
    }
    [met, missing, missingLength] = [[], [], 0];
    return false;
  };
  // Each distinct token once: a long text that repeats itself costs what its distinct tokens cost.
  for (const whole of new Set(foldForSearch(text).split(/[\0- ]+/))) {
    const token = withoutEdges(whole);
    const cached = cache.get(token);
    if (cached) met.push(cached);
    else if (token.length <= PIECE && ONE_WORD.test(token)) met.push([cutTerm(token)]);
    else if (token !== '') {
      met.push(missing.push(token) - 1);
      missingLength += token.length + 1;
      if (missingLength >= CHUNK && flush()) return [...terms];
    }
  }
  flush();
  return [...terms];
}
