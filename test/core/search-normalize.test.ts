import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../src/core/search-normalize.js';

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

  it('is empty for empty text', () => {
    expect(normalizeForSearch('')).toEqual({ text: '', offsets: [0] });
  });
});
