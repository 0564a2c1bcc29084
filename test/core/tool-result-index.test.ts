import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { toolResultIndex } from '../../src/core/tool-result-index.js';

const call = (id: string) => toolCall(id, 'lookup', {});
const result = (id: string) => toolResult(id, 'lookup', `result of ${id}`);

describe('toolResultIndex', () => {
  it('finds a result anywhere in the run right after the call, in any order', () => {
    const history = [user('q'), assistant([call('a'), call('b')]), result('b'), result('a'), user('next')];
    expect(toolResultIndex(history, 1, 'a')).toBe(3);
    expect(toolResultIndex(history, 1, 'b')).toBe(2);
  });

  it('takes the first of two results in the run', () => {
    expect(toolResultIndex([assistant([call('a')]), result('a'), result('a')], 0, 'a')).toBe(1);
  });

  it('finds nothing past the end of the run, where a result is misplaced', () => {
    const history = [assistant([call('a'), call('b')]), result('a'), user('interrupt'), result('b')];
    expect(toolResultIndex(history, 0, 'b')).toBeUndefined();
    expect(toolResultIndex(history, 0, 'missing')).toBeUndefined();
    expect(toolResultIndex(history, 3, 'b')).toBeUndefined();
  });

  it('treats anything that is not a tool message as the end of the run', () => {
    const untyped = [assistant([call('a')]), null, result('a')] as unknown as Message[];
    expect(toolResultIndex(untyped, 0, 'a')).toBeUndefined();
  });
});
