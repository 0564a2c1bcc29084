import { convertToModelMessages, validateUIMessages, type UIMessage as AiUIMessage } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Entry, Message } from '../../src/core/index.js';
import { fromUIMessages, toUIMessages, type UIMessage } from '../../src/ai-sdk/index.js';
import { unansweredToolCalls } from './model-messages.js';

const turn: Message[] = [
  { role: 'user', content: 'Weather in Oslo and Bergen?' },
  { role: 'assistant', content: [
    { type: 'reasoning', text: 'Two cities: two calls.' },
    { type: 'tool_call', id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
    { type: 'tool_call', id: 'c2', name: 'weather', arguments: '{"city":"Bergen"}' },
  ] },
  { role: 'tool', toolCallId: 'c2', toolName: 'weather', content: 'rain', isError: true },
  { role: 'tool', toolCallId: 'c1', toolName: 'weather', content: '12°C' },
  { role: 'assistant', content: [{ type: 'text', text: 'Oslo 12°C; Bergen unknown.' }] },
  { role: 'user', content: [{ type: 'text', text: 'A photo?' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' } }] },
];

function entriesOf(messages: readonly Message[]): Entry[] {
  return messages.map((message, index) => ({
    type: 'message', id: `e${index + 1}`, parentId: index === 0 ? null : `e${index}`, conversationId: 'c', seq: index + 1, timestamp: '2025-01-01T00:00:00.000Z', message,
  }));
}

describe('toUIMessages', () => {
  it('writes one UIMessage per user message and per assistant turn, a step-start before each step', () => {
    const ui = toUIMessages(entriesOf(turn));
    expect(ui.map((message) => [message.id, message.role])).toEqual([['e1', 'user'], ['e2', 'assistant'], ['e6', 'user']]);
    expect(ui[1]!.parts).toEqual([
      { type: 'step-start' },
      { type: 'reasoning', text: 'Two cities: two calls.' },
      { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: '12°C' },
      { type: 'tool-weather', toolCallId: 'c2', state: 'output-error', input: { city: 'Bergen' }, errorText: 'rain' },
      { type: 'step-start' },
      { type: 'text', text: 'Oslo 12°C; Bergen unknown.' },
    ]);
    expect(ui[2]!.parts).toEqual([{ type: 'text', text: 'A photo?' }, { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,iVBO' }]);
  });

  it('names plain messages by position, skips compactions', () => {
    const compaction: Entry = { type: 'compaction', id: 'k', parentId: 'e1', conversationId: 'c', seq: 9, timestamp: 't', summary: 's', firstKeptId: 'e1' };
    expect(toUIMessages(turn).map((message) => message.id)).toEqual(['message-0', 'message-1', 'message-5']);
    expect(toUIMessages([...entriesOf(turn.slice(0, 1)), compaction])).toHaveLength(1);
  });

  it('answers a call the log left pending with an error part, so nothing reaches the model unanswered', async () => {
    const ui = toUIMessages([turn[0]!, { role: 'assistant', content: [{ type: 'tool_call', id: 'c9', name: 'weather', arguments: 'not json' }] }]);
    expect(ui[1]!.parts[1]).toEqual({ type: 'tool-weather', toolCallId: 'c9', state: 'output-error', input: 'not json', errorText: 'The tool call did not complete.' });
    expect(unansweredToolCalls(await convertToModelMessages(ui))).toEqual([]);
  });

  it('carries refusals as text and leaves out provider-bound blocks and unreadable URLs', () => {
    const ui = toUIMessages([{ role: 'assistant', content: [
      { type: 'refusal', text: 'No.' },
      { type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}' },
      { type: 'other', typeName: 'x', value: 1 },
      { type: 'image', source: { kind: 'provider_file', provider: 'openai', fileId: 'f' } },
      { type: 'image', source: { kind: 'url', url: 'relative/cat.png' } },
    ] }]);
    expect(ui[0]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'No.' }]);
  });

  it('is accepted by ai: validateUIMessages and convertToModelMessages', async () => {
    const ui = toUIMessages(entriesOf(turn));
    await expect(validateUIMessages({ messages: ui })).resolves.toEqual(ui);
    const model = await convertToModelMessages(ui);
    expect(model.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(unansweredToolCalls(model)).toEqual([]);
  });

  it('types: its output is an ai UIMessage[] without a cast', () => {
    expectTypeOf(toUIMessages(turn)).toExtend<AiUIMessage[]>();
    expectTypeOf<UIMessage>().toExtend<AiUIMessage>();
    expectTypeOf(fromUIMessages).toBeCallableWith(toUIMessages(turn));
    expectTypeOf(fromUIMessages).toBeCallableWith([] as AiUIMessage<{ at: number }, { status: { done: boolean } }>[]);
  });
});
