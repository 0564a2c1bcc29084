// The filter a shard record's key carries (DESIGN §17.18): never "no" for a term the record holds
// (a missed hit), rarely "maybe" for one it does not (a record read for nothing), and small. Checked
// on the terms of real texts in 16 languages and formats (the token corpus), not on terms made up
// for the test.
import { describe, expect, it } from 'vitest';
import { indexTerms } from '../../src/core/index-terms.js';
import { shardOf } from '../../src/store/search/pack-batch.js';
import { filterMayHold, termFilter } from '../../src/store/search/term-filter.js';

const texts = import.meta.glob<string>(['../fixtures/token-corpus/*/*.txt', '../fixtures/token-corpus-held-out/*/*.txt'], { query: '?raw', import: 'default', eager: true });

/** Every distinct term of the corpus, by shard. */
function termsByShard(): Map<string, string[]> {
  const terms = new Set(Object.values(texts).flatMap((text) => indexTerms(text)));
  const byShard = new Map<string, string[]>();
  for (const term of terms) {
    const shard = shardOf(term);
    byShard.set(shard, [...(byShard.get(shard) ?? []), term]);
  }
  return byShard;
}

/** The prefixes of `term` a query may test: every one longer than its shard's name, the whole term included. */
function queryPrefixes(term: string, shard: string): string[] {
  return Array.from({ length: term.length - shard.length }, (_, index) => term.slice(0, shard.length + 1 + index));
}

describe('termFilter', () => {
  const byShard = termsByShard();

  it('says "maybe" for every prefix of every term it was built from, in every script of the corpus', () => {
    let checked = 0;
    for (const [shard, terms] of byShard) {
      const filter = termFilter(terms, shard.length);
      for (const term of terms) {
        for (const prefix of queryPrefixes(term, shard)) {
          checked++;
          if (!filterMayHold(filter, prefix, shard.length)) expect.fail(`${JSON.stringify(prefix)} of ${JSON.stringify(term)} not in its shard's filter`);
        }
      }
    }
    expect(byShard.size).toBeGreaterThan(1_000);
    expect(checked).toBeGreaterThan(20_000);
  });

  it('reads the same from the ArrayBuffer a key gives back as from the bytes written', () => {
    const terms = byShard.get('lo')!;
    const filter = termFilter(terms, 2);
    for (const term of terms) expect(filterMayHold(filter.slice().buffer, term, 2)).toBe(true);
  });

  /**
   * The share of `asked` (a query word of each term the filter was not built from, or undefined to
   * skip it) the filter says "maybe" to, each shard's filter built from every other term.
   */
  function maybeShare(ask: (word: string, shard: string, built: readonly string[]) => string | undefined): { asked: number; share: number } {
    let asked = 0;
    let maybe = 0;
    for (const [shard, terms] of byShard) {
      const built = terms.filter((_, index) => index % 2 === 0);
      if (built.length === 0) continue;
      const filter = termFilter(built, shard.length);
      for (const word of terms.filter((_, index) => index % 2 === 1)) {
        const query = ask(word, shard, built);
        if (query === undefined) continue;
        asked++;
        if (filterMayHold(filter, query, shard.length)) maybe++;
      }
    }
    return { asked, share: maybe / asked };
  }

  it('says "maybe" for few of the words no term it was built from starts with', () => {
    const { asked, share } = maybeShare((word, shard, built) => (word.length <= shard.length || built.some((term) => term.startsWith(word)) ? undefined : word));
    expect(asked).toBeGreaterThan(2_000);
    // The filter's own false "maybe" (below), and a word longer than the prefixes held that shares its longest with a term (6.6 % in all).
    expect(share).toBeLessThan(0.1);
  });

  it('says "maybe" for about 1 % of the prefixes of a length it holds that it was not built from', () => {
    // Two units past the shard's name: a length every filter holds.
    const { asked, share } = maybeShare((word, shard, built) => {
      const prefix = word.slice(0, shard.length + 2);
      return prefix.length < shard.length + 2 || built.some((term) => term.startsWith(prefix)) ? undefined : prefix;
    });
    expect(asked).toBeGreaterThan(800);
    expect(share).toBeLessThan(0.02);
  });

  it('takes about 10 bits a distinct prefix, at least 8 bytes and at most 1 KB', () => {
    // 'lofoten', 'lofty', 'lofts': the prefixes 'lof', 'lofo', 'loft' and 'lofote' (4 × 10 bits); 'lo' (the shard's name) adds none.
    expect(termFilter(['lofoten', 'lofty', 'lofts', 'lo'], 2)).toHaveLength(8);
    const many = Array.from({ length: 400 }, (_, index) => `lo${String.fromCharCode(0x61 + (index % 20), 0x61 + Math.floor(index / 20))}`);
    // 20 three-unit prefixes and 400 four-unit ones: 420 × 10 bits.
    expect(termFilter(many, 2)).toHaveLength(Math.ceil((420 * 10) / 8));
    const most = Array.from({ length: 5_000 }, (_, index) => `lo${index.toString(36)}`);
    const full = termFilter(most, 2);
    expect(full).toHaveLength(1024);
    for (const term of most) expect(filterMayHold(full, term, 2)).toBe(true);
  });

  it('says "maybe" for a prefix no longer than the shard\'s name, which every record of the shard may hold', () => {
    const filter = termFilter(['lofoten'], 2);
    expect(filterMayHold(filter, 'lo', 2)).toBe(true);
    expect(filterMayHold(filter, 'l', 2)).toBe(true);
    expect(filterMayHold(filter, 'lz', 2)).toBe(true);
    expect(filterMayHold(filter, 'lzq', 2)).toBe(false);
  });
});
