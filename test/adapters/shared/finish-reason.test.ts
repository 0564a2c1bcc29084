import { describe, expect, it } from 'vitest';
import { normalizeFinishReason } from '../../../src/adapters/shared/finish-reason.js';

const table = { stop: 'stop', length: 'length', blocked: 'content_filter' } as const;

describe('normalizeFinishReason', () => {
  it('maps known words and calls the rest `other`', () => {
    expect(normalizeFinishReason('length', table, false)).toBe('length');
    expect(normalizeFinishReason('blocked', table, false)).toBe('content_filter');
    expect(normalizeFinishReason('brand_new', table, false)).toBe('other');
    expect(normalizeFinishReason(undefined, table, false)).toBe('other');
  });

  it('reports a `stop` turn that ends in tool calls as `tool_calls`, and leaves other reasons alone', () => {
    expect(normalizeFinishReason('stop', table, true)).toBe('tool_calls');
    expect(normalizeFinishReason('length', table, true)).toBe('length');
  });

  it('does not read inherited properties as words', () => {
    expect(normalizeFinishReason('toString', table, false)).toBe('other');
  });
});
