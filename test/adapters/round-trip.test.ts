// History → request → simulated provider answer → append → next request, for every provider:
// the history stays sendable and each provider's state comes back on the next request.
import { describe, expect, it } from 'vitest';
import { AnthropicStreamAccumulator } from '../../src/adapters/anthropic/anthropic-stream-accumulator.js';
import { fromAnthropicMessage } from '../../src/adapters/anthropic/from-anthropic-message.js';
import { toAnthropicMessages } from '../../src/adapters/anthropic/to-anthropic-messages.js';
import { toModelMessages } from '../../src/adapters/ai-sdk/to-model-messages.js';
import { fromGeminiResponse } from '../../src/adapters/gemini/from-gemini-response.js';
import { GeminiStreamAccumulator } from '../../src/adapters/gemini/gemini-stream-accumulator.js';
import { toGeminiContents } from '../../src/adapters/gemini/to-gemini-contents.js';
import { fromOpenAIChatCompletion } from '../../src/adapters/openai/from-openai-chat-completion.js';
import { OpenAIChatStreamAccumulator } from '../../src/adapters/openai/openai-chat-stream-accumulator.js';
import { toOpenAIChatMessages } from '../../src/adapters/openai/to-openai-chat-messages.js';
import { fromOpenAIResponse } from '../../src/adapters/openai/from-openai-response.js';
import { OpenAIResponsesStreamAccumulator } from '../../src/adapters/openai/openai-responses-stream-accumulator.js';
import { toOpenAIResponsesInput } from '../../src/adapters/openai/to-openai-responses-input.js';
import type { AssistantMessage, Message } from '../../src/core/message.js';
import { validate } from '../../src/core/validate.js';
import { fixture } from './helpers.js';

const opening: Message[] = [{ role: 'user', content: 'What is the weather in Paris and Tokyo?' }];

/** Appends the answer and one result per call, as an app would after running its tools. */
function answered(history: readonly Message[], message: AssistantMessage): Message[] {
  const results: Message[] = message.content.flatMap((block) => block.type === 'tool_call'
    ? [{ role: 'tool', toolCallId: block.id, toolName: block.name, content: `result of ${block.id}` } satisfies Message]
    : []);
  return [...history, message, ...results, { role: 'user', content: 'Thanks!' }];
}

