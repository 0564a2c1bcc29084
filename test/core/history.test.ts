import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { ConvologError, isConvologError, type ConvologErrorCode } from '../../src/core/error.js';
import {
  HISTORY_FORMAT_VERSION, parseHistory, safeParseHistory, serializeHistory,
} from '../../src/core/history.js';
import type { Message } from '../../src/core/message.js';
import { thrownBy } from '../support/thrown-by.js';

const messages: Message[] = [
  user('What is the weather in Oslo?'),
  assistant([toolCall('call_1', 'get_weather', { city: 'Oslo' })]),
  toolResult('call_1', 'get_weather', '12°C, rain'),
  assistant('It is 12°C and raining in Oslo.'),
];

function errorOf(input: unknown): ConvologError {
  const result = safeParseHistory(input);
  if (result.success) throw new Error('expected parseHistory to refuse the input');
  return result.error;
}

function expectRefusal(input: unknown, code: ConvologErrorCode): ConvologError {
  const error = errorOf(input);
  expect(error).toBeInstanceOf(ConvologError);
  expect(error.code).toBe(code);
  return error;
}

describe('serializeHistory', () => {
  it('writes the format tag and the current version', () => {
    expect(HISTORY_FORMAT_VERSION).toBe(1);
    expect(serializeHistory(messages)).toEqual({ format: 'convolog.history', formatVersion: 1, messages });
  });

  it('refuses an invalid message with its path', () => {
    const bad = [user('ok'), { role: 'user', content: [{ type: 'text', text: 1 }] }] as unknown as Message[];
    const error = thrownBy(() => serializeHistory(bad)) as ConvologError;
    expect(isConvologError(error, 'invalid_message')).toBe(true);
    expect(error.path).toEqual([1, 'content', 0, 'text']);
    expect(error.message).toContain('Message 1');
  });
});

describe('parseHistory', () => {
  it('round-trips through JSON text and through a parsed value', () => {
    const serialized = serializeHistory(messages);
    expect(parseHistory(JSON.stringify(serialized))).toEqual({ formatVersion: 1, messages });
    expect(parseHistory(serialized)).toEqual({ formatVersion: 1, messages });
  });

  it('accepts a missing format field', () => {
    expect(parseHistory({ formatVersion: 1, messages }).messages).toEqual(messages);
  });

  it('refuses another format tag, pointing a conversation export to importConversation', () => {
    const other = expectRefusal({ format: 'other', formatVersion: 1, messages }, 'invalid_history');
    expect(other.path).toEqual(['format']);
    expect(other.message).toContain('not a convolog history');
    const exported = expectRefusal({ format: 'convolog.conversation', formatVersion: 1, entries: [] }, 'invalid_history');
    expect(exported.message).toContain('importConversation');
  });

  it('names both versions for a newer or older version', () => {
    const newer = expectRefusal({ formatVersion: 99, messages: [] }, 'unsupported_version');
    expect(newer.message).toContain('unsupported history format version 99 (this build supports up to 1)');
    const zero = expectRefusal({ formatVersion: 0, messages: [] }, 'unsupported_version');
    expect(zero.message).toContain('version 0');
    expect(zero.message).toContain('not written by convolog');
  });

  it('refuses a missing or non-integer version as invalid', () => {
    expectRefusal({ messages: [] }, 'invalid_history');
    expectRefusal({ formatVersion: '1', messages: [] }, 'invalid_history');
    expectRefusal({ formatVersion: 1.5, messages: [] }, 'invalid_history');
  });

  it('names an unknown content type and hints at a newer writer', () => {
    const error = expectRefusal(
      { formatVersion: 1, messages: [user('a'), { role: 'assistant', content: [{ type: 'audio', data: 'x' }] }] },
      'unknown_content_type',
    );
    expect(error.message).toContain('unknown content block type `audio` (written by a newer convolog?)');
    expect(error.path).toEqual(['messages', 1, 'content', 0, 'type']);
  });

  it('refuses a known content type in the wrong place as invalid, not unknown', () => {
    const error = expectRefusal(
      { formatVersion: 1, messages: [{ role: 'user', content: [{ type: 'reasoning', text: 'x' }] }] },
      'invalid_history',
    );
    expect(error.path).toEqual(['messages', 0, 'content', 0, 'type']);
    expect(error.message).toContain('`reasoning`');
  });

  it('refuses a system field and a system message', () => {
    const field = expectRefusal({ formatVersion: 1, system: 'be nice', messages }, 'system_field');
    expect(field.message).toContain('appData');
    expectRefusal({ formatVersion: 1, messages: [{ role: 'system', content: 'x' }] }, 'system_field');
  });

  it('reports the deepest path and what was expected there', () => {
    const error = expectRefusal(
      { formatVersion: 1, messages: [user('a'), { role: 'user', content: [{ type: 'text', text: 5 }] }] },
      'invalid_history',
    );
    expect(error.path).toEqual(['messages', 1, 'content', 0, 'text']);
    expect(error.message).toContain('messages[1].content[0].text');
    expect(error.message).toContain('expected string');
    expect(error.message).toContain('fix or remove that message');
  });

  it('names both alternatives when a union fails at its own level', () => {
    const error = expectRefusal({ formatVersion: 1, messages: [{ role: 'user', content: 5 }] }, 'invalid_history');
    expect(error.path).toEqual(['messages', 0, 'content']);
    expect(error.message).toMatch(/expected string or array, received number/);
  });

  it('drops unknown fields and does not write them back', () => {
    const parsed = parseHistory({ formatVersion: 1, future: true, messages: [{ role: 'user', content: 'x', extra: 1 }] });
    expect(parsed.messages).toEqual([{ role: 'user', content: 'x' }]);
    expect(serializeHistory(parsed.messages).messages[0]).not.toHaveProperty('extra');
  });

  it('returns the version it read', () => {
    expect(parseHistory({ formatVersion: 1, messages: [] }).formatVersion).toBe(1);
  });
});

