import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { estimateMessageTokens, estimateTokens } from '../../src/core/estimate-tokens.js';
import type { Message } from '../../src/core/message.js';
import { buildTokenTable, COST_SHIFT, ROW_MASK, TRANSITION_COUNT, UNITS_PER_TOKEN } from '../../src/core/script-token-table.js';

const overhead = estimateMessageTokens(user(''));

function tokenTable(): { kinds: Uint8Array; transitions: Int32Array } {
  const table = { kinds: new Uint8Array(65536), transitions: new Int32Array(TRANSITION_COUNT) };
  buildTokenTable(table.kinds, table.transitions);
  return table;
}

describe('estimateTokens', () => {
  it('builds a machine whose every next state is one of its rows (the states fit their bits)', () => {
    const { transitions } = tokenTable();
    // More rows than the mask holds would spill next states into the cost bits.
    expect(transitions.length).toBeLessThanOrEqual(ROW_MASK + 32);
    for (const entry of transitions) {
      expect(entry & ROW_MASK).toBeLessThan(transitions.length);
      expect(entry).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts exactly what the table says, long and mixed-script texts included', () => {
    const { kinds, transitions } = tokenTable();
    const byTable = (text: string): number => {
      let row = 0;
      let units = 0;
      for (let index = 0; index < text.length; index++) {
        const entry = transitions[row | (kinds[text.charCodeAt(index)] as number)] as number;
        row = entry & ROW_MASK;
        units += entry >> COST_SHIFT;
      }
      return Math.ceil(units / UNITS_PER_TOKEN);
    };
    const piece = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.constantFrom('getElementById ', '成都大熊猫', ' 🎉', 'Привет, мир. ', '\n\n', 'n4UVtJ28SwF42fykgj+', '1234567'),
    );
    const text = fc.tuple(fc.array(piece, { maxLength: 60 }), fc.nat(3), fc.constantFrom('', '成', 'ä'))
      .map(([pieces, copies, tail]) => `${'x'.repeat(copies * 9000)}${pieces.join('')}${tail}${'ab '.repeat(copies * 3000)}`);
    fc.assert(fc.property(text, (sample) => estimateTokens(sample) === byTable(sample)), { numRuns: 60 });
  });

  it('counts nothing for nothing and about a token per common English word', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('Hello, world!')).toBe(5);
    const sentence = 'the weather in Lisbon is mild and sunny today so we will walk to the river';
    const words = sentence.split(' ').length;
    expect(estimateTokens(sentence)).toBeGreaterThanOrEqual(words);
    expect(estimateTokens(sentence)).toBeLessThanOrEqual(words * 1.5);
  });

  it('charges the last space of an indentation before a number or an emoji a token of its own, as o200k does', () => {
    // o200k's runs of spaces leave their last space to what follows; a number or an emoji never takes it.
    for (const text of ['    7', '[\n        38.6916,\n', '  - 🎉', 'x\n\t\t 42']) expect(estimateTokens(text), JSON.stringify(text)).toBeGreaterThanOrEqual(encode(text).length);
  });

  it('counts numbers in groups of three digits, as o200k splits them', () => {
    expect(estimateTokens('7')).toBe(1);
    expect(estimateTokens('123')).toBe(1);
    expect(estimateTokens('1234567')).toBe(3);
  });

  it('charges every CJK character, kana and Hangul syllable, not a quarter of one', () => {
    for (const text of ['成都大熊猫繁育研究基地', 'ひらがなとカタカナ', '안녕하세요반갑습니다']) {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual([...text].length * 0.8);
    }
  });

  it('charges every emoji at least a token, joiners and modifiers included', () => {
    expect(estimateTokens('🎉')).toBeGreaterThanOrEqual(1);
    expect(estimateTokens('🎉🎂🥳🍕')).toBeGreaterThanOrEqual(4);
    expect(estimateTokens('👨‍👩‍👧‍👦')).toBeGreaterThan(estimateTokens('👨👩👧👦'));
  });

  it('charges a run that keeps switching case and digits (base64, keys) per character', () => {
    const base64 = 'n4UVtJ28SwF42fykgjMdTYFdoCLawN+59m4GXAJwvc+mJIH7MlW1SctblR9lEjZwlskZD0GnpsQu6Q7HEcH7CKR+G4tLiPGTxOPz';
    expect(estimateTokens(base64)).toBeGreaterThanOrEqual(base64.length * 0.7);
    // A camelCase identifier is not such a run.
    expect(estimateTokens('getElementById')).toBeLessThanOrEqual(5);
  });

  it('takes lone surrogates and any other code unit without throwing', () => {
    expect(estimateTokens('\uD83D')).toBeGreaterThanOrEqual(1);
    expect(estimateTokens('\uDE00x')).toBeGreaterThanOrEqual(2);
    expect(estimateTokens('\u0000\uFFFF\u2028')).toBeGreaterThanOrEqual(1);
  });

  it('never shrinks when text is appended', () => {
    const unit = fc.constantFrom('a', 'Z', '7', ' ', '\n', '\t', '.', '+', 'é', 'б', 'م', 'क', '한', '中', 'か', '。', '😀', '\u200D', '\uFE0F', '\uD83D');
    fc.assert(fc.property(fc.string({ unit }), fc.string({ unit }), (head, tail) => {
      expect(estimateTokens(head + tail)).toBeGreaterThanOrEqual(estimateTokens(head));
    }));
  });
});

