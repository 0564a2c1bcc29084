import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { DEFAULT_SETTLE_REASON, settle } from '../../src/core/settle.js';
import { validate } from '../../src/core/validate.js';
import { deepFreeze } from '../support/deep-freeze.js';

const pending: Message[] = [
  user('weather and time in Oslo?'),
  assistant([{ type: 'text', text: 'Looking.' }, toolCall('w', 'get_weather', {}), toolCall('t', 'get_time', {}), toolCall('n', 'get_news', {})]),
  toolResult('t', 'get_time', '12:00'),
];

describe('settle', () => {
  it('appends one error result per pending call of the trailing window, in block order', () => {
    const { messages, settled, warnings } = settle(pending);
    expect(settled).toEqual(['w', 'n']);
    expect(warnings).toEqual([]);
    expect(messages.slice(0, pending.length)).toEqual(pending);
    expect(messages.slice(pending.length)).toEqual([
      { role: 'tool', toolCallId: 'w', toolName: 'get_weather', content: DEFAULT_SETTLE_REASON, isError: true },
      { role: 'tool', toolCallId: 'n', toolName: 'get_news', content: DEFAULT_SETTLE_REASON, isError: true },
    ]);
    expect(DEFAULT_SETTLE_REASON).toBe('The tool call was interrupted before it returned a result.');
  });

  it('makes the history sendable', () => {
    expect(validate(pending, 'sendable')).not.toEqual([]);
    expect(validate(settle(pending).messages, 'sendable')).toEqual([]);
  });

  it('uses the given reason, and the default for an empty one', () => {
    const withReason = settle(pending, { reason: 'The user closed the tab.' }).messages;
    expect(withReason.slice(pending.length).map((message) => message.content)).toEqual(['The user closed the tab.', 'The user closed the tab.']);
    const empty = settle(pending, { reason: '' }).messages;
    expect(empty.at(-1)?.content).toBe(DEFAULT_SETTLE_REASON);
  });

  it('is idempotent', () => {
    const once = settle(pending);
    const twice = settle(once.messages);
    expect(twice.messages).toEqual(once.messages);
    expect(twice.settled).toEqual([]);
  });

  it('returns a copy of the input when nothing is pending', () => {
    const settledAlready: Message[] = [user('hi'), assistant([toolCall('a', 'x', {})]), toolResult('a', 'x', 'ok')];
    const { messages, settled } = settle(settledAlready);
    expect(messages).toEqual(settledAlready);
    expect(messages).not.toBe(settledAlready);
    expect(settled).toEqual([]);
    expect(settle([]).messages).toEqual([]);
  });

  it('leaves calls unanswered before the trailing window alone (dropOrphans handles those)', () => {
    const history: Message[] = [assistant([toolCall('a', 'x', {})]), user('next')];
    expect(settle(history).messages).toEqual(history);
  });

  it('answers a call id repeated within the window once', () => {
    const history: Message[] = [assistant([toolCall('a', 'x', {}), toolCall('a', 'x', {})])];
    const { messages, settled } = settle(history);
    expect(settled).toEqual(['a']);
    expect(validate(messages, 'sendable').map((issue) => issue.code)).toEqual(['duplicate_tool_call_id']);
  });

  it('never mutates its input and keeps the original message objects', () => {
    const frozen = deepFreeze(structuredClone(pending));
    const { messages } = settle(frozen);
    expect(messages).toHaveLength(pending.length + 2);
    messages.slice(0, frozen.length).forEach((message, index) => expect(message).toBe(frozen[index]));
  });
});
