// The packed index's encoding (DESIGN §17): postings round-trip through varint bytes in hit order,
// a batch packs into few records (a segment per frequent term, a shard per prefix for the rest).
import { describe, expect, it } from 'vitest';
import { indexTerms } from '../../src/core/index-terms.js';
import {
  FRESH_BELOW_BYTES, mayHold, MOST_PIECES, OWN_SEGMENT_AT, packBatch, PIECE_BYTES, pieceName, pieceOf, shardOf, shardPostings, SPLIT_AT,
} from '../../src/store/search/pack-batch.js';
import { comparePostings, decodePostings, encodePostings, PostingWriter, type Posting } from '../../src/store/search/posting-codec.js';
import { filterMayHold, termFilter } from '../../src/store/search/term-filter.js';

describe('posting codec', () => {
  it('round-trips postings oldest first, with times before 1970, beyond 2^32 ms and equal times', () => {
    const postings: Posting[] = [
      [-86_400_000, 1, 1], [0, 1, 2], [0, 2, 1], [1_700_000_000_000, 5, 3], [1_700_000_000_000, 5, 4], [8_640_000_000_000_000, 2 ** 40, 2 ** 31],
    ];
    expect(decodePostings(encodePostings(postings))).toEqual(postings);
    expect(decodePostings(encodePostings([]))).toEqual([]);
  });

  it('writes term after term into one buffer exactly as each term alone, growing past its first size', () => {
    const terms: Posting[][] = [
      [[-86_400_000, 1, 1], [8_640_000_000_000_000, 2 ** 40, 2 ** 31]],
      Array.from({ length: 2_000 }, (_, index): Posting => [1_700_000_000_000 + index * 2 ** 33, 2 ** 31 + index, 1 + (index % 7)]),
      [[0, 1, 2]],
    ];
    const writer = new PostingWriter();
    const offsets = terms.map((postings) => {
      const at = writer.length;
      writer.write(postings);
      return at;
    });
    const bytes = writer.take();
    terms.forEach((postings, index) => {
      expect(bytes.subarray(offsets[index], offsets[index + 1] ?? bytes.length)).toEqual(encodePostings(postings));
      expect(decodePostings(bytes.subarray(offsets[index], offsets[index + 1] ?? bytes.length))).toEqual(postings);
    });
    writer.reset();
    writer.write(terms[2]!);
    expect(writer.take()).toEqual(encodePostings(terms[2]!));
  });

  it('takes a few bytes a posting for a chat history', () => {
    const postings: Posting[] = Array.from({ length: 1_000 }, (_, index) => [Date.UTC(2025, 0, 1) + index * 45_000, 1 + (index % 100), 1 + Math.floor(index / 100)]);
    expect(encodePostings(postings).length / postings.length).toBeLessThan(6);
  });

  it('orders postings by time, then seq, then conversation number', () => {
    const sorted = ([[2, 1, 9], [1, 5, 1], [1, 4, 7], [1, 4, 2]] as Posting[]).sort(comparePostings);
    expect(sorted).toEqual([[1, 4, 2], [1, 4, 7], [1, 5, 1], [2, 1, 9]]);
  });
});

