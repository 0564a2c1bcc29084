import { describe, expect, it } from 'vitest';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import type { Message } from '../../src/core/message.js';
import { parseMessages } from '../../src/core/parse-messages.js';
import { deepFreeze } from '../support/deep-freeze.js';
import { thrownBy } from '../support/thrown-by.js';

describe('parseMessages', () => {
  it('returns copies without unknown fields, leaving the input as it is', () => {
    const input = deepFreeze([{ role: 'user', content: 'Hi', mood: 'happy' }]) as unknown as Message[];
    const parsed = parseMessages(input, 'unused');
    expect(parsed).toStrictEqual([{ role: 'user', content: 'Hi' }]);
    expect(parsed[0]).not.toBe(input[0]);
  });

  it('refuses the first invalid message with `invalid_message`, `path` from its index, and the consequence', () => {
    const input = [{ role: 'user', content: 'Hi' }, { role: 'user', content: [{ type: 'text', text: 1 }] }, { role: 'x' }];
    const thrown = thrownBy(() => parseMessages(input, 'Nothing was written.')) as ConvologError;
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([1, 'content', 0, 'text']);
    expect(thrown.message).toMatch(/^Message 1 is not a valid message \(.*\)\. Nothing was written\.$/);
  });

  it('refuses what is not an array with an empty `path`', () => {
    const thrown = thrownBy(() => parseMessages({ role: 'user', content: 'Hi' }, 'Pass an array.')) as ConvologError;
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([]);
    expect(thrown.message).toBe('Expected an array of messages, got object. Pass an array.');
  });
});
