import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { keptTail } from '../../src/core/kept-tail.js';

import { entryFactory } from '../support/entries.js';

const { message: entry, compaction } = entryFactory();

const m1 = entry('m1', user('one'));
const m2 = entry('m2', assistant('two'));
const m3 = entry('m3', user('three'));
const m4 = entry('m4', assistant('four'));
const m5 = entry('m5', user('five'));
const m6 = entry('m6', assistant('six'));

describe('keptTail', () => {
  it('keeps every message entry, in order, without a compaction', () => {
    expect(keptTail([m1, m2, m3])).toEqual({ entries: [m1, m2, m3] });
    expect(keptTail([])).toEqual({ entries: [] });
  });

  it('keeps from firstKeptId to the end, including entries after the compaction', () => {
    const k = compaction('k', 'm3');
    expect(keptTail([m1, m2, m3, m4, k, m5, m6])).toEqual({ compaction: k, entries: [m3, m4, m5, m6] });
  });

  it('lets the last compaction win', () => {
    const first = compaction('k1', 'm3');
    const second = compaction('k2', 'm5');
    expect(keptTail([m1, m2, m3, m4, first, m5, m6, second])).toEqual({ compaction: second, entries: [m5, m6] });
  });

  it('skips earlier compaction entries inside the kept range', () => {
    const first = compaction('k1', 'm3');
    const second = compaction('k2', 'm1');
    const result = keptTail([m1, m2, first, m3, second]);
    expect(result.compaction).toBe(second);
    expect(result.entries).toEqual([m1, m2, m3]);
  });

  it('falls back to the messages after the compaction entry when firstKeptId names no message', () => {
    const unknown = compaction('k', 'nowhere');
    expect(keptTail([m1, m2, unknown, m3, m4])).toEqual({ compaction: unknown, entries: [m3, m4] });
    const namesACompaction = compaction('k3', 'k');
    expect(keptTail([m1, unknown, m2, namesACompaction, m3]).entries).toEqual([m3]);
    expect(keptTail([m1, m2, compaction('k4', 'nowhere')]).entries).toEqual([]);
  });

  it('does not mutate its input and returns the entries themselves', () => {
    const log: readonly Entry[] = Object.freeze([m1, m2, compaction('k', 'm2'), m3]);
    const result = keptTail(log);
    expect(result.entries[0]).toBe(m2);
    expect(log).toHaveLength(4);
  });
});
