import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCompactionDigest, DEFAULT_DIGEST_LABELS } from '../../src/core/compaction-digest.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';

import type { Message } from '../../src/core/message.js';
import { messageEntries } from '../support/entries.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const weather: Message[] = [
  user('What is the weather in Oslo?'),
  assistant([{ type: 'text', text: 'Let me check.' }, toolCall('c1', 'get_weather', { city: 'Oslo' })]),
  toolResult('c1', 'get_weather', '{"temp":5}'),
  assistant('It is 5 °C.'),
];

describe('buildCompactionDigest', () => {
  it('writes one block per user and assistant message and one line per tool call with its result', () => {
    expect(buildCompactionDigest(weather)).toBe([
      'User: What is the weather in Oslo?',
      '',
      'Assistant: Let me check.',
      '→ get_weather({"city":"Oslo"}) = {"temp":5}',
      '',
      'Assistant: It is 5 °C.',
    ].join('\n'));
  });

  it('accepts message entries as well as messages', () => {
    expect(buildCompactionDigest(messageEntries(weather))).toBe(buildCompactionDigest(weather));
  });

  it('finds results answered in any order and marks error results', () => {
    const digest = buildCompactionDigest([
      user('Compare'),
      assistant([toolCall('a', 'lookup', { q: 1 }), toolCall('b', 'lookup', { q: 2 }), toolCall('c', 'broken', {})]),
      toolResult('c', 'broken', 'timeout', { isError: true }),
      toolResult('b', 'lookup', 'two'),
      toolResult('a', 'lookup', 'one'),
    ]);
    expect(digest).toBe([
      'User: Compare',
      '',
      'Assistant:',
      '→ lookup({"q":1}) = one',
      '→ lookup({"q":2}) = two',
      '→ broken({}) = error: timeout',
    ].join('\n'));
  });

  it('writes a call line without a result when no tool message answers it in the following run', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'lookup', {})]),
      user('never mind'),
      toolResult('a', 'lookup', 'late'),
    ]);
    expect(digest).toBe('Assistant:\n→ lookup({})\n\nUser: never mind');
  });

  it('takes no result from past the end of the run, even where the call\'s position points', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'lookup', {}), toolCall('b', 'lookup', {}), toolCall('c', 'lookup', {})]),
      toolResult('a', 'lookup', 'A'),
      user('stop'),
      toolResult('c', 'lookup', 'misplaced'),
    ]);
    expect(digest).toBe('Assistant:\n→ lookup({}) = A\n→ lookup({})\n→ lookup({})\n\nUser: stop');
  });

  it('gives tool messages no block of their own, even without their call', () => {
    expect(buildCompactionDigest([toolResult('x', 'lookup', 'orphan'), user('hi')])).toBe('User: hi');
  });

  it('leaves reasoning out', () => {
    const digest = buildCompactionDigest([
      assistant([{ type: 'reasoning', text: 'secret chain of thought' }, { type: 'text', text: 'Answer' }]),
    ]);
    expect(digest).toBe('Assistant: Answer');
  });

  it('skips blank messages without calls and returns null when nothing substantive remains', () => {
    expect(buildCompactionDigest([user('  \n '), assistant([{ type: 'reasoning', text: 'hmm' }]), assistant('')])).toBeNull();
    expect(buildCompactionDigest([])).toBeNull();
    expect(buildCompactionDigest([user(' '), user('real')])).toBe('User: real');
  });

  it('clips results and arguments to `clip` code points with an ellipsis', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'read', 'abcdefghij')]),
      toolResult('a', 'read', '0123456789'),
    ], { clip: 4 });
    expect(digest).toBe('Assistant:\n→ read(abcd…) = 0123…');
    const exact = buildCompactionDigest([assistant([toolCall('a', 'read', 'abcd')]), toolResult('a', 'read', '0123')], { clip: 4 });
    expect(exact).toBe('Assistant:\n→ read(abcd) = 0123');
  });

  it('clips 200 code points by default', () => {
    const digest = buildCompactionDigest([assistant([toolCall('a', 'read', {})]), toolResult('a', 'read', 'x'.repeat(500))]);
    expect(digest).toBe(`Assistant:\n→ read({}) = ${'x'.repeat(200)}…`);
  });

  it('clips Cyrillic text by code points', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'погода', { город: 'Москва' })]),
      toolResult('a', 'погода', 'Сегодня в Москве солнечно'),
    ], { clip: 7 });
    expect(digest).toBe('Assistant:\n→ погода({"город…) = Сегодня…');
  });

  it('never splits an astral emoji (a surrogate pair)', () => {
    const emoji = '😀🎉🚀🌍🔥';
    const digest = buildCompactionDigest([assistant([toolCall('a', 'react', {})]), toolResult('a', 'react', emoji)], { clip: 3 });
    expect(digest).toBe('Assistant:\n→ react({}) = 😀🎉🚀…');
    const line = (digest ?? '').split(' = ')[1] ?? '';
    expect(LONE_SURROGATE.test(line)).toBe(false);
    const mixed = buildCompactionDigest([assistant([toolCall('a', 'r', {})]), toolResult('a', 'r', 'a😀b🎉')], { clip: 2 });
    expect(mixed).toBe('Assistant:\n→ r({}) = a😀…');
  });

  it('keeps a clipped result a prefix of whole code points, for random mixed-script text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'ж', 'Ё', '😀', '🇳🇴', '𝄞', 'x'), maxLength: 40 });
    fc.assert(fc.property(text, fc.integer({ min: 0, max: 30 }), (result, clip) => {
      const digest = buildCompactionDigest([assistant([toolCall('a', 'f', '')]), toolResult('a', 'f', result)], { clip });
      const shown = (digest ?? '').split('\n→ f() = ')[1] ?? '';
      expect(LONE_SURROGATE.test(shown)).toBe(false);
      const codePoints = [...result];
      if (codePoints.length <= clip) {
        expect(shown).toBe(result);
        return;
      }
      expect(shown).toBe(`${codePoints.slice(0, clip).join('')}…`);
    }), { numRuns: 200 });
  });

  it('keeps each call on one line by folding line breaks in results', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'ls', {})]),
      toolResult('a', 'ls', '  first\n   second\r\nthird  \n'),
    ]);
    expect(digest).toBe('Assistant:\n→ ls({}) = first second third');
  });

  it('takes the result text from tool result parts, naming media', () => {
    const digest = buildCompactionDigest([
      assistant([toolCall('a', 'shot', {})]),
      toolResult('a', 'shot', [{ type: 'text', text: 'captured' }, { type: 'image', source: { kind: 'url', url: 'u' } }]),
    ]);
    expect(digest).toBe('Assistant:\n→ shot({}) = captured [image]');
  });

  it('carries provider tool calls with their results from the same message', () => {
    const digest = buildCompactionDigest([
      assistant([
        { type: 'provider_tool_call', id: 'ws', name: 'web_search', arguments: '{"q":"oslo"}' },
        { type: 'provider_tool_result', toolCallId: 'ws', value: { hits: 3 } },
        { type: 'text', text: 'Found it.' },
      ]),
    ]);
    expect(digest).toBe('Assistant: Found it.\n→ web_search({"q":"oslo"}) = {"hits":3}');
  });

  it('names images and files in user messages', () => {
    const digest = buildCompactionDigest([
      user([
        { type: 'text', text: 'Look:' },
        { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' } },
        { type: 'file', source: { kind: 'url', url: 'https://example.com/r.pdf' }, filename: 'r.pdf' },
      ]),
    ]);
    expect(digest).toBe('User: Look:\n[image]\n[file: r.pdf]');
  });

  it('localizes through labels, missing ones keeping their default', () => {
    const digest = buildCompactionDigest([
      user('Какая погода?'),
      assistant([toolCall('a', 'погода', {})]),
      toolResult('a', 'погода', 'сбой', { isError: true }),
    ], { labels: { user: 'Пользователь', assistant: 'Ассистент', error: 'ошибка' } });
    expect(digest).toBe('Пользователь: Какая погода?\n\nАссистент:\n→ погода({}) = ошибка: сбой');
    expect(DEFAULT_DIGEST_LABELS.user).toBe('User');
    expect(Object.isFrozen(DEFAULT_DIGEST_LABELS)).toBe(true);
  });

  it('does not mutate its input', () => {
    const frozen = Object.freeze(weather.map((message) => Object.freeze(message)));
    expect(buildCompactionDigest(frozen)).toContain('get_weather');
  });
});
