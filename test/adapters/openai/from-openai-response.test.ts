import { describe, expect, it } from 'vitest';
import { fromOpenAIResponse } from '../../../src/adapters/openai/from-openai-response.js';
import { isConvologError } from '../../../src/core/error.js';
import type { AssistantMessage } from '../../../src/core/message.js';
import { retainPortableContent } from '../../../src/core/retain-portable-content.js';
import { fixture } from '../helpers.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface ResponseFixture { response: unknown; message: unknown; envelope: unknown }

function response(output: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-5', output, ...extra };
}

describe('fromOpenAIResponse', () => {
  it.each([
    'response-reasoning-function-call', 'response-final-answer', 'response-incomplete-max-output-tokens', 'response-refusal',
  ])('converts %s to the message and envelope in the fixture', (name) => {
    const golden = fixture<ResponseFixture>('openai-responses', name);
    const { message, envelope } = fromOpenAIResponse(deepFreeze(golden.response));
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
  });

  it('keeps built-in tool calls, item references and unknown items as `other` blocks of origin openai, in place', () => {
    const webSearch = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } };
    const fileSearch = { id: 'fs_1', type: 'file_search_call', status: 'completed', queries: ['q'], results: null };
    const code = { id: 'ci_1', type: 'code_interpreter_call', status: 'completed', code: 'print(1)', container_id: 'c', outputs: [] };
    const reference = { type: 'item_reference', id: 'msg_0' };
    const { message } = fromOpenAIResponse(response([webSearch, fileSearch, code, reference, { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Done', annotations: [] }] }]));
    expect(message.content.map((block) => block.type === 'other' ? [block.typeName, block.origin, block.value] : block.type)).toStrictEqual([
      ['web_search_call', 'openai', webSearch], ['file_search_call', 'openai', fileSearch], ['code_interpreter_call', 'openai', code], ['item_reference', 'openai', reference], 'text',
    ]);
    // An escape hatch: a history from an untrusted source loses them at the trust boundary.
    const [portable] = retainPortableContent([message]).messages as AssistantMessage[];
    expect(portable!.content.map((block) => block.type)).toStrictEqual(['text']);
  });

  it('keeps a message item\'s phase and groups nothing across items', () => {
    const { message } = fromOpenAIResponse(response([
      { type: 'message', id: 'msg_a', status: 'completed', role: 'assistant', phase: 'commentary', content: [{ type: 'output_text', text: 'Working.', annotations: [] }] },
      { type: 'message', id: 'msg_b', status: 'completed', role: 'assistant', phase: 'final_answer', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
    ]));
    expect(message.content).toStrictEqual([
      { type: 'text', text: 'Working.', providerData: { openai: { id: 'msg_a', status: 'completed', phase: 'commentary' } } },
      { type: 'text', text: 'Done.', providerData: { openai: { id: 'msg_b', status: 'completed', phase: 'final_answer' } } },
    ]);
  });

  it('refuses a function call without call_id, one cut off, and one whose arguments never parse: never a half call', () => {
    const call = { type: 'function_call', id: 'fc_1', name: 'f', arguments: '{}', call_id: 'call_1', status: 'completed' };
    const cases = [
      [{ ...call, call_id: undefined }, /no call_id/],
      [{ ...call, status: 'incomplete', arguments: '{"a":' }, /cut off/],
      [{ ...call, arguments: '{"a":' }, /not valid JSON/],
    ] as const;
    for (const [item, message] of cases) {
      const thrown = thrownBy(() => fromOpenAIResponse(response([item], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } })));
      expect(isConvologError(thrown, 'invalid_message')).toBe(true);
      expect((thrown as Error).message).toMatch(message);
    }
  });

  it('refuses a failed response and an error body with `invalid_message` naming the error', () => {
    const failed = thrownBy(() => fromOpenAIResponse(response([], { status: 'failed', error: { code: 'server_error', message: 'The server had an error.' } })));
    expect(isConvologError(failed, 'invalid_message')).toBe(true);
    expect((failed as Error).message).toContain('The server had an error.');
    const body = thrownBy(() => fromOpenAIResponse({ error: { message: 'Invalid API key', type: 'invalid_request_error' } }));
    expect(isConvologError(body, 'invalid_message')).toBe(true);
    expect((body as Error).message).toContain('Invalid API key');
  });

  it('reports a content-filtered incomplete response, and usage without details', () => {
    const { envelope } = fromOpenAIResponse(response([], { status: 'incomplete', incomplete_details: { reason: 'content_filter' }, usage: { input_tokens: 3, output_tokens: 0, total_tokens: 3 } }));
    expect(envelope).toStrictEqual({ provider: 'openai', id: 'resp_1', model: 'gpt-5', usage: { inputTokens: 3, outputTokens: 0, totalTokens: 3 }, finishReason: 'content_filter', finishReasonRaw: 'content_filter' });
  });
});
