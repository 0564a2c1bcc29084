import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { HistoryIssue } from '../../src/core/history-issue.js';
import type { Message } from '../../src/core/message.js';
import { validate } from '../../src/core/validate.js';
import { deepFreeze } from '../support/deep-freeze.js';

const call = (id: string, name = 'get_weather') => toolCall(id, name, { city: 'Oslo' });
const result = (id: string, name = 'get_weather') => toolResult(id, name, `result of ${id}`);

describe('validate: valid histories', () => {
  it('accepts an empty history and one without tools', () => {
    expect(validate([], 'sendable')).toEqual([]);
    expect(validate([user('hi'), assistant('hello'), user('bye')], 'sendable')).toEqual([]);
  });

  it('accepts results in any order within the run right after the calls', () => {
    const history: Message[] = [
      user('weather in three cities?'),
      assistant([{ type: 'text', text: 'Checking.' }, call('a'), call('b'), call('c')]),
      result('c'), result('a'), result('b'),
      assistant('Sunny everywhere.'),
    ];
    expect(validate(history, 'sendable')).toEqual([]);
    expect(validate(history, 'resumable')).toEqual([]);
  });

  it('accepts several tool rounds in a row', () => {
    const history: Message[] = [
      user('go'), assistant([call('a')]), result('a'), assistant([call('b'), call('c')]), result('b'), result('c'), assistant('done'),
    ];
    expect(validate(history, 'sendable')).toEqual([]);
  });
});

describe('validate: unanswered_tool_call', () => {
  it('reports a pending call followed by a user message in both modes, with the tool name', () => {
    const history: Message[] = [user('go'), assistant([call('a', 'search')]), user('hello?')];
    const expected: HistoryIssue[] = [{ code: 'unanswered_tool_call', messageIndex: 1, toolCallId: 'a', toolName: 'search' }];
    expect(validate(history, 'sendable')).toEqual(expected);
    expect(validate(history, 'resumable')).toEqual(expected);
  });

  it('reports only the calls of a window that have no result', () => {
    const history: Message[] = [assistant([call('a'), call('b'), call('c')]), result('b'), assistant('ok')];
    expect(validate(history, 'sendable')).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 0, toolCallId: 'a', toolName: 'get_weather' },
      { code: 'unanswered_tool_call', messageIndex: 0, toolCallId: 'c', toolName: 'get_weather' },
    ]);
  });

  it('reports a pending call followed by another assistant message', () => {
    const history: Message[] = [user('go'), assistant([call('a')]), assistant('never mind')];
    expect(validate(history, 'resumable')).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 1, toolCallId: 'a', toolName: 'get_weather' },
    ]);
  });

  it('lets the trailing window wait in resumable mode only', () => {
    const history: Message[] = [user('go'), assistant([call('a'), call('b')]), result('b')];
    expect(validate(history, 'resumable')).toEqual([]);
    expect(validate(history, 'sendable')).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 1, toolCallId: 'a', toolName: 'get_weather' },
    ]);
    expect(validate(history.slice(0, 2), 'resumable')).toEqual([]);
  });

  it('still reports an unanswered call before the trailing window in resumable mode', () => {
    const history: Message[] = [assistant([call('a')]), user('again'), assistant([call('b')])];
    expect(validate(history, 'resumable')).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 0, toolCallId: 'a', toolName: 'get_weather' },
    ]);
  });
});

describe('validate: results without a call in place', () => {
  it('reports a result for an id never called as orphan_tool_result', () => {
    expect(validate([result('x'), user('hi')], 'sendable')).toEqual([{ code: 'orphan_tool_result', messageIndex: 0, toolCallId: 'x' }]);
    const inRun: Message[] = [assistant([call('a')]), result('a'), result('ghost')];
    expect(validate(inRun, 'resumable')).toEqual([{ code: 'orphan_tool_result', messageIndex: 2, toolCallId: 'ghost' }]);
  });

  it('treats a result that comes before its call as an orphan, and the call as unanswered', () => {
    const history: Message[] = [user('go'), result('a'), assistant([call('a')]), user('next')];
    expect(validate(history, 'sendable')).toEqual([
      { code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'a' },
      { code: 'unanswered_tool_call', messageIndex: 2, toolCallId: 'a', toolName: 'get_weather' },
    ]);
  });

  it('reports a result after its run ended as misplaced_tool_result, naming the call message', () => {
    const history: Message[] = [user('go'), assistant([call('a')]), user('interrupting'), result('a')];
    expect(validate(history, 'resumable')).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 1, toolCallId: 'a', toolName: 'get_weather' },
      { code: 'misplaced_tool_result', messageIndex: 3, toolCallId: 'a', callMessageIndex: 1 },
    ]);
  });

  it('reports a result in the run of a later assistant message as misplaced', () => {
    const history: Message[] = [assistant([call('a')]), result('a'), assistant([call('b')]), result('b'), result('a')];
    expect(validate(history, 'sendable')).toEqual([{ code: 'misplaced_tool_result', messageIndex: 4, toolCallId: 'a', callMessageIndex: 0 }]);
  });

  it('reports a second result for the same call in its run as duplicate_tool_result', () => {
    const history: Message[] = [assistant([call('a'), call('b')]), result('a'), result('b'), result('a')];
    expect(validate(history, 'sendable')).toEqual([{ code: 'duplicate_tool_result', messageIndex: 3, toolCallId: 'a' }]);
  });

  it('reports a second result after the run ended as misplaced, not duplicate', () => {
    const history: Message[] = [assistant([call('a')]), result('a'), user('thanks'), result('a')];
    expect(validate(history, 'sendable')).toEqual([{ code: 'misplaced_tool_result', messageIndex: 3, toolCallId: 'a', callMessageIndex: 0 }]);
  });
});

