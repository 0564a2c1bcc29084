// The packed index's encoding (DESIGN §17): postings round-trip through varint bytes in hit order,
// a batch packs into few records (a segment per frequent term, a shard per prefix for the rest).
import { describe, expect, it } from 'vitest';
import { indexTerms } from '../../src/core/index-terms.js';
import { OWN_SEGMENT_AT, packBatch, shardOf, shardPostings } from '../../src/store/search/pack-batch.js';
import { comparePostings, decodePostings, encodePostings, PostingWriter, type Posting } from '../../src/store/search/posting-codec.js';

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
    expect(batch.shards.map(([key]) => key).sort()).toEqual([['os', 4, 1, 1], ['we', 7, 1, 2]].sort());
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
});
