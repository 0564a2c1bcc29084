import { describe, expect, it } from 'vitest';
import { fromOpenAIChatCompletion } from '../../../src/adapters/openai/from-openai-chat-completion.js';
import { isConvologError } from '../../../src/core/error.js';
import { fixture, GENERATED_CALL_ID } from '../helpers.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface ResponseFixture { response: unknown; message: unknown; envelope: unknown }

function completion(message: Record<string, unknown>, finishReason: string | null = 'stop'): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion', model: 'm', choices: [{ index: 0, message, finish_reason: finishReason }] };
}

describe('fromOpenAIChatCompletion', () => {
  it.each(['response-text', 'response-parallel-tool-calls'])('converts %s to the message and envelope in the fixture', (name) => {
    const golden = fixture<ResponseFixture>('openai', name);
    const { message, envelope } = fromOpenAIChatCompletion(deepFreeze(golden.response));
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
  });

  it('gives a call without an id a generated `call_` + UUID v7 id, unique per call', () => {
    const { message } = fromOpenAIChatCompletion(completion({
      content: null,
      tool_calls: [
        { type: 'function', function: { name: 'a', arguments: '{}' } },
        { id: '', type: 'function', function: { name: 'b', arguments: '{}' } },
      ],
    }, 'tool_calls'));
    const ids = message.content.map((block) => (block as { id: string }).id);
    expect(ids[0]).toMatch(GENERATED_CALL_ID);
    expect(ids[1]).toMatch(GENERATED_CALL_ID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('keeps reasoning from compatible servers, refusals, and reports `stop` with calls as `tool_calls`', () => {
    const { message, envelope } = fromOpenAIChatCompletion(completion({
      reasoning_content: 'think',
      content: '',
      refusal: 'no',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }],
    }, 'stop'));
    expect(message.content).toStrictEqual([
      { type: 'reasoning', text: 'think' },
      { type: 'refusal', text: 'no' },
      { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{}' },
    ]);
    expect(envelope.finishReason).toBe('tool_calls');
    expect(envelope.finishReasonRaw).toBe('stop');
  });

  it('reads the legacy `function_call` and keeps an audio id to replay', () => {
    const { message } = fromOpenAIChatCompletion(completion({
      content: null, function_call: { name: 'f', arguments: '{"a":1}' }, audio: { id: 'audio_abc', data: 'AAAA', transcript: 'hi' },
    }, 'function_call'));
    expect(message.content).toMatchObject([{ type: 'tool_call', name: 'f', arguments: '{"a":1}' }]);
    expect(message.providerData).toStrictEqual({ openai: { audio: { id: 'audio_abc' } } });
  });

  it.each([
    ['length', 'length'], ['content_filter', 'content_filter'], ['eos', 'other'], [null, 'other'],
  ])('normalizes finish_reason %s to %s', (raw, normalized) => {
    const { envelope } = fromOpenAIChatCompletion(completion({ content: 'x' }, raw));
    expect(envelope.finishReason).toBe(normalized);
    if (raw === null) expect(envelope).not.toHaveProperty('finishReasonRaw');
    else expect(envelope.finishReasonRaw).toBe(raw);
  });

  it('writes no appData', () => {
    const golden = fixture<ResponseFixture>('openai', 'response-text');
    expect(fromOpenAIChatCompletion(golden.response).message).not.toHaveProperty('appData');
  });

  it('refuses an error body or anything that is not a completion with `invalid_message`', () => {
    for (const input of [{ error: { message: 'Rate limit reached', type: 'requests' } }, 'text', null, []]) {
      const thrown = thrownBy(() => fromOpenAIChatCompletion(input));
      expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    }
  });
});
