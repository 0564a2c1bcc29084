import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, normalizeForSearch } from '../../src/core/search-normalize.js';

// Characters that compose, decompose, change length or case by context when folded.
const TRICKY = [
  'a', 'E', 'é', '\u0301', '\u0308', '\u0327', 'Σ', 'ς', 'σ', 'İ', 'ﬁ', '㎒', 'Ⅻ', 'ｶ', 'ﾞ', 'ﾟ', '゛', 'か', '\u3099',
  'ㄱ', 'ㅏ', 'ㄲ', 'ㅘ', '가', '\u1100', '\u1161', '\u11a8', '각', 'क', '\u093c', '\u0958', 'ि', '्', ' ', '😀', '👍🏽',
  '\ud800', '\udc00', 'Ǆ', 'ǅ', 'ß', 'ẞ', 'Å', '\u212b', '\u0f73', '\u0f71', '\u0f72', 'େ', 'ା', '\u1025', '\u102e',
  '\u2126', '\u212a', 'ſ', 'ﬀ', '①', '¼', '…', '\u00a0', '\u3000',
];

const fold = (text: string): string => normalizeForSearch(text).text;

describe('normalizeForSearch', () => {
  it('lowercases', () => {
    expect(fold('Weather In OSLO')).toBe('weather in oslo');
    expect(fold('ПРИВЕТ Мир')).toBe('привет мир');
  });

  it('removes combining accents, precomposed or not', () => {
    expect(fold('Café naïve résumé')).toBe('cafe naive resume');
    expect(fold('Cafe\u0301')).toBe('cafe');
    expect(fold('Ångström')).toBe('angstrom');
  });

  it('folds width and compatibility forms (NFKC)', () => {
    expect(fold('ＯＳＬＯ　１２３')).toBe('oslo 123');
    expect(fold('ﬁne ㎒')).toBe('fine mhz');
    expect(fold('ｶﾞｲﾄﾞ')).toBe('ガイド');
  });

  it('keeps Devanagari matras, Hangul syllables and kana voicing', () => {
    expect(fold('नमस्ते दुनिया')).toBe('नमस्ते दुनिया');
    expect(fold('날씨가 좋네요')).toBe('날씨가 좋네요');
    expect(fold('がぎぐ')).toBe('がぎぐ');
  });

  it('composes decomposed Hangul and kana as the precomposed forms', () => {
    expect(fold('날씨'.normalize('NFD'))).toBe('날씨');
    expect(fold('がっこう'.normalize('NFD'))).toBe('がっこう');
  });

  it('folds final sigma to sigma, so capitals and small letters meet', () => {
    expect(fold('ΟΔΟΣ')).toBe(fold('οδος'));
    expect(fold('Οδός')).toBe('οδοσ');
  });

  it('folds dotted capital I to i', () => {
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('leaves emoji and other symbols as they are', () => {
    expect(fold('Party 🎉👍🏽 time')).toBe('party 🎉👍🏽 time');
  });

  it('maps every normalized unit back to where its character starts in the original', () => {
    const original = 'Ｃafé ﬁx e\u0301!';
    const { text, offsets } = normalizeForSearch(original);
    expect(text).toBe('cafe fix e!');
    expect(offsets).toEqual([0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 10, original.length]);
  });

  it('has offsets that never decrease and sit on code point boundaries', () => {
    const original = 'a😀b𝐀Ç\u0327x';
    const { text, offsets } = normalizeForSearch(original);
    expect(offsets).toHaveLength(text.length + 1);
    for (let index = 1; index < offsets.length; index++) expect(offsets[index]!).toBeGreaterThanOrEqual(offsets[index - 1]!);
    for (const offset of offsets) expect(original.charCodeAt(offset) & 0xfc00).not.toBe(0xdc00);
    expect(text).toBe('a😀bacx');
  });

  it('folds the same however often a character comes by', () => {
    const text = 'Café ÉCOLE ＯＳＬＯ';
    expect(fold(text + ' ' + text)).toBe(`${fold(text)} ${fold(text)}`);
  });

  it('folds exactly as foldForSearch does in one pass (what the index uses)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...TRICKY), { maxLength: 12 }), (parts) => {
      const text = parts.join('');
      expect(normalizeForSearch(text).text).toBe(foldForSearch(text));
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      expect(normalizeForSearch(text).text).toBe(foldForSearch(text));
    }), { numRuns: 2000 });
  });

  it('composes Hangul compatibility jamo as one pass does', () => {
    expect(fold('ㄱㅏ')).toBe('가');
    expect(fold('ㅋㅋㅋ')).toBe(foldForSearch('ㅋㅋㅋ'));
  });

  it('is empty for empty text', () => {
    expect(normalizeForSearch('')).toEqual({ text: '', offsets: [0] });
  });
});