describe('parseHistory on bad input throws only ConvologError', () => {
  const deep = (depth: number) => {
    let value: unknown = 'leaf';
    for (let index = 0; index < depth; index++) value = [value];
    return value;
  };
  const deepText = '['.repeat(10_000) + ']'.repeat(10_000);

  it.each([
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an array', [user('x')]],
    ['JSON text of an array', '[]'],
    ['broken JSON', '{"formatVersion":1,'],
    ['messages not an array', { formatVersion: 1, messages: {} }],
    ['a message that is a string', { formatVersion: 1, messages: ['hi'] }],
    ['an unknown role', { formatVersion: 1, messages: [{ role: 'robot', content: 'x' }] }],
    ['wrong types everywhere', { formatVersion: 1, messages: [{ role: 'tool', toolCallId: 1, toolName: [], content: {} }] }],
    ['10,000-deep nesting as a value', { formatVersion: 1, messages: [{ role: 'user', content: [{ type: 'other', typeName: 'x', value: deep(10_000) }] }] }],
    ['10,000-deep nesting as JSON text', deepText],
    ['a 50 MB string of garbage', 'x'.repeat(50 * 1024 * 1024)],
  ])('%s', (_, input) => {
    const error = errorOf(input);
    expect(isConvologError(error)).toBe(true);
    expect(['invalid_history', 'system_field', 'unsupported_version', 'unknown_content_type']).toContain(error.code);
    expect(() => parseHistory(input)).toThrow(ConvologError);
  });

  // 60 s, not vitest's 5 s: under two busy loops beside the whole suite, parsing and checking 50 MB
  // took 5.9 s in the clean-clone run. A time limit, not a behaviour (timing lives in the bench).
  it('accepts a 50 MB text inside a valid message', () => {
    const big = 'y'.repeat(50 * 1024 * 1024);
    const parsed = parseHistory(JSON.stringify({ formatVersion: 1, messages: [user(big)] }));
    expect((parsed.messages[0]!.content as string).length).toBe(big.length);
  }, 60_000);

  it('never lets __proto__, constructor or prototype keys through or pollute anything', () => {
    const text = '{"formatVersion":1,"__proto__":{"polluted":1},"messages":[{"role":"user","content":"x",' +
      '"appData":{"__proto__":{"polluted":2},"constructor":{"prototype":{"polluted":3}},"ok":1},' +
      '"providerData":{"openai":{"__proto__":{"polluted":4},"prototype":5,"id":"a"}}},' +
      '{"role":"assistant","content":[{"type":"other","typeName":"x","value":{"__proto__":{"polluted":6},"nested":[{"constructor":1}]}}]}]}';
    const parsed = parseHistory(text);
    const [first, second] = parsed.messages;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(first!.appData).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(first!.appData)).toBe(Object.prototype);
    expect(first!.providerData).toEqual({ openai: { id: 'a' } });
    expect(Object.hasOwn(first!.appData!, '__proto__')).toBe(false);
    const other = (second as { content: { value: unknown }[] }).content[0]!.value;
    expect(other).toEqual({ nested: [{}] });
    expect(Object.getPrototypeOf(other)).toBe(Object.prototype);
  });

  it('does the same for an already parsed object with an own __proto__ key', () => {
    const input = JSON.parse('{"formatVersion":1,"messages":[{"role":"user","content":"x","appData":{"__proto__":{"polluted":1}}}]}');
    const parsed = parseHistory(input);
    expect(parsed.messages[0]!.appData).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
