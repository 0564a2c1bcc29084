import { describe, expect, it } from 'vitest';
import { usageOf } from '../../../src/adapters/shared/usage-of.js';

describe('usageOf', () => {
  it('keeps the counts that are numbers, and is undefined when none is', () => {
    expect(usageOf({ inputTokens: 3, outputTokens: undefined, cachedInputTokens: null, totalTokens: 0 })).toStrictEqual({ inputTokens: 3, totalTokens: 0 });
    expect(usageOf({ inputTokens: undefined, outputTokens: '5' })).toBeUndefined();
  });
});
