import { describe, expect, it } from 'vitest';
import { excerpt, quoted } from '../../src/core/excerpt.js';

describe('excerpt (how a refusal quotes a value)', () => {
  it('quotes a value of up to 60 characters whole', () => {
    const sixty = 'x'.repeat(60);
    expect(excerpt(sixty)).toBe(sixty);
    expect(quoted('short')).toBe('"short"');
  });

  it('quotes the start of a longer value with its length, never the whole of a 1 MB value', () => {
    const huge = 'a'.repeat(1_000_000);
    expect(excerpt(huge)).toBe(`${'a'.repeat(60)}… (1000000 characters)`);
    expect(quoted(huge).length).toBeLessThan(100);
  });

  it('never cuts an emoji in half: a surrogate pair across the cut is left out whole', () => {
    const value = `${'a'.repeat(59)}😀${'b'.repeat(10)}`;
    const cut = excerpt(value);
    expect(cut.startsWith(`${'a'.repeat(59)}…`)).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(cut).toBe(`${'a'.repeat(59)}… (71 characters)`);
  });
});
