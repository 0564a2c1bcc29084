import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { unsettledFrom } from '../../src/core/unsettled-from.js';

const call = (id: string) => toolCall(id, 'lookup', {});
const result = (id: string) => toolResult(id, 'lookup', 'ok');

describe('unsettledFrom', () => {
  it('is null when nothing is pending', () => {
    expect(unsettledFrom([])).toBeNull();
    expect(unsettledFrom([user('hi')])).toBeNull();
    expect(unsettledFrom([user('hi'), assistant('hello')])).toBeNull();
    expect(unsettledFrom([user('hi'), assistant([call('a'), call('b')]), result('b'), result('a')])).toBeNull();
  });

  it('is the index of the last assistant message while its calls wait for results', () => {
    expect(unsettledFrom([user('hi'), assistant([call('a')])])).toBe(1);
    expect(unsettledFrom([user('hi'), assistant([call('a'), call('b')]), result('b')])).toBe(1);
    const longer: Message[] = [user('hi'), assistant([call('a')]), result('a'), assistant([call('b'), call('c')]), result('c')];
    expect(unsettledFrom(longer)).toBe(3);
  });

  it('is null when a user or assistant message follows the pending calls (that is not a trailing window)', () => {
    expect(unsettledFrom([assistant([call('a')]), user('hello?')])).toBeNull();
    expect(unsettledFrom([assistant([call('a')]), assistant('moving on')])).toBeNull();
  });

  it('ignores provider tool calls', () => {
    expect(unsettledFrom([assistant([{ type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}' }])])).toBeNull();
  });

  it('still finds the window when a stray result sits in its run', () => {
    expect(unsettledFrom([user('hi'), assistant([call('a')]), result('stray')])).toBe(1);
  });
});
