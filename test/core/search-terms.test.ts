import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexTerms } from '../../src/core/index-terms.js';
import { MAX_TERM_LENGTH, MAX_TERMS_PER_ENTRY, searchWords } from '../../src/core/search-terms.js';

type SearchTermsModule = typeof import('../../src/core/search-terms.js');

let loads = 0;

/** A fresh instance of the module, so that it has not made its segmenter yet (a query makes a new module in Vite). */
async function freshModule(): Promise<SearchTermsModule> {
  return await import(/* @vite-ignore */ `../../src/core/search-terms.js?fresh=${++loads}`) as SearchTermsModule;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Big texts take a while where six test runs share two cores; no timing is asserted.
const BIG = { timeout: 120_000 };

describe('indexTerms', () => {
  it('gives each word once, folded, in text order', () => {
    expect(indexTerms('The weather, the WEATHER! Café in ＯＳＬＯ, 42 times.')).toEqual(['the', 'weather', 'cafe', 'in', 'oslo', '42', 'times']);
  });

  it('gives no terms for text without words', () => {
    expect(indexTerms('')).toEqual([]);
    expect(indexTerms('  ... !!! 🎉👍🏽 — ')).toEqual([]);
  });

  it('keeps words apart around emoji', () => {
    expect(indexTerms('party🎉time')).toEqual(['party', 'time']);
  });

  it('indexes Cyrillic, Greek and Devanagari words whole, matras kept', () => {
    expect(indexTerms('Привет, как дела?')).toEqual(['привет', 'как', 'дела']);
    expect(indexTerms('Καλημέρα κόσμε')).toEqual(['καλημερα', 'κοσμε']);
    expect(indexTerms('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
  });

  it('indexes a Han run as its bigrams and its last character', () => {
    expect(indexTerms('今天的天气很好')).toEqual(['今天', '天的', '的天', '天气', '气很', '很好', '好']);
    expect(indexTerms('猫')).toEqual(['猫']);
  });

  it('ends a run at punctuation, a space or another script', () => {
    expect(indexTerms('天气，很好')).toEqual(['天气', '气', '很好', '好']);
    expect(indexTerms('오늘 날씨')).toEqual(['오늘', '늘', '날씨', '씨']);
    expect(indexTerms('iPhone用')).toEqual(['iphone', '用']);
  });

  it('indexes kana and kanji as one run, half-width kana as full-width', () => {
    expect(indexTerms('東京タワーに行った')).toEqual(['東京', '京タ', 'タワ', 'ワー', 'ーに', 'に行', '行っ', 'った', 'た']);
    expect(indexTerms('ｶﾞｲﾄﾞ')).toEqual(['ガイ', 'イド', 'ド']);
  });

  it('starts some term with every character of a run, so that one character is a prefix lookup', () => {
    const text = '今天的天气很好';
    const terms = indexTerms(text);
    for (const character of text) expect(terms.some((term) => term.startsWith(character))).toBe(true);
  });

  it('indexes Thai, Lao, Khmer and Myanmar runs as bigrams of characters that keep their marks, not by the segmenter', () => {
    // Firefox 153's segmenter splits สวัสดี into สวัส + ดี, the others keep it whole (DESIGN §19):
    // a run's terms must not depend on it. Thai vowels and tone marks above or below stay with
    // their consonant (วั, ดี); vowels written as letters (ะ, า) are characters of their own.
    expect(indexTerms('สวัสดีครับ')).toEqual(['สวั', 'วัส', 'สดี', 'ดีค', 'ครั', 'รับ', 'บ']);
    expect(indexTerms('ສະບາຍດີ')).toEqual(['ສະ', 'ະບ', 'ບາ', 'າຍ', 'ຍດີ', 'ດີ']);
    expect(indexTerms('សួស្តី')).toEqual(['សួស្', 'ស្តី', 'តី']);
    expect(indexTerms('မင်္ဂလာပါ')).toEqual(['မင်္', 'င်္ဂ', 'ဂလာ', 'လာပါ', 'ပါ']);
    expect(indexTerms('ok สวัสดี 天气')).toEqual(['ok', 'สวั', 'วัส', 'สดี', 'ดี', '天气', '气']);
  });

  it('starts some term with every character of a Thai run, so that any substring of it is found', () => {
    const text = 'ภาษาไทยเขียนติดกันโดยไม่เว้นวรรค';
    const terms = indexTerms(text);
    for (const character of text.match(/.\p{M}*/gsu)!) expect(terms.some((term) => term.startsWith(character))).toBe(true);
  });

  it(`cuts a word to ${MAX_TERM_LENGTH} units, never inside a surrogate pair`, () => {
    expect(indexTerms('x'.repeat(100))).toEqual(['x'.repeat(MAX_TERM_LENGTH)]);
    // Deseret letters take two units each: unit 31 starts a pair, so the cut falls before it.
    const [term] = indexTerms('a' + '𐐨'.repeat(20));
    expect(term).toBe('a' + '𐐨'.repeat(15));
    expect(term).toHaveLength(MAX_TERM_LENGTH - 1);
  });

  it(`keeps the first ${MAX_TERMS_PER_ENTRY} terms of a pasted 4 MB text, each at most ${MAX_TERM_LENGTH} units`, BIG, () => {
    const words: string[] = [];
    for (let length = 0, index = 0; length < 4_000_000; index++) {
      const word = index % 7 === 0 ? `long${index}`.padEnd(80, 'z') : `word${index}`;
      words.push(word);
      length += word.length + 1;
    }
    const terms = indexTerms(words.join(' '));
    expect(terms).toHaveLength(MAX_TERMS_PER_ENTRY);
    expect(terms.slice(0, 3)).toEqual(['long0'.padEnd(MAX_TERM_LENGTH, 'z'), 'word1', 'word2']);
    for (const term of terms) expect(term.length).toBeLessThanOrEqual(MAX_TERM_LENGTH);
  });

  it(`keeps at most ${MAX_TERMS_PER_ENTRY} terms of a 4 MB Han text`, BIG, () => {
    const characters: string[] = [];
    for (let code = 0x4e00; characters.length < 4_000_000; code = code === 0x9fff ? 0x4e00 : code + 1) {
      characters.push(String.fromCharCode(code), code % 50 === 0 ? '。' : '');
    }
    const terms = indexTerms(characters.join(''));
    expect(terms).toHaveLength(MAX_TERMS_PER_ENTRY);
    expect(terms[0]).toBe('一丁');
  });

  it('gives each term once for a long text that repeats itself', BIG, () => {
    const text = 'The quick brown fox jumps over the lazy dog. 今天天气很好。'.repeat(8_000);
    expect(indexTerms(text)).toEqual(['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog', '今天', '天天', '天气', '气很', '很好', '好']);
  });

  it('segments a repeated token once, and keeps text order around the tokens that wait for the segmenter', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    // Longer than a cached token, so only the text's own record of what it sent spares the repeats.
    const long = `${'ab-'.repeat(30)}end`;
    const terms = indexTerms(`first ${long} middle ${long} 天气 last ${long}`);
    const segmented = segment.mock.calls.map(([input]) => input).join(' ');
    segment.mockRestore();
    expect(segmented.split(long)).toHaveLength(2);
    expect(terms).toEqual(['first', 'ab', 'end', 'middle', '天气', '气', 'last']);
  });
});

describe('indexTerms without Intl.Segmenter', () => {
  it('takes runs of letters, digits and marks as words', () => {
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: undefined } }));
    const withoutSegmenter = indexTerms;
    expect(withoutSegmenter('The weather, the WEATHER! Café in ＯＳＬＯ, 42 times.')).toEqual(['the', 'weather', 'cafe', 'in', 'oslo', '42', 'times']);
    expect(withoutSegmenter('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(withoutSegmenter('snake_case')).toEqual(['snake_case']);
    expect(withoutSegmenter('今天的天气很好')).toEqual(indexTerms('今天的天气很好'));
    expect(withoutSegmenter('party🎉time')).toEqual(['party', 'time']);
    // Thai is a run, split alike with or without a segmenter. What the segmenter knows and the
    // fallback does not: apostrophes inside words.
    expect(withoutSegmenter('สวัสดีครับ ສະບາຍດີ')).toEqual(indexTerms('สวัสดีครับ ສະບາຍດີ'));
    expect(withoutSegmenter("don't")).toEqual(['don', 't']);
  });

  it('works where there is no Intl at all', () => {
    vi.stubGlobal('Intl', undefined);
    expect(indexTerms('Café 天气, สวัสดี')).toEqual(['cafe', '天气', '气', 'สวั', 'วัส', 'สดี', 'ดี']);
  });
});