describe('estimateMessageTokens', () => {
  it('adds a small per-message overhead, even to an empty message', () => {
    expect(overhead).toBeGreaterThan(0);
    expect(overhead).toBeLessThanOrEqual(8);
    expect(estimateMessageTokens(assistant([]))).toBe(overhead);
  });

  it('counts user text, as a string or as text parts', () => {
    const text = 'Could you plan a week in Portugal for us?';
    expect(estimateMessageTokens(user(text))).toBe(overhead + estimateTokens(text));
    expect(estimateMessageTokens(user([{ type: 'text', text }, { type: 'text', text }]))).toBe(overhead + 2 * estimateTokens(text));
  });

  it('counts every assistant block a provider sees: text, reasoning, refusal, tool calls', () => {
    const text = 'Sure, here it is.';
    const base = estimateMessageTokens(assistant(text));
    expect(base).toBe(overhead + estimateTokens(text));
    const reasoning = 'The user wants a short plan.';
    expect(estimateMessageTokens(assistant([{ type: 'text', text }, { type: 'reasoning', text: reasoning }]))).toBe(base + estimateTokens(reasoning));
    expect(estimateMessageTokens(assistant([{ type: 'text', text }, { type: 'refusal', text: 'No.' }]))).toBe(base + estimateTokens('No.'));
    const call = toolCall('call_1', 'get_weather', { city: 'Oslo' });
    expect(estimateMessageTokens(assistant([{ type: 'text', text }, call])))
      .toBe(base + estimateTokens('get_weather') + estimateTokens('{"city":"Oslo"}'));
  });

  it('counts provider tool blocks and raw items by their JSON', () => {
    const value = { results: ['a result with some words in it'] };
    const size = estimateTokens(JSON.stringify(value));
    const message = assistant([{ type: 'provider_tool_result', toolCallId: 'ws_1', value }]);
    expect(estimateMessageTokens(message)).toBe(overhead + size);
    const providerCall = assistant([{ type: 'provider_tool_call', id: 'ws_1', name: 'web_search', arguments: '{"q":"oslo"}' }]);
    expect(estimateMessageTokens(providerCall)).toBe(overhead + estimateTokens('web_search') + estimateTokens('{"q":"oslo"}'));
    const other = user([{ type: 'other', typeName: 'audio', value }]);
    expect(estimateMessageTokens(other)).toBe(overhead + size);
  });

  it('counts a tool result (string or parts) and its tool name', () => {
    const content = '{"city":"Oslo","temperatureC":4,"conditions":"light rain"}';
    const result = toolResult('call_1', 'get_weather', content);
    expect(estimateMessageTokens(result)).toBe(overhead + estimateTokens('get_weather') + estimateTokens(content));
    const parts = toolResult('call_1', 'get_weather', [{ type: 'text', text: content }]);
    expect(estimateMessageTokens(parts)).toBe(estimateMessageTokens(result));
  });

  it('gives images and files a fixed, substantial estimate whatever their encoded size', () => {
    const small: Message = user([{ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } }]);
    const large: Message = user([{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'A'.repeat(100_000) } }]);
    const file: Message = user([{ type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' }, filename: 'a.pdf' }]);
    expect(estimateMessageTokens(small)).toBe(estimateMessageTokens(large));
    // Anthropic charges up to about 1,600 tokens for an image; a lower guess would undercount there.
    expect(estimateMessageTokens(small)).toBeGreaterThanOrEqual(overhead + 1500);
    expect(estimateMessageTokens(file)).toBe(estimateMessageTokens(small));
    expect(estimateMessageTokens(assistant([{ type: 'image', source: { kind: 'url', url: 'u' } }]))).toBe(estimateMessageTokens(small));
  });
});
