import { describe, expect, it } from 'vitest';
import { fromAnthropicMessage } from '../../../src/adapters/anthropic/from-anthropic-message.js';
import { isConvologError } from '../../../src/core/error.js';
import { fixture, GENERATED_CALL_ID } from '../helpers.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface ResponseFixture { response: Record<string, unknown>; message: unknown; envelope: unknown }

const response = (content: unknown[], stopReason: string | null): Record<string, unknown> =>
  ({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content, stop_reason: stopReason, usage: { input_tokens: 1, output_tokens: 2 } });

describe('fromAnthropicMessage', () => {
  it.each(['response-thinking-tool-use', 'response-redacted-web-search'])('converts %s to the message and envelope in the fixture', (name) => {
    const golden = fixture<ResponseFixture>('anthropic', name);
    const { message, envelope } = fromAnthropicMessage(deepFreeze(golden.response));
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
  });

  it('returns data of its own: changing the message leaves the response as it was', () => {
    const golden = fixture<ResponseFixture>('anthropic', 'response-redacted-web-search');
    const { message } = fromAnthropicMessage(golden.response);
    (message.content[2] as { value: unknown[] }).value.push('changed');
    expect(fixture<ResponseFixture>('anthropic', 'response-redacted-web-search').response).toStrictEqual(golden.response);
  });

  it.each([
    ['end_turn', 'stop'], ['stop_sequence', 'stop'], ['max_tokens', 'length'], ['model_context_window_exceeded', 'length'],
    ['refusal', 'content_filter'], ['pause_turn', 'other'], ['something_new', 'other'],
  ])('normalizes stop_reason %s to %s', (raw, normalized) => {
    const { envelope } = fromAnthropicMessage(response([{ type: 'text', text: 'x' }], raw));
    expect(envelope).toMatchObject({ finishReason: normalized, finishReasonRaw: raw, provider: 'anthropic' });
  });

  it('keeps an unknown block as an `other` block of origin anthropic, and gives a call without an id a generated one', () => {
    const { message } = fromAnthropicMessage(response([
      { type: 'future_block', payload: 1 },
      { type: 'tool_use', name: 'f', input: {} },
    ], 'tool_use'));
    expect(message.content[0]).toStrictEqual({ type: 'other', typeName: 'future_block', value: { type: 'future_block', payload: 1 }, origin: 'anthropic' });
    expect((message.content[1] as { id: string }).id).toMatch(GENERATED_CALL_ID);
  });

  it('refuses an error body with `invalid_message`', () => {
    const thrown = thrownBy(() => fromAnthropicMessage({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect((thrown as Error).message).toContain('Overloaded');
  });
});
