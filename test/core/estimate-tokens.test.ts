import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { CHARS_PER_TOKEN, estimateMessageTokens, estimateTokens } from '../../src/core/estimate-tokens.js';
import type { Message } from '../../src/core/message.js';

const overhead = estimateMessageTokens(user(''));

describe('estimateTokens', () => {
  it('counts one token per four UTF-16 code units, rounded up', () => {
    expect(CHARS_PER_TOKEN).toBe(4);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('x'.repeat(4000))).toBe(1000);
  });
});

describe('estimateMessageTokens', () => {
  it('adds a small per-message overhead, even to an empty message', () => {
    expect(overhead).toBeGreaterThan(0);
    expect(overhead).toBeLessThanOrEqual(8);
    expect(estimateMessageTokens(assistant([]))).toBe(overhead);
  });

  it('counts user text, as a string or as text parts', () => {
    const text = 'a'.repeat(40);
    expect(estimateMessageTokens(user(text))).toBe(overhead + 10);
    expect(estimateMessageTokens(user([{ type: 'text', text }, { type: 'text', text }]))).toBe(overhead + 20);
  });

  it('counts every assistant block a provider sees: text, reasoning, refusal, tool calls', () => {
    const text = 'b'.repeat(8);
    const base = estimateMessageTokens(assistant(text));
    expect(base).toBe(overhead + 2);
    const withReasoning = assistant([{ type: 'text', text }, { type: 'reasoning', text: 'r'.repeat(40) }]);
    expect(estimateMessageTokens(withReasoning)).toBe(base + 10);
    const withRefusal = assistant([{ type: 'text', text }, { type: 'refusal', text: 'n'.repeat(4) }]);
    expect(estimateMessageTokens(withRefusal)).toBe(base + 1);
    const call = toolCall('call_1', 'get_weather', { city: 'Oslo' }); // name 11 chars, arguments 15
    expect(estimateMessageTokens(assistant([{ type: 'text', text }, call]))).toBe(base + 3 + 4);
  });

  it('counts provider tool blocks and raw items by their JSON', () => {
    const value = { results: ['x'.repeat(100)] };
    const size = Math.ceil(JSON.stringify(value).length / 4);
    const message = assistant([{ type: 'provider_tool_result', toolCallId: 'ws_1', value }]);
    expect(estimateMessageTokens(message)).toBe(overhead + size);
    const providerCall = assistant([{ type: 'provider_tool_call', id: 'ws_1', name: 'web_search', arguments: '{"q":"oslo"}' }]);
    expect(estimateMessageTokens(providerCall)).toBe(overhead + 3 + 3);
    const other = user([{ type: 'other', typeName: 'audio', value }]);
    expect(estimateMessageTokens(other)).toBe(overhead + size);
  });

  it('counts a tool result (string or parts) and its tool name', () => {
    const result = toolResult('call_1', 'get_weather', 'c'.repeat(400));
    expect(estimateMessageTokens(result)).toBe(overhead + 3 + 100);
    const parts = toolResult('call_1', 'get_weather', [{ type: 'text', text: 'c'.repeat(400) }]);
    expect(estimateMessageTokens(parts)).toBe(estimateMessageTokens(result));
  });

  it('gives images and files a fixed, substantial estimate whatever their encoded size', () => {
    const small: Message = user([{ type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } }]);
    const large: Message = user([{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'A'.repeat(100_000) } }]);
    const file: Message = user([{ type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' }, filename: 'a.pdf' }]);
    expect(estimateMessageTokens(small)).toBe(estimateMessageTokens(large));
    expect(estimateMessageTokens(small)).toBeGreaterThanOrEqual(overhead + 100);
    expect(estimateMessageTokens(file)).toBe(estimateMessageTokens(small));
    expect(estimateMessageTokens(assistant([{ type: 'image', source: { kind: 'url', url: 'u' } }]))).toBe(estimateMessageTokens(small));
  });
});
