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
const APOSTROPHE = 0x27;
/** 1 for each ASCII unit of {@link PUNCTUATION}: a table read per unit, not a search of the string. */
const EDGE = new Uint8Array(128);
for (let at = 0; at < PUNCTUATION.length; at++) EDGE[PUNCTUATION.charCodeAt(at)] = 1;

let tokenTerms: Map<string, readonly string[]> | undefined;
let cachedWith: typeof Intl.Segmenter | undefined;

function isEdge(code: number): boolean {
  return code < 128 && EDGE[code] === 1;
}

/** A token without the ASCII punctuation at its edges that no word can hold (see above). */
function withoutEdges(token: string): string {
  if (token.length > PIECE) return token;
  let start = 0;
  let end = token.length;
  while (start < end && isEdge(token.charCodeAt(start))) start++;
  while (end > start && token.charCodeAt(end - 1) !== APOSTROPHE && isEdge(token.charCodeAt(end - 1))) end--;
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
 * An entry's terms in text order, unique, at most `MAX_TERMS_PER_ENTRY`. Tokens that need the
 * segmenter wait to be segmented together (a flush every {@link CHUNK} units); while any wait,
 * the terms after them wait too, so the order stays the text's. Each adder returns true once the
 * entry has all the terms it can hold.
 */
class TermList {
  readonly #cache: Map<string, readonly string[]>;
  readonly #terms = new Set<string>();
  /** The terms met since the first waiting token, in text order: a term, a token's terms, or its place in `#waiting`. */
  #met: Array<string | readonly string[] | number> = [];
  #waiting: string[] = [];
  #waitingLength = 0;
  /** The tokens this text sent to the segmenter: a repeat of one adds nothing. */
  #sent: Set<string> | undefined;

  constructor(cache: Map<string, readonly string[]>) {
    this.#cache = cache;
  }

  addTerm(term: string): boolean {
    if (this.#waiting.length === 0) return this.#terms.add(term).size >= MAX_TERMS_PER_ENTRY;
    this.#met.push(term);
    return false;
  }

  addToken(token: string): boolean {
    const cached = this.#cache.get(token);
    if (cached !== undefined && this.#waiting.length === 0) return this.#addAll(cached);
    if (cached !== undefined) {
      this.#met.push(cached);
      return false;
    }
    const sent = (this.#sent ??= new Set());
    if (sent.has(token)) return false;
    sent.add(token);
    this.#met.push(this.#waiting.push(token) - 1);
    this.#waitingLength += token.length + 1;
    return this.#waitingLength >= CHUNK && this.flush();
  }

  /** Segments the waiting tokens, keeps their terms for later texts, and adds what waited. */
  flush(): boolean {
    const found = this.#waiting.length > 0 ? termsOfTokens(this.#waiting) : [];
    this.#waiting.forEach((token, index) => {
      if (token.length > CACHED_TOKEN_LENGTH) return;
      if (this.#cache.size >= CACHED_TOKENS) this.#cache.clear();
      this.#cache.set(token, found[index]!);
    });
    const met = this.#met;
    [this.#met, this.#waiting, this.#waitingLength] = [[], [], 0];
    for (const item of met) {
      const full = typeof item === 'string' ? this.#terms.add(item).size >= MAX_TERMS_PER_ENTRY : this.#addAll(typeof item === 'number' ? found[item]! : item);
      if (full) return true;
    }
    return false;
  }

  list(): string[] {
    return [...this.#terms];
  }

  #addAll(terms: readonly string[]): boolean {
    for (const term of terms) if (this.#terms.add(term).size >= MAX_TERMS_PER_ENTRY) return true;
    return false;
  }
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
  const terms = new TermList(cacheOfSegmenter());
  // Not deduplicated first: a set of a text's tokens cost more than the repeats it spared (most
  // tokens are one-word ones, whose repeats cost a set lookup either way).
  for (const whole of foldForSearch(text).split(/[\0- ]+/)) {
    const token = withoutEdges(whole);
    if (token === '') continue;
    const full = token.length <= PIECE && ONE_WORD.test(token) ? terms.addTerm(cutTerm(token)) : terms.addToken(token);
    if (full) return terms.list();
  }
  terms.flush();
  return terms.list();
}
