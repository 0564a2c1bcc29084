// Search's text side against a naive model: fold text and query with String.prototype.normalize
// in one go, split both at the separators the generator used, and scan. Texts are built from
// tokens of one script each, joined by separators after which every segmenter breaks, so "a
// word of the text" means the same thing to the model and to Intl.Segmenter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesTerms, parseSearchQuery } from '../../src/core/search-query.js';
import { searchSnippet } from '../../src/core/search-snippet.js';
import { foldForSearch } from '../../src/core/search-normalize.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { cutTerm, MAX_TERMS_PER_ENTRY, searchWords } from '../../src/core/search-terms.js';

// Kept small: the suite also runs in Chromium.
const RUNS = { numRuns: 300 };

const SCRIPTS = {
  latin: ['a', 'b', 'c', 'e', 'o', 'é', 'ü', 'ñ', 'å'],
  cyrillic: ['а', 'б', 'в', 'д', 'й', 'ё'],
  greek: ['α', 'β', 'ο', 'σ', 'ς', 'ά'],
  devanagari: ['न', 'म', 'स्', 'ते', 'दु', 'नि', 'या', 'कि'],
  digits: ['0', '1', '2', '7'],
  han: ['天', '气', '今', '的', '好', 'タ', 'ワ', 'ー', 'か', 'が', 'に'],
  hangul: ['날', '씨', '가', '오', '늘', '좋'],
};
type Script = keyof typeof SCRIPTS;
const CJK_UNITS = new Set([...SCRIPTS.han, ...SCRIPTS.hangul]);
const EMOJI = ['🎉', '😀', '👍🏽'];
const SEPARATORS = [' ', '\n', ', ', '. ', '! ', '。', '、', ' - ', ' (', ') '];
const SPLIT = /[\s,.!。、()\-]+/u;

interface Token { script: Script | 'emoji'; units: string[] }

const unitsOf = (script: Script) => fc.array(fc.constantFrom(...SCRIPTS[script]), { minLength: 1, maxLength: 6 });
const token: fc.Arbitrary<Token> = fc.oneof(
  ...(Object.keys(SCRIPTS) as Script[]).map((script) => unitsOf(script).map((units): Token => ({ script, units }))),
  fc.constantFrom(...EMOJI).map((emoji): Token => ({ script: 'emoji', units: [emoji] })),
);
const tokens = fc.array(token, { minLength: 1, maxLength: 25 });
const separators = fc.array(fc.constantFrom(...SEPARATORS), { minLength: 25, maxLength: 25 });

type Transform = (text: string) => string;
const fullWidth: Transform = (text) => text.replace(/[a-z0-9]/g, (character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0));
const TRANSFORMS: Record<string, Transform> = {
  asIs: (text) => text,
  upper: (text) => text.toUpperCase(),
  decomposed: (text) => text.normalize('NFD'),
  unaccented: (text) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
  fullWidth,
  upperFullWidth: (text) => fullWidth(text.toLowerCase()).toUpperCase(),
};
const transform = fc.constantFrom(...Object.keys(TRANSFORMS)).map((name) => TRANSFORMS[name]!);

function join(parts: readonly Token[], between: readonly string[]): string {
  return parts.map((part, index) => (index === 0 ? '' : between[index - 1]) + part.units.join('')).join('');
}

/** The model's folding: the whole text at once, by the rules of DESIGN §11. */
function naiveFold(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[\u0300-\u036f]/g, '').replaceAll('ς', 'σ').normalize('NFC');
}

const isCjkCharacter = (character: string): boolean => CJK_UNITS.has(character) || character === 'ー';
const isCjk = (piece: string): boolean => [...piece].every(isCjkCharacter);
const isWord = (piece: string): boolean => /[\p{L}\p{N}]/u.test(piece);

/** A query piece split where it goes from Han, kana or Hangul to another script or back (`iphone用`). */
function scriptRuns(piece: string): string[] {
  const runs: string[] = [];
  let previous: boolean | undefined;
  for (const character of piece) {
    const cjk = isCjkCharacter(character);
    if (cjk === previous) runs[runs.length - 1] += character;
    else runs.push(character);
    previous = cjk;
  }
  return runs;
}

/** The model: every query piece starts a word of the text, or (Han, kana, Hangul) occurs in a run of it. */
function naiveFinds(text: string, query: string): boolean {
  const words = naiveFold(text).split(SPLIT).filter(isWord);
  const pieces = naiveFold(query).split(SPLIT).flatMap(scriptRuns).filter(isWord);
  if (pieces.length === 0) return false;
  return pieces.every((piece) => (isCjk(piece)
    ? words.some((word) => isCjk(word) && word.includes(piece))
    : words.some((word) => !isCjk(word) && word.startsWith(piece))));
}