describe('round trip', () => {
  it('OpenAI: a response and a stream with parallel calls append to a history that stays sendable', () => {
    toOpenAIChatMessages(opening);
    const { message } = fromOpenAIChatCompletion(fixture<{ response: unknown }>('openai', 'response-parallel-tool-calls').response);
    const history = answered(opening, message);
    expect(validate(history, 'sendable')).toStrictEqual([]);
    const { body, warnings } = toOpenAIChatMessages(history);
    expect(warnings).toStrictEqual([]);
    expect(body.messages.map((wire) => wire.role)).toStrictEqual(['user', 'assistant', 'tool', 'tool', 'user']);

    const accumulator = new OpenAIChatStreamAccumulator();
    for (const chunk of fixture<{ chunks: object[] }>('openai', 'stream-parallel-tool-calls').chunks) accumulator.push(chunk);
    const streamed = answered(history, accumulator.finish().message);
    expect(validate(streamed, 'sendable')).toStrictEqual([]);
    expect(toOpenAIChatMessages(streamed).body.messages).toHaveLength(9);
  });

  it('Anthropic: thinking signatures and redacted thinking come back on the next request', () => {
    const { message } = fromAnthropicMessage(fixture<{ response: unknown }>('anthropic', 'response-thinking-tool-use').response);
    const history = answered(opening, message);
    expect(validate(history, 'sendable')).toStrictEqual([]);
    const { body, warnings } = toAnthropicMessages(history);
    expect(warnings).toStrictEqual([]);
    expect(body.messages[1]!.content).toContainEqual({
      type: 'thinking',
      thinking: 'The user wants to know the weather in Paris. I have a get_weather tool, so I\'ll call it.',
      signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
    });

    const accumulator = new AnthropicStreamAccumulator();
    for (const event of fixture<{ events: never[] }>('anthropic', 'stream-thinking-parallel-tools').events) accumulator.push(event);
    const streamed = answered(history, accumulator.finish().message);
    expect(validate(streamed, 'sendable')).toStrictEqual([]);
    const next = toAnthropicMessages(streamed).body.messages;
    expect(next.map((wire) => wire.role)).toStrictEqual(['user', 'assistant', 'user', 'assistant', 'user']);

    const redacted = answered(streamed, fromAnthropicMessage(fixture<{ response: unknown }>('anthropic', 'response-redacted-web-search').response).message);
    const last = toAnthropicMessages(redacted);
    expect(last.warnings).toStrictEqual([]);
    expect((last.body.messages[5]!.content as { type: string }[]).map((block) => block.type))
      .toStrictEqual(['redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'text']);
  });

  it('Gemini: thought signatures come back on the very parts that carried them', () => {
    const { message } = fromGeminiResponse(fixture<{ response: unknown }>('gemini', 'response-parallel-function-calls').response);
    const history = answered(opening, message);
    expect(validate(history, 'sendable')).toStrictEqual([]);
    const { body, warnings } = toGeminiContents(history);
    expect(warnings).toStrictEqual([]);
    expect(body.contents[1]!.parts[0]).toStrictEqual({
      functionCall: { name: 'get_current_temperature', args: { location: 'Paris' } },
      thoughtSignature: 'CiQBcsjafF0k2Fq1b8xRMx8CS7qLO+IlkeS4TTmVfX0LaI1bnkUKiAEBcsjafP',
    });
    expect(body.contents[2]!.parts).toHaveLength(3);

    const accumulator = new GeminiStreamAccumulator();
    for (const chunk of fixture<{ chunks: object[] }>('gemini', 'stream-signature-last').chunks) accumulator.push(chunk);
    const streamed = answered(history, accumulator.finish().message);
    expect(toGeminiContents(streamed).body.contents[3]).toStrictEqual({
      role: 'model', parts: [{ text: 'The capital of Norway is Oslo.', thoughtSignature: 'CiIBVKhc7m5QqJk0yQq2m3nT0yQ0' }],
    });
  });

  it('OpenAI Responses: a stateless loop (reasoning, calls, answer, a streamed turn) stays sendable and replays every item', () => {
    const first = fromOpenAIResponse(fixture<{ response: unknown }>('openai-responses', 'response-reasoning-function-call').response).message;
    const history = answered(opening, first);
    expect(validate(history, 'sendable')).toStrictEqual([]);
    const second = fromOpenAIResponse(fixture<{ response: unknown }>('openai-responses', 'response-final-answer').response).message;
    const accumulator = new OpenAIResponsesStreamAccumulator();
    for (const event of fixture<{ streams: { complete: never[] } }>('openai-responses', 'stream-every-event').streams.complete) accumulator.push(event);
    const streamed = answered([...history.slice(0, -1), second, { role: 'user', content: 'And tomorrow?' }], accumulator.finish().message);
    expect(validate(streamed, 'sendable')).toStrictEqual([]);
    const { body, warnings } = toOpenAIResponsesInput(streamed, { system: 'Be brief.' });
    expect(warnings).toStrictEqual([]);
    expect(body.input.map((item) => item.type)).toStrictEqual([
      'message', 'reasoning', 'function_call', 'function_call_output', 'reasoning', 'message', 'message',
      'reasoning', 'web_search_call', 'message', 'function_call', 'function_call_output', 'message',
    ]);
    // The same history to Chat Completions: reasoning and raw items are left out with warnings, nothing else.
    const chat = toOpenAIChatMessages(streamed);
    expect(chat.body.messages.map((message) => message.role)).toStrictEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(chat.body)).not.toMatch(/encrypted|rs_|"id":"fc_/);
  });

  it('switching providers: another provider\'s reasoning produces warnings and no foreign state in any request', () => {
    const anthropic = fromAnthropicMessage(fixture<{ response: unknown }>('anthropic', 'response-thinking-tool-use').response).message;
    const gemini = fromGeminiResponse(fixture<{ response: unknown }>('gemini', 'response-thought-summary').response).message;
    const history = answered(answered(opening, anthropic), gemini);
    expect(validate(history, 'sendable')).toStrictEqual([]);

    const openai = toOpenAIChatMessages(history);
    expect(openai.warnings.map((warning) => warning.code)).toContain('dropped_block');
    expect(JSON.stringify(openai.body)).not.toMatch(/EqQB|Cs0B|signature/i);

    const toGemini = toGeminiContents(history);
    expect(toGemini.warnings).toContainEqual(expect.objectContaining({ code: 'dropped_block', messageIndex: 1, blockIndex: 0 }));
    expect(JSON.stringify(toGemini.body)).not.toContain('EqQB');
    expect(JSON.stringify(toGemini.body)).toContain('Cs0B');

    const toAnthropic = toAnthropicMessages(history);
    expect(toAnthropic.warnings).toContainEqual(expect.objectContaining({ code: 'dropped_provider_data', messageIndex: 4 }));
    expect(JSON.stringify(toAnthropic.body)).not.toContain('Cs0B');
    expect(JSON.stringify(toAnthropic.body)).toContain('EqQB');

    const aiSdk = toModelMessages(history);
    expect(JSON.stringify(aiSdk.body)).not.toMatch(/EqQB|Cs0B/);
    expect(aiSdk.warnings.length).toBeGreaterThan(0);
  });
});
