import { describe, expect, it } from 'vitest';
import {
  AssistantBlockSchema, MediaSourceSchema, MessageSchema, ToolMessageSchema, UserPartSchema, type Message,
} from '../../src/core/message.js';

const validMessages: Message[] = [
  { role: 'user', content: 'hello' },
  { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] },
  { role: 'user', content: [{ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBE' }, filename: 'a.pdf' }] },
  { role: 'user', content: [{ type: 'image', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' } }] },
  { role: 'user', content: [{ type: 'other', typeName: 'input_audio', value: { data: 1 }, origin: 'openai' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking', providerData: { anthropic: { signature: 'sig' } } },
      { type: 'text', text: 'hi' },
      { type: 'refusal', text: 'no' },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' } },
      { type: 'tool_call', id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'provider_tool_call', id: 'p1', name: 'web_search', arguments: '{}', origin: 'openai' },
      { type: 'provider_tool_result', toolCallId: 'p1', value: { hits: [] }, origin: 'openai' },
      { type: 'other', typeName: 'x', value: null },
    ],
    providerData: { openai: { id: 'resp_1' } },
    appData: { 'myapp.rating': 5 },
  },
  { role: 'tool', toolCallId: 'c1', toolName: 'get_weather', content: 'sunny', isError: false },
  { role: 'tool', toolCallId: 'c1', toolName: 'get_weather', content: [{ type: 'text', text: 'sunny' }] },
];

describe('MessageSchema', () => {
  it.each(validMessages.map((message, index) => [index, message] as const))('accepts valid message %i', (_, message) => {
    expect(MessageSchema.parse(message)).toEqual(message);
  });

  it('strips unknown fields instead of keeping them', () => {
    const parsed = MessageSchema.parse({ role: 'user', content: 'x', extra: 1 });
    expect(parsed).toEqual({ role: 'user', content: 'x' });
  });

  it.each([
    ['unknown role', { role: 'system', content: 'x' }],
    ['missing content', { role: 'user' }],
    ['assistant content as string', { role: 'assistant', content: 'hi' }],
    ['reasoning in a user message', { role: 'user', content: [{ type: 'reasoning', text: 'x' }] }],
    ['tool call in a tool result', { role: 'tool', toolCallId: 'a', toolName: 'b', content: [{ type: 'tool_call', id: 'x', name: 'y', arguments: '' }] }],
    ['tool message without toolCallId', { role: 'tool', toolName: 'b', content: 'x' }],
    ['tool call with an empty id', { role: 'assistant', content: [{ type: 'tool_call', id: '', name: 'f', arguments: '{}' }] }],
    ['tool call arguments as object', { role: 'assistant', content: [{ type: 'tool_call', id: 'a', name: 'f', arguments: {} }] }],
    ['providerData namespace not an object', { role: 'user', content: 'x', providerData: { openai: 'x' } }],
    ['isError not boolean', { role: 'tool', toolCallId: 'a', toolName: 'b', content: 'x', isError: 'yes' }],
  ])('refuses %s', (_, input) => {
    expect(MessageSchema.safeParse(input).success).toBe(false);
  });
});

describe('part and block schemas', () => {
  it('knows every media source kind and refuses others', () => {
    expect(MediaSourceSchema.safeParse({ kind: 'url', url: 'u' }).success).toBe(true);
    expect(MediaSourceSchema.safeParse({ kind: 'base64', mediaType: 'image/png', data: '' }).success).toBe(true);
    expect(MediaSourceSchema.safeParse({ kind: 'provider_file', provider: 'p', fileId: 'f' }).success).toBe(true);
    expect(MediaSourceSchema.safeParse({ kind: 'base64', data: '' }).success).toBe(false);
    expect(MediaSourceSchema.safeParse({ kind: 'ftp', url: 'u' }).success).toBe(false);
  });

  it('keeps user parts and assistant blocks apart', () => {
    expect(UserPartSchema.safeParse({ type: 'refusal', text: 'x' }).success).toBe(false);
    expect(AssistantBlockSchema.safeParse({ type: 'refusal', text: 'x' }).success).toBe(true);
    expect(AssistantBlockSchema.safeParse({ type: 'file', source: { kind: 'url', url: 'u' } }).success).toBe(false);
  });

  it('accepts tool results made of parts', () => {
    const result = { role: 'tool', toolCallId: 'a', toolName: 'b', content: [{ type: 'image', source: { kind: 'url', url: 'u' } }] };
    expect(ToolMessageSchema.safeParse(result).success).toBe(true);
  });
});
