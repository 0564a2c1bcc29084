import { describe, expect, it } from 'vitest';
import { convertEach } from '../../../src/adapters/shared/convert-each.js';

describe('convertEach', () => {
  it('converts every item with its index and leaves out what converts to undefined', () => {
    const seen: [string, number][] = [];
    const converted = convertEach(['a', 'skip', 'c'], (item, index) => {
      seen.push([item, index]);
      return item === 'skip' ? undefined : item.toUpperCase();
    });
    expect(converted).toStrictEqual(['A', 'C']);
    expect(seen).toStrictEqual([['a', 0], ['skip', 1], ['c', 2]]);
  });
});