describe('validate: duplicate_tool_call_id', () => {
  it('reports an id repeated within one message', () => {
    const history: Message[] = [assistant([call('a'), call('a')]), result('a')];
    expect(validate(history, 'sendable')).toEqual([
      { code: 'duplicate_tool_call_id', messageIndex: 0, toolCallId: 'a', firstMessageIndex: 0 },
    ]);
  });

  it('reports an id reused far from its first use', () => {
    const history: Message[] = [user('start'), assistant([call('same')]), result('same')];
    for (let turn = 0; turn < 500; turn++) history.push(user(`question ${turn}`), assistant(`answer ${turn}`));
    const reusedAt = history.length;
    history.push(assistant([call('same')]), result('same'), assistant('done'));
    expect(validate(history, 'sendable')).toEqual([
      { code: 'duplicate_tool_call_id', messageIndex: reusedAt, toolCallId: 'same', firstMessageIndex: 1 },
    ]);
  });
});

describe('validate: content that is not a client tool call', () => {
  it('ignores provider tool calls and results and other content', () => {
    const history: Message[] = [
      user([{ type: 'other', typeName: 'x', value: { id: 'p1' } }]),
      assistant([
        { type: 'provider_tool_call', id: 'p1', name: 'web_search', arguments: '{}' },
        { type: 'provider_tool_result', toolCallId: 'p1', value: { hits: [] } },
        { type: 'other', typeName: 'server_tool_use', value: { id: 'p2' } },
        { type: 'text', text: 'Found nothing.' },
      ]),
      assistant([{ type: 'provider_tool_call', id: 'p3', name: 'code_execution', arguments: '{}' }]),
    ];
    expect(validate(history, 'sendable')).toEqual([]);
  });

  it('does not accept a tool message as the answer to a provider tool call', () => {
    const history: Message[] = [assistant([{ type: 'provider_tool_call', id: 'p1', name: 'web_search', arguments: '{}' }]), result('p1')];
    expect(validate(history, 'sendable')).toEqual([{ code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'p1' }]);
  });
});

describe('validate: mixed issues', () => {
  it('returns every issue in message order, the unanswered calls before the stray results of their run', () => {
    const history: Message[] = [
      user('go'), // 0
      result('ghost'), // 1 orphan
      assistant([call('a'), call('b', 'search')]), // 2: b unanswered
      result('zzz'), // 3 orphan inside the run
      result('a'), // 4
      result('a'), // 5 duplicate result
      user('hm'), // 6
      result('b', 'search'), // 7 misplaced (call in 2)
      assistant([call('a'), call('c')]), // 8: a reused; both answered below
      result('c'), result('a'), // 9, 10
      assistant([call('d')]), // 11: trailing window, pending
    ];
    const expected: HistoryIssue[] = [
      { code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'ghost' },
      { code: 'unanswered_tool_call', messageIndex: 2, toolCallId: 'b', toolName: 'search' },
      { code: 'orphan_tool_result', messageIndex: 3, toolCallId: 'zzz' },
      { code: 'duplicate_tool_result', messageIndex: 5, toolCallId: 'a' },
      { code: 'misplaced_tool_result', messageIndex: 7, toolCallId: 'b', callMessageIndex: 2 },
      { code: 'duplicate_tool_call_id', messageIndex: 8, toolCallId: 'a', firstMessageIndex: 2 },
    ];
    expect(validate(history, 'resumable')).toEqual(expected);
    expect(validate(history, 'sendable')).toEqual([
      ...expected, { code: 'unanswered_tool_call', messageIndex: 11, toolCallId: 'd', toolName: 'get_weather' },
    ]);
  });

  it('reports stray results inside the trailing run while letting its calls wait', () => {
    const history: Message[] = [assistant([call('a'), call('b')]), result('x'), result('b'), result('b')];
    expect(validate(history, 'resumable')).toEqual([
      { code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'x' },
      { code: 'duplicate_tool_result', messageIndex: 3, toolCallId: 'b' },
    ]);
    expect(validate(history, 'sendable').map((issue) => [issue.code, issue.messageIndex])).toEqual([
      ['unanswered_tool_call', 0], ['orphan_tool_result', 1], ['duplicate_tool_result', 3],
    ]);
  });
});

describe('validate: robustness', () => {
  it('never mutates its input', () => {
    const history = deepFreeze<Message[]>([user('go'), assistant([call('a'), call('b')]), result('b'), result('x'), user('?')]);
    expect(() => validate(history, 'sendable')).not.toThrow();
    expect(validate(history, 'sendable')).toHaveLength(2);
  });

  it('does not throw on malformed messages', () => {
    const junk = [
      null, undefined, 42, 'text', {}, { role: 'assistant' }, { role: 'assistant', content: 'not an array' },
      { role: 'assistant', content: [null, 1, { type: 'tool_call' }] }, { role: 'tool' }, { role: 'system', content: 'x' },
    ] as unknown as Message[];
    expect(() => validate(junk, 'sendable')).not.toThrow();
    expect(() => validate(junk, 'resumable')).not.toThrow();
    expect(validate(null as unknown as Message[], 'sendable')).toEqual([]);
  });

  it('handles one message with many calls in linear time without stack overflow', () => {
    const calls = Array.from({ length: 100_000 }, (_, index) => call(`c${index}`));
    const history: Message[] = [assistant(calls), result('c5'), result('stray'), user('next')];
    const issues = validate(history, 'sendable');
    expect(issues).toHaveLength(100_000);
    expect(issues.at(-1)).toEqual({ code: 'orphan_tool_result', messageIndex: 2, toolCallId: 'stray' });
  });
});
