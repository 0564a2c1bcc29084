import { describe, expect, it } from 'vitest';
import { isJsonObject } from '../../src/core/is-json-object.js';

describe('isJsonObject', () => {
  it('accepts objects only', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject([])).toBe(false);
    expect(isJsonObject(null)).toBe(false);
    expect(isJsonObject('x')).toBe(false);
  });
});
