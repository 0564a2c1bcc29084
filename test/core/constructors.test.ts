import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { MessageSchema } from '../../src/core/message.js';

describe('constructors', () => {
  it('user takes text or parts, copying the array', () => {
    expect(user('hi')).toEqual({ role: 'user', content: 'hi' });
    const parts = Object.freeze([{ type: 'text' as const, text: 'a' }]);
    const message = user(parts);
    expect(message.content).toEqual(parts);
    expect(message.content).not.toBe(parts);
  });

  it('assistant turns text into one text block', () => {
    expect(assistant('hello')).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'hello' }] });
    expect(assistant([toolCall('c', 'f')]).content).toEqual([{ type: 'tool_call', id: 'c', name: 'f', arguments: '{}' }]);
  });

  it('toolCall keeps argument text as written and serializes objects', () => {
    expect(toolCall('c', 'f', '{ "a" : 1 }').arguments).toBe('{ "a" : 1 }');
    expect(toolCall('c', 'f', { city: 'Oslo' }).arguments).toBe('{"city":"Oslo"}');
  });

  it('toolResult sets isError only when given', () => {
    expect(toolResult('c', 'f', 'ok')).toEqual({ role: 'tool', toolCallId: 'c', toolName: 'f', content: 'ok' });
    expect(toolResult('c', 'f', 'boom', { isError: true }).isError).toBe(true);
  });

  it('every constructor produces a valid message', () => {
    for (const message of [user('a'), assistant('b'), assistant([toolCall('c', 'f', {})]), toolResult('c', 'f', 'x')]) {
      expect(MessageSchema.safeParse(message).success).toBe(true);
    }
  });
});
