/** The most index terms one entry gets; the first ones in the text win. @internal */
export const MAX_TERMS_PER_ENTRY = 1000;
/** The most UTF-16 units of a word that the index keeps; longer words are cut. @internal */
export const MAX_TERM_LENGTH = 32;

// Han, kana, Hangul (and the kana length mark), Thai, Lao, Khmer and Myanmar: written without
// spaces between words, so a run of them is searched as a substring, indexed by its character
// bigrams. Not the segmenter's words: engines split Thai differently (Firefox: สวัส + ดี).
const RUN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30fc\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Mymr}]+/gu;
// A run's character: a code point and the marks after it (Thai vowels and tone marks, Khmer and
// Myanmar subscript signs), fixed by Unicode rather than by an engine's grapheme segmenter.
const CHARACTER = /.\p{M}*/gsu;
// Where Intl.Segmenter is missing: letters, digits, marks (Devanagari matras) and `_`.
const WORD = /[\p{L}\p{N}\p{M}\p{Pc}]+/gu;
// A word is a segment holding a letter, digit or `_`, whatever the segmenter's isWordLike says:
// the engines agree on the segments' bounds but not on that flag. Firefox 153 leaves `नमस्ते`
// unmarked when a word follows it (and `Z्`) and marks a space plus a lone virama (` ्`) as a word;
// WebKitGTK 2.50 marks no number (`42`, `item59`); Chromium and Node mark as this rule does.
const HAS_WORD_CHARACTER = /[\p{L}\p{N}\p{Pc}]/u;
// Pieces of spaces and common punctuation only (what comes between Han runs) skip the segmenter:
// they hold no word-like segment. Not "no letter or digit": `_` alone is word-like.
const WORDLESS = /^[\0-/:-@[-\]{-~\u3001\u3002\u3008-\u3011\u30fb]*$/;
/**
 * Text is handed to the segmenter in pieces of at most this many units, cut after a space where
 * there is one: Node 20's Intl.Segmenter takes time quadratic in the length of what it segments
 * (10 KB costs 80 ms, 4 MB would take hours); pieces keep it linear. Chromium pays ~10 µs a call.
 * indexTerms relies on the same bound (a token no longer than it is never cut).
 * @internal
 */
export const PIECE = 512;

type Visit = (word: string, start: number, run: boolean) => boolean | void;

let segmenter: Intl.Segmenter | undefined;

function pieceEnd(text: string, from: number, to: number): number {
  const end = from + PIECE;
  if (end >= to) return to;
  for (let cut = end; cut > from; cut--) if (text.charCodeAt(cut - 1) <= 0x20) return cut;
  // No space: `from` starts a long token (or its previous cut), so the token is cut at the same
  // places wherever it stands, which lets indexTerms segment each distinct token once. Never
  // inside a surrogate pair.
  return (text.charCodeAt(end) & 0xfc00) === 0xdc00 ? end - 1 : end;
}

/** Visits the words of `text` from `from` to `to`; true when `visit` asked to stop. */
function visitWords(text: string, from: number, to: number, visit: Visit): boolean {
  const Segmenter = typeof Intl === 'object' ? Intl.Segmenter : undefined;
  // Made once, and again only if the platform's Segmenter was replaced. A fixed locale: the terms
  // are stored, so they must not change with the user's language.
  if (Segmenter && !(segmenter instanceof Segmenter)) segmenter = new Segmenter('en', { granularity: 'word' });
  for (let end = from; from < to; from = end) {
    end = pieceEnd(text, from, to);
    const piece = text.slice(from, end);
    if (WORDLESS.test(piece)) continue;
    // Letters a–z and digits only: one word under UAX #29 in every engine (a long token's pieces,
    // such as a base64 blob's), which the segmenter would take ~40 µs a piece to say.
    if (/^[a-z\d]+$/.test(piece)) {
      if (visit(piece, from, false)) return true;
      continue;
    }
    if (!Segmenter) {
      for (const match of piece.matchAll(WORD)) if (visit(match[0], from + match.index, false)) return true;
      continue;
    }
    for (const { segment, index } of segmenter!.segment(piece)) {
      if (HAS_WORD_CHARACTER.test(segment) && visit(segment, from + index, false)) return true;
    }
  }
  return false;
}

/**
 * Splits normalized text into what search matches: `visit(word, start, false)` for each word
 * (Intl.Segmenter's segments that hold a letter, digit or `_`, or runs of letters and digits
 * without it) and
 * `visit(run, start, true)` for each run of Han, kana, Hangul, Thai, Lao, Khmer or Myanmar. `start` is the position in
 * `text`. `visit` returns `true` to stop early.
 *
 * @internal Shared by indexing, query parsing and snippets, so that all three split text alike.
 */
export function searchWords(text: string, visit: Visit): void {
  let from = 0;
  for (const match of text.matchAll(RUN)) {
    if (visitWords(text, from, match.index, visit) || visit(match[0], match.index, true)) return;
    from = match.index + match[0].length;
  }
  visitWords(text, from, text.length, visit);
}

/** The characters of a run, each with the marks that follow it. @internal */
export function runCharacters(run: string): string[] {
  return run.match(CHARACTER) ?? [];
}

/** A word cut to {@link MAX_TERM_LENGTH} units, never between the halves of a surrogate pair. @internal */
export function cutTerm(word: string): string {
  return word.length > MAX_TERM_LENGTH ? word.slice(0, MAX_TERM_LENGTH).replace(/[\ud800-\udbff]$/, '') : word;
}
