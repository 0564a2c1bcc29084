import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../src/core/search-query.js';
import { searchSnippet, SNIPPET_LENGTH } from '../../src/core/search-snippet.js';

const snippet = (text: string, query: string) => searchSnippet(text, parseSearchQuery(query));

/** The highlighted pieces of a snippet, as text. */
function marked(text: string, query: string): string[] | undefined {
  const result = snippet(text, query);
  return result?.highlights.map(([start, end]) => result.snippet.slice(start, end));
}

function hasSplitPair(text: string): boolean {
  return /^[\udc00-\udfff]|[\ud800-\udbff]$/.test(text);
}

describe('searchSnippet', () => {
  it('is the whole of a short text, with the matched part of each word highlighted', () => {
    expect(snippet('The weather in Oslo is fine.', 'wea oslo')).toEqual({ snippet: 'The weather in Oslo is fine.', highlights: [[4, 7], [15, 19]] });
  });

  it('highlights the original text: accents, width, case, decomposed letters', () => {
    expect(marked('Un Café, s’il vous plaît', 'cafe plait')).toEqual(['Café', 'plaît']);
    expect(marked('Flights to ＯＳＬＯ today', 'oslo')).toEqual(['ＯＳＬＯ']);
    expect(marked('Meet at the cafe\u0301 at noon', 'CAFÉ')).toEqual(['cafe\u0301']);
    expect(marked('a ﬁne day', 'fi')).toEqual(['ﬁ']);
  });

  it('highlights every occurrence in the snippet', () => {
    expect(marked('Rain, rain, go away; RAIN!', 'rain')).toEqual(['Rain', 'rain', 'RAIN']);
  });

  it('highlights substrings of Chinese, Japanese and Korean', () => {
    expect(marked('今天的天气很好', '天气')).toEqual(['天气']);
    expect(marked('東京タワーに行きました', 'ﾀﾜｰ')).toEqual(['タワー']);
    expect(marked('오늘 날씨가 좋네요', '날씨')).toEqual(['날씨']);
    expect(marked('今天的天气很好', '天')).toEqual(['天', '天']);
  });

  it('highlights Cyrillic and Hindi words with their marks', () => {
    expect(marked('Сегодня хорошая погода', 'ПОГ')).toEqual(['пог']);
    expect(marked('नमस्ते दुनिया', 'दुनिया')).toEqual(['दुनिया']);
  });

  it('makes one highlight of overlapping matches', () => {
    expect(marked('weathering', 'wea weath')).toEqual(['weath']);
    expect(marked('今天的天气很好', '天气 气很')).toEqual(['天气很']);
  });

  it('is undefined when a word is missing, or there are no words', () => {
    expect(snippet('The weather in Oslo', 'weather bergen')).toBeUndefined();
    expect(snippet('The weather in Oslo', 'eather')).toBeUndefined();
    expect(snippet('The weather in Oslo', '')).toBeUndefined();
    expect(snippet('The weather in Oslo', '🎉')).toBeUndefined();
  });

  it('rejects a Han run the index took for a candidate', () => {
    expect(snippet('天气。气很', '天气很')).toBeUndefined();
  });

  it(`is at most ${SNIPPET_LENGTH} units of a long text, around the first match`, () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(40)}the weather in Oslo${' consectetur adipiscing elit'.repeat(40)}`;
    const result = snippet(text, 'oslo weather')!;
    expect(result.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(text).toContain(result.snippet);
    expect(result.snippet).toContain('the weather in Oslo');
    expect(result.highlights.map(([start, end]) => result.snippet.slice(start, end))).toEqual(['weather', 'Oslo']);
    // Some context before the match, starting on a word.
    expect(result.snippet.indexOf('weather')).toBeGreaterThan(10);
    expect(result.snippet).toMatch(/^(lorem|ipsum|dolor|sit|amet) /);
    expect(result.snippet).toMatch(/ (consectetur|adipiscing|elit)$/);
  });

  it('fills the snippet from before a match near the end of the text', () => {
    const text = `${'word '.repeat(100)}final match`;
    const result = snippet(text, 'match')!;
    expect(result.snippet.endsWith('final match')).toBe(true);
    expect(result.snippet.length).toBeGreaterThan(SNIPPET_LENGTH - 10);
  });

  it('highlights only what is inside the snippet', () => {
    const text = `weather ${'filler '.repeat(100)} weather`;
    const result = snippet(text, 'weather')!;
    expect(result.highlights).toEqual([[0, 7]]);
  });

  it('cuts a match longer than the snippet at its edge', () => {
    const long = `${'a'.repeat(300)}`;
    const result = snippet(`x ${long}`, 'aaa')!;
    expect(result.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(result.highlights).toEqual([[2, 5]]);
  });

  it('never splits a surrogate pair, in emoji or in text', () => {
    for (let shift = 0; shift < 4; shift++) {
      const text = `${'x'.repeat(shift)}${'😀'.repeat(150)} weather ${'🎉'.repeat(150)}`;
      const result = snippet(text, 'weather')!;
      expect(result.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
      expect(hasSplitPair(result.snippet)).toBe(false);
      expect(result.highlights.map(([start, end]) => result.snippet.slice(start, end))).toEqual(['weather']);
    }
    const deseret = `${'𐐨'.repeat(120)} 𐐨𐐩 ${'𐐨'.repeat(120)}`;
    const result = snippet(deseret, '𐐨𐐩')!;
    expect(hasSplitPair(result.snippet)).toBe(false);
    for (const [start, end] of result.highlights) expect(hasSplitPair(result.snippet.slice(start, end))).toBe(false);
  });

  it('finds a match in full-width text and highlights it there', () => {
    const text = 'ＴＨＥ　ＷＥＡＴＨＥＲ　ＩＮ　ＯＳＬＯ';
    expect(marked(text, 'weather oslo')).toEqual(['ＷＥＡＴＨＥＲ', 'ＯＳＬＯ']);
  });

  it('returns markup as plain text, unchanged', () => {
    const text = 'Try <script>alert("x")</script> and <img src=x onerror=alert(1)> here';
    const result = snippet(text, 'script onerror')!;
    expect(result.snippet).toBe(text);
    expect(result.highlights.map(([start, end]) => result.snippet.slice(start, end))).toEqual(['script', 'script', 'onerror']);
  });

  it('finds the first match of a 4 MB text without trouble', () => {
    const text = `${'lorem ipsum '.repeat(100)}the weather${' dolor sit amet'.repeat(280_000)}`;
    const result = snippet(text, 'weather')!;
    expect(result.highlights.map(([start, end]) => result.snippet.slice(start, end))).toEqual(['weather']);
  }, 120_000);
});
