import { describe, expect, it } from 'vitest';
import { EntrySchema } from '../../src/core/entry.js';

const entry = (seq: unknown): unknown => ({
  type: 'message', id: 'e1', conversationId: 'c1', seq, timestamp: '2026-01-01T00:00:00.000Z', parentId: null,
  message: { role: 'user', content: 'hi' },
});

describe('EntrySchema', () => {
  it('takes a positive whole seq', () => {
    for (const seq of [1, 2, 2 ** 40]) expect(EntrySchema.safeParse(entry(seq)).success).toBe(true);
  });

  it('refuses a seq that is not a positive whole number', () => {
    for (const seq of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null]) {
      expect(EntrySchema.safeParse(entry(seq)).success, String(seq)).toBe(false);
    }
  });

  it('refuses the smallest positive number, which zod\'s multipleOf(1) took for a whole one', () => {
    // Found by read-entry's property test in Firefox (seed -1974178710): the zod-free reader refused
    // seq 5e-324 and the schema accepted it, so an import could store a seq that is not a whole number.
    expect(EntrySchema.safeParse(entry(Number.MIN_VALUE)).success).toBe(false);
    expect(EntrySchema.safeParse(entry(1e-7)).success).toBe(false);
  });
});