describe('packBatch', () => {
  it('gives a frequent term its own segment keyed by its newest posting, and shares one shard record per prefix among the rest', () => {
    const frequent: Posting[] = Array.from({ length: OWN_SEGMENT_AT }, (_, index) => [1_000 - index, 1, 1]);
    const byTerm = new Map<string, Posting[]>([['weather', frequent], ['weak', [[5, 2, 1]]], ['wealth', [[7, 1, 2], [3, 1, 1]]], ['oslo', [[4, 1, 1]]]]);
    const batch = packBatch(byTerm);
    expect(batch.segments.map(([key]) => key)).toEqual([['weather', 1_000, 1, 1]]);
    expect(decodePostings(batch.segments[0]![1])).toEqual([...frequent].reverse());
    expect(batch.shards.map(([key]) => key.slice(0, 4)).sort()).toEqual([['os', 4, 1, 1], ['we', 7, 1, 2]].sort());
    // Then the filter of its terms' prefixes past the shard's name (DESIGN §17.18).
    const filterOf = (name: string) => batch.shards.find(([key]) => key[0] === name)![0][4]!;
    for (const prefix of ['osl', 'oslo']) expect(filterMayHold(filterOf('os'), prefix, 2), prefix).toBe(true);
    for (const prefix of ['wea', 'weak', 'weal', 'wealth']) expect(filterMayHold(filterOf('we'), prefix, 2), prefix).toBe(true);
    expect(filterOf('we')).toEqual(termFilter(['wealth', 'weak'], 2));
    const we = batch.shards.find(([key]) => key[0] === 'we')![1];
    const parts = shardPostings(we, (term) => term.startsWith('wea'));
    expect([...parts.keys()].sort()).toEqual(['weak', 'wealth']);
    expect(decodePostings(parts.get('wealth')!)).toEqual([[3, 1, 1], [7, 1, 2]]);
    expect(decodePostings(parts.get('weak')!)).toEqual([[5, 2, 1]]);
  });

  it('shards a one-unit term and a term that starts with a surrogate pair by their own first units', () => {
    expect(shardOf('天')).toBe('天');
    expect(shardOf('😀x')).toBe('😀');
    expect(shardOf('weather')).toBe('we');
  });

  it('shards CJK bigrams by their first character: a batch of Chinese writes a record per character, not one per bigram', () => {
    expect(shardOf('天气')).toBe('天');
    expect(shardOf('気温')).toBe('気');
    expect(shardOf('날씨')).toBe('날');
    const text = '今天的天气很好，明天的天气也很好，后天会下雨，我们去公园散步吧';
    const byTerm = new Map(indexTerms(text).map((term, index) => [term, [[index, 1, 1] as [number, number, number]]]));
    const { shards } = packBatch(byTerm);
    expect(byTerm.size).toBeGreaterThan(20);
    expect(shards.length).toBe(new Set([...byTerm.keys()].map((term) => term[0])).size);
  });

  it('writes a prefix\'s record of SPLIT_AT bytes or more as pieces by the unit after the prefix, none fresh, holding every posting once', () => {
    // 'lo' + two letters: 26 × 26 terms of a few postings each, well over SPLIT_AT; and 'lo' itself, with no unit after the prefix.
    const byTerm = new Map<string, Posting[]>([['lo', [[1, 1, 1]]]]);
    for (let first = 0; first < 26; first++) {
      for (let second = 0; second < 26; second++) {
        const term = `lo${String.fromCharCode(97 + first, 97 + second)}`;
        byTerm.set(term, Array.from({ length: 5 }, (_, index): Posting => [1_000_000 * first + 1_000 * second + index, 1 + index, 1 + second]));
      }
    }
    byTerm.set('oslo', [[4, 1, 1]]);
    const whole = packBatch(new Map([...byTerm].filter(([term]) => term === 'oslo')));
    expect(whole.shards.map(([key]) => key[0])).toEqual(['os']);
    const { shards } = packBatch(byTerm);
    const lo = shards.filter(([key]) => key[0].startsWith('lo'));
    const bytes = lo.reduce((sum, [, record]) => sum + record.d.length, 0);
    expect(bytes).toBeGreaterThanOrEqual(SPLIT_AT);
    const count = Math.min(MOST_PIECES, Math.ceil(bytes / PIECE_BYTES));
    expect(count).toBeGreaterThan(1);
    expect(lo.map(([key]) => key[0]).sort()).toEqual(Array.from({ length: count }, (_, index) => pieceName('lo', count, index)).sort());
    const found = new Map<string, Posting[]>();
    for (const [key, record] of lo) {
      expect(record.f, key[0]).toBeUndefined();
      const index = lo.findIndex(([other]) => other === key);
      expect(key[0]).toBe(pieceName('lo', count, Number.parseInt(key[0].slice(-1), 36)));
      for (const [term, data] of shardPostings(record, () => true)) {
        expect(pieceName('lo', count, pieceOf(term, 2, count)), `${term} in piece ${index}`).toBe(key[0]);
        found.set(term, decodePostings(data));
      }
      // Each piece is keyed by its own newest posting, as every packed record.
      const newest = [...shardPostings(record, () => true).values()].flatMap(decodePostings).sort(comparePostings).at(-1)!;
      expect(key.slice(1, 4)).toEqual(newest);
      expect(key[4]).toEqual(termFilter([...shardPostings(record, () => true).keys()], 2));
    }
    expect(new Map([...found].sort())).toEqual(new Map([...byTerm].filter(([term]) => term !== 'oslo').sort()));
    expect(pieceOf('lo', 2, count)).toBe(0);
  });

  it('keeps a record under SPLIT_AT whole, fresh only under FRESH_BELOW_BYTES', () => {
    const byTerm = new Map<string, Posting[]>();
    for (let index = 0; index < 1_000; index++) byTerm.set(`we${index.toString(36)}`, [[index * 7_919, 1, 1 + (index % 50)]]);
    const [first, ...more] = packBatch(byTerm).shards;
    const [key, record] = first!;
    expect(more).toEqual([]);
    expect(key[0]).toBe('we');
    expect(record.d.length).toBeGreaterThanOrEqual(FRESH_BELOW_BYTES);
    expect(record.d.length).toBeLessThan(SPLIT_AT);
    expect(record.f).toBeUndefined();
  });

  it('says which of a shard\'s records can hold a prefix: its own always, the one piece its next unit names, every piece for the shard alone', () => {
    const f = pieceOf('lofoten', 2, 3);
    expect(mayHold('lo', 'lo', 'lofoten')).toBe(true);
    expect(mayHold(pieceName('lo', 3, f), 'lo', 'lofoten')).toBe(true);
    expect(mayHold(pieceName('lo', 3, (f + 1) % 3), 'lo', 'lofoten')).toBe(false);
    expect(mayHold(pieceName('lo', 4, pieceOf('lof', 2, 4)), 'lo', 'lof')).toBe(true);
    expect(mayHold(pieceName('lo', 3, (f + 1) % 3), 'lo', 'lo')).toBe(true);
    expect(mayHold(pieceName('la', 3, f), 'lo', 'lofoten')).toBe(false);
    expect(mayHold('天', '天', '天气')).toBe(true);
    expect(mayHold(pieceName('天', 5, pieceOf('天气', 1, 5)), '天', '天气')).toBe(true);
    expect(mayHold(pieceName('天', 5, (pieceOf('天气', 1, 5) + 1) % 5), '天', '天气')).toBe(false);
  });
});