function finds(text: string, query: string): boolean {
  const words = parseSearchQuery(query);
  return matchesTerms(indexTerms(text), words) && searchSnippet(text, words) !== undefined;
}

/** A query that a word of the text answers: a prefix of a word, any piece of a Han, kana or Hangul run. */
const queryFromText = fc.record({ parts: tokens, between: separators, pick: fc.nat(), from: fc.nat(), length: fc.nat(), queryForm: transform, textForm: transform })
  .filter(({ parts }) => parts.some((part) => part.script !== 'emoji'))
  .map(({ parts, between, pick, from, length, queryForm, textForm }) => {
    const words = parts.filter((part) => part.script !== 'emoji');
    const chosen = words[pick % words.length]!;
    const cjk = chosen.script === 'han' || chosen.script === 'hangul';
    const start = cjk ? from % chosen.units.length : 0;
    const end = start + 1 + (length % (chosen.units.length - start));
    return { text: textForm(join(parts, between)), query: queryForm(chosen.units.slice(start, end).join('')) };
  });

describe('search text, property-based', () => {
  it('finds a text by any word of it, in any case, width or accent form, with a highlight', () => {
    fc.assert(fc.property(queryFromText, ({ text, query }) => {
      const words = parseSearchQuery(query);
      expect(words.length).toBeGreaterThan(0);
      expect(matchesTerms(indexTerms(text), words)).toBe(true);
      const result = searchSnippet(text, words);
      expect(result).toBeDefined();
      expect(result!.highlights.length).toBeGreaterThan(0);
      expect(result!.snippet.length).toBeLessThanOrEqual(200);
      expect(text).toContain(result!.snippet);
    }), RUNS);
  });

  it('finds a text by two of its words together', () => {
    fc.assert(fc.property(queryFromText, queryFromText, (first, second) => {
      const text = `${first.text}\n${second.text}`;
      expect(finds(text, `${first.query} ${second.query}`)).toBe(true);
    }), RUNS);
  });

  it('agrees with a naive scan of the folded text on random queries', () => {
    const anyUnit = fc.constantFrom(...Object.values(SCRIPTS).flat());
    const randomPiece = fc.constantFrom(...(Object.keys(SCRIPTS) as Script[]))
      .chain((script) => fc.array(fc.constantFrom(...SCRIPTS[script]), { minLength: 1, maxLength: 2 }))
      .map((units) => units.join(''));
    // Most pieces come from the text, some with a unit added, so that many queries hit.
    const piece = fc.record({
      fromText: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
      pick: fc.nat(), from: fc.nat(), length: fc.nat(), random: randomPiece,
      extra: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: anyUnit, weight: 1 }),
    });
    fc.assert(fc.property(tokens, separators, transform, fc.array(piece, { maxLength: 3 }), transform, (parts, between, textForm, pieces, queryForm) => {
      const words = parts.filter((part) => part.script !== 'emoji');
      const query = queryForm(pieces.map(({ fromText, pick, from, length, random, extra }) => {
        if (!fromText || words.length === 0) return random;
        const units = words[pick % words.length]!.units;
        const start = from % units.length;
        return units.slice(start, start + 1 + (length % (units.length - start))).join('') + extra;
      }).join(' '));
      const text = textForm(join(parts, between));
      expect(finds(text, query)).toBe(naiveFinds(text, query));
    }), RUNS);
  });

  it('highlights, in every snippet, text that folds to what the query asked for', () => {
    fc.assert(fc.property(queryFromText, ({ text, query }) => {
      const result = searchSnippet(text, parseSearchQuery(query))!;
      const wanted = naiveFold(query).split(SPLIT).filter(isWord);
      for (const [start, end] of result.highlights) {
        const highlighted = naiveFold(result.snippet.slice(start, end));
        expect(wanted.some((piece) => highlighted.includes(piece) || piece.startsWith(highlighted))).toBe(true);
        expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(result.snippet.slice(start, end))).toBe(false);
      }
    }), RUNS);
  });
});

/** indexTerms by its definition: every word and run of the whole folded text, in order, capped. */
function termsByDefinition(text: string): string[] {
  const terms = new Set<string>();
  const add = (term: string): boolean => terms.add(term).size >= MAX_TERMS_PER_ENTRY;
  searchWords(foldForSearch(text), (word, _start, run) => {
    if (!run) return add(cutTerm(word));
    // A run's character is a code point with the marks after it (Thai vowel and tone marks).
    const characters = word.match(/.\p{M}*/gsu)!;
    for (let index = 1; index < characters.length; index++) if (add(characters[index - 1]! + characters[index]!)) return true;
    return add(characters[characters.length - 1]!);
  });
  return [...terms];
}

