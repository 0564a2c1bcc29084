import { describe, expect, it } from 'vitest';
import { itemName } from '../../../src/adapters/shared/item-name.js';

describe('itemName', () => {
  it('names a block or part with the right article, and an `other` item with its type', () => {
    expect(itemName({ type: 'reasoning', text: '' }, 'block')).toBe('a `reasoning` block');
    expect(itemName({ type: 'image', source: { kind: 'url', url: 'u' } }, 'part')).toBe('an `image` part');
    expect(itemName({ type: 'file', source: { kind: 'url', url: 'u' } }, 'part')).toBe('a `file` part');
    expect(itemName({ type: 'other', typeName: 'web_search_call', value: {} }, 'block')).toBe('an `other` block (type `web_search_call`)');
  });
});
