import { describe, expect, it } from 'vitest';
import { fromGeminiResponse } from '../../../src/adapters/gemini/from-gemini-response.js';
import { isConvologError } from '../../../src/core/error.js';
import { fixture, GENERATED_CALL_ID, withGeneratedIds } from '../helpers.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface ResponseFixture { response: Record<string, unknown>; message: unknown; envelope: unknown }

describe('fromGeminiResponse', () => {
  it.each(['response-parallel-function-calls', 'response-thought-summary'])('converts %s to the message and envelope in the fixture', (name) => {
    const golden = fixture<ResponseFixture>('gemini', name);
    const { message, envelope } = fromGeminiResponse(deepFreeze(golden.response));
    expect(withGeneratedIds(message)).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
  });

  it('gives each call without an id its own generated id, and keeps an id Gemini sent', () => {
    const { message } = fromGeminiResponse({
      candidates: [{ content: { role: 'model', parts: [
        { functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b' } }, { functionCall: { id: 'fc_1', name: 'c', args: { x: 1 } } },
      ] }, finishReason: 'STOP' }],
    });
    const [first, second, third] = message.content as { id: string; arguments: string }[];
    expect(first!.id).toMatch(GENERATED_CALL_ID);
    expect(second!.id).toMatch(GENERATED_CALL_ID);
    expect(first!.id).not.toBe(second!.id);
    expect(second!.arguments).toBe('{}');
    expect(third!.id).toBe('fc_1');
  });

  it('reports a blocked prompt by its block reason', () => {
    const { message, envelope } = fromGeminiResponse({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } });
    expect(message.content).toStrictEqual([]);
    expect(envelope).toMatchObject({ finishReason: 'content_filter', finishReasonRaw: 'SAFETY', usage: { inputTokens: 8, totalTokens: 8 } });
  });

  it.each([
    ['MAX_TOKENS', 'length'], ['RECITATION', 'content_filter'], ['MALFORMED_FUNCTION_CALL', 'error'], ['OTHER', 'other'], ['NEW_REASON', 'other'],
  ])('normalizes finishReason %s to %s', (raw, normalized) => {
    const { envelope } = fromGeminiResponse({ candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason: raw }] });
    expect(envelope).toMatchObject({ finishReason: normalized, finishReasonRaw: raw });
  });

  it('keeps parts it does not know as `other` blocks of origin google-ai, and model images as image blocks', () => {
    const { message } = fromGeminiResponse({
      candidates: [{ content: { role: 'model', parts: [
        { executableCode: { language: 'PYTHON', code: 'print(2+2)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '4\n' } },
        { inlineData: { mimeType: 'image/png', data: 'iVBO' } },
      ] }, finishReason: 'STOP' }],
    });
    expect(message.content).toStrictEqual([
      { type: 'other', typeName: 'executableCode', value: { executableCode: { language: 'PYTHON', code: 'print(2+2)' } }, origin: 'google-ai' },
      { type: 'other', typeName: 'codeExecutionResult', value: { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '4\n' } }, origin: 'google-ai' },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' } },
    ]);
  });

  it('refuses an error body with `invalid_message`', () => {
    const thrown = thrownBy(() => fromGeminiResponse({ error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } }));
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
  });
});
