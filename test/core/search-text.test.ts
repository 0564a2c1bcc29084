import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { searchableText } from '../../src/core/search-text.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { entryFactory } from '../support/entries.js';

const factory = entryFactory();
let count = 0;
const text = (message: Message): string => searchableText(factory.message(`m${++count}`, message));

describe('searchableText', () => {
  it('is a user message written as a string', () => {
    expect(text(user('Weather in Oslo?'))).toBe('Weather in Oslo?');
  });

  it('joins the text parts of a user message by line breaks, leaving media out', () => {
    const message = user([
      { type: 'text', text: 'Look at this' },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/secret-image.png' } },
      { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBERiBzZWNyZXQ=' }, filename: 'secret.pdf' },
      { type: 'text', text: 'and this' },
    ]);
    expect(text(message)).toBe('Look at this\nand this');
  });

  it('takes assistant text and refusal blocks, never reasoning, tool calls or provider blocks', () => {
    const message = assistant([
      { type: 'reasoning', text: 'hidden musing', providerData: { anthropic: { signature: 'sig' } } },
      { type: 'text', text: 'Let me check.' },
      toolCall('c1', 'get_weather', { city: 'Bergen' }),
      { type: 'provider_tool_call', id: 'p1', name: 'web_search', arguments: '{"query":"fjord"}' },
      { type: 'provider_tool_result', toolCallId: 'p1', value: { text: 'glacier' } },
      { type: 'other', typeName: 'x_item', value: { text: 'opaque' } },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/chart.png' } },
      { type: 'refusal', text: 'I cannot share that.' },
    ]);
    expect(text(message)).toBe('Let me check.\nI cannot share that.');
  });

  it('takes tool result text, as a string or as text parts, not the tool name or call id', () => {
    expect(text(toolResult('c1', 'get_weather', '5 °C and rain'))).toBe('5 °C and rain');
    const parts = toolResult('c2', 'read_file', [
      { type: 'text', text: 'line one' },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'aGVsbG8=' } },
      { type: 'text', text: 'line two' },
    ]);
    expect(text(parts)).toBe('line one\nline two');
  });

  it('never takes providerData or appData', () => {
    const message: Message = {
      role: 'user',
      content: [{ type: 'text', text: 'hello', providerData: { openai: { note: 'provider secret' } } }],
      providerData: { openai: { id: 'msg_provider' } },
      appData: { 'my-app': { label: 'application secret' } },
    };
    expect(text(message)).toBe('hello');
  });

  it('is a compaction summary', () => {
    expect(searchableText(factory.compaction('k1', 'm1', 'We planned a trip to Tromsø.'))).toBe('We planned a trip to Tromsø.');
  });

  it('is empty for a message without readable text', () => {
    expect(text(assistant([toolCall('c9', 'lookup', { q: 'anything' })]))).toBe('');
  });

  it('gives index terms only from indexed text', () => {
    const message = assistant([
      { type: 'reasoning', text: 'pondering' },
      { type: 'text', text: 'Answer' },
      toolCall('c1', 'lookup', { query: 'argument' }),
    ]);
    expect(indexTerms(text(message))).toEqual(['answer']);
  });
});