describe('indexTerms, property-based', () => {
  // indexTerms splits each distinct space-separated token once; that must change nothing.
  const LONG_UNITS = ['a', 'b', 'Z', '7', '.', "'", ':', '-', '_', 'é', 'ж', 'ก', 'า', 'ม', 'ี', '่', '天', '气', '날', '😀', 'ー', '।', 'न', '्'];
  const shortToken = fc.oneof(
    fc.constantFrom('the', 'The', "don't", 'example.com', '3.14', 'Café', 'ОСЛО', 'สวัสดีครับ', '今天的天气', '날씨가', '🎉', 'a_b', 'x', 'ΟΔΟΣ'),
    // Punctuation at a token's edges, which indexing strips before it segments: `_` and a closing
    // `'` (after a Hebrew letter it belongs to the word) must stay.
    fc.constantFrom('(the)', '"Café,"', 'end.', '...', "'tis", "dogs'", "שלום'", '״שלום״', '_x_', '-7-', '.5', '3.', 'x:', ':y',
      '#\u20e3', '.्a', '!नमस्ते!', '(天气)', '«ok»', 'a.b.', 'https://example.com/a?b=c', 'Straße,', 'ǅemal.', 'ёлка!', 'Ωμέγα;'),
    fc.array(fc.constantFrom(...LONG_UNITS), { minLength: 1, maxLength: 8 }).map((units) => units.join('')),
  );
  // Long tokens without Han, Hangul or Thai, whose runs would cut them into short gaps.
  const longToken = fc.array(fc.constantFrom(...LONG_UNITS.filter((unit) => !/[天气날ーกามี่]/.test(unit))), { minLength: 200, maxLength: 1200, size: 'max' })
    .map((units) => units.join(''));
  // Letters and digits only (a base64 blob, a hash), around the 512-unit piece: one word per
  // piece without the segmenter, and under 512 one word for the whole token.
  const alphanumericToken = fc.array(fc.constantFrom('a', 'Z', '7', 'q'), { minLength: 1, maxLength: 1100, size: 'max' })
    .map((units) => units.join(''));
  const token = fc.oneof({ arbitrary: shortToken, weight: 20 }, { arbitrary: longToken, weight: 1 }, { arbitrary: alphanumericToken, weight: 1 });
  const space = fc.constantFrom(' ', '\n', '\t', '  ', '\u00a0', '\u3000', ' \n ');
  const text = fc.array(fc.tuple(token, space), { minLength: 1, maxLength: 300, size: 'max' })
    .chain((parts) => fc.nat(parts.length).map((repeat) => [...parts, ...parts.slice(0, repeat)]))
    .map((parts) => parts.map(([word, gap]) => word + gap).join(''));

  it('gives the terms of the whole text, in order, however its tokens repeat', () => {
    fc.assert(fc.property(text, (sample) => {
      expect(indexTerms(sample)).toEqual(termsByDefinition(sample));
      // No shrinking: on texts this long it takes minutes; the failing text is printed whole.
    }), { numRuns: 150, endOnFailure: true });
    // 150 long texts take ~2 s on a quiet core and passed vitest's 5 s default under CI load (two
    // busy loops on 2 cores): the budget is for the work, not a timing assertion.
  }, 60_000);

  // The terms of each token are kept from one text to the next: a text's terms must not depend on
  // what was indexed before it.
  it('gives a text the same terms whatever texts were indexed before it', () => {
    fc.assert(fc.property(fc.array(text, { minLength: 2, maxLength: 4 }), (samples) => {
      const first = samples.map((sample) => indexTerms(sample));
      const again = [...samples].reverse().map((sample) => indexTerms(sample)).reverse();
      expect(again).toEqual(first);
      expect(first[0]).toEqual(termsByDefinition(samples[0]!));
    }), { numRuns: 40, endOnFailure: true });
  }, 60_000);
});

describe('foldForSearch, property-based', () => {
  // ASCII text is lowercased alone, the rest folded by the whole definition: one result either way.
  const unit = fc.constantFrom('a', 'Z', '7', ' ', '.', '~', '\0', 'é', 'E\u0301', 'ΟΔΟΣ', 'ｶﾞ', 'ﬁ', 'Ａ', '😀', 'İ', 'ß');
  it('folds by its definition, ASCII or not', () => {
    fc.assert(fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
      const text = units.join('');
      expect(foldForSearch(text)).toBe(naiveFold(text));
    }), RUNS);
  });
});