describe('the segmenter', () => {
  it('is made once, on first use, not when the module loads', async () => {
    let made = 0;
    const Counting = class extends Intl.Segmenter {
      constructor(...parameters: ConstructorParameters<typeof Intl.Segmenter>) {
        super(...parameters);
        made++;
      }
    };
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: Counting } }));
    const module = await freshModule();
    expect(made).toBe(0);
    module.searchWords('one, two', () => undefined);
    module.searchWords('three; four', () => undefined);
    expect(made).toBe(1);
  });

  // Firefox 153's segmenter does not mark `नमस्ते` in `नमस्ते दुनिया` as word-like (nor `Z्`) but
  // marks ` ्`, and WebKitGTK 2.50's marks no number (`42`, `item59`), where Chromium and Node
  // mark as expected: a segment is a word when it holds a letter, digit or `_`, whatever the flag
  // says, so every engine indexes the same words (DESIGN §19). The stub flips the flag as they do.
  it('takes a segment as a word when it holds a letter or digit, whatever isWordLike says', () => {
    const Flipping = class extends Intl.Segmenter {
      override segment(input: string): Intl.Segments {
        const segments = [...super.segment(input)].map((segment) =>
          /[\u0900-\u097f\d]/.test(segment.segment) ? { ...segment, isWordLike: !segment.isWordLike } : segment);
        return segments as unknown as Intl.Segments;
      }
    };
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: Flipping } }));
    expect(indexTerms('नमस्ते दुनिया, नि न')).toEqual(['नमस्ते', 'दुनिया', 'नि', 'न']);
    expect(indexTerms('item59, at 3.14, 42; times')).toEqual(['item59', 'at', '3.14', '42', 'times']);
    // A lone mark (now marked word-like by the stub), punctuation and emoji are still no words.
    expect(indexTerms('a ् । 😀 hello')).toEqual(['a', 'hello']);
  });

  // Node 20's Intl.Segmenter takes time quadratic in its input: long texts go in short pieces.
  it('gets long text in pieces of at most 512 units, cut between words', () => {
    const inputs: number[] = [];
    const Recording = class extends Intl.Segmenter {
      override segment(input: string): Intl.Segments {
        inputs.push(input.length);
        return super.segment(input);
      }
    };
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: Recording } }));
    const words = Array.from({ length: 900 }, (_, index) => `word${index}`);
    const text = words.map((word, index) => (index % 3 === 0 ? '\n' : ' ') + word).join('');
    const found: string[] = [];
    searchWords(text, (word) => void found.push(word));
    expect(found).toEqual(words);
    expect(inputs.length).toBeGreaterThan(10);
    expect(Math.max(...inputs)).toBeLessThanOrEqual(512);
  });
});
