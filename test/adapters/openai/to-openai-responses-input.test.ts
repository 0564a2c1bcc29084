import { describe, expect, it } from 'vitest';
import { fromOpenAIResponse } from '../../../src/adapters/openai/from-openai-response.js';
import { toOpenAIResponsesInput } from '../../../src/adapters/openai/to-openai-responses-input.js';
import { isConvologError } from '../../../src/core/error.js';
import type { AssistantBlock, Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const question: Message = { role: 'user', content: 'Hi' };
const reasoning = (id: string, text = 'thought'): AssistantBlock =>
  ({ type: 'reasoning', text, providerData: { openai: { id, summary: [{ type: 'summary_text', text }], encrypted_content: `enc-${id}` } } });

describe('toOpenAIResponsesInput', () => {
  it('replays a stateless reasoning + tool loop as the input in the fixture, exactly', () => {
    const golden = fixture<RequestFixture<unknown>>('openai-responses', 'request-stateless-tool-loop');
    const { body, warnings } = toOpenAIResponsesInput(deepFreeze(golden.history), { system: golden.system! });
    expect(body).toStrictEqual(golden.body);
    expect(warningKeys(warnings)).toStrictEqual(golden.warnings);
  });

  it('sends back the very items fromOpenAIResponse read, so a store: false loop needs nothing else', () => {
    const turn = fixture<{ response: { output: unknown[] } }>('openai-responses', 'response-reasoning-function-call');
    const { message } = fromOpenAIResponse(turn.response);
    const { body } = toOpenAIResponsesInput([question, message, { role: 'tool', toolCallId: 'call_Sx5zJ3jPyVCMUN6gkaBHc9vX', toolName: 'get_weather', content: 'ok' }]);
    const [reasoningItem, callItem] = turn.response.output as Record<string, unknown>[];
    const { status: _status, ...callWithoutStatus } = callItem!;
    expect(body.input.slice(1, 3)).toStrictEqual([reasoningItem, callWithoutStatus]);
  });

  it('takes the system prompt from options only, as instructions, and refuses a context that is not sendable', () => {
    expect(toOpenAIResponsesInput([question]).body).toStrictEqual({ input: [{ type: 'message', role: 'user', content: 'Hi' }] });
    expect(toOpenAIResponsesInput([question], { system: '' }).body).not.toHaveProperty('instructions');
    const thrown = thrownBy(() => toOpenAIResponsesInput([question, { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'x' }]));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('sends text from elsewhere as plain assistant text, refusals and text of one item as that item', () => {
    const history: Message[] = [question, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'From Claude. ' },
        { type: 'text', text: 'Still Claude.' },
        { type: 'text', text: 'Part one', providerData: { openai: { id: 'msg_1', status: 'completed', phase: 'final_answer' } } },
        { type: 'refusal', text: 'Not that.', providerData: { openai: { id: 'msg_1', status: 'completed' } } },
      ],
    }];
    expect(toOpenAIResponsesInput(history).body.input.slice(1)).toStrictEqual([
      { type: 'message', role: 'assistant', content: 'From Claude. Still Claude.' },
      {
        type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', phase: 'final_answer',
        content: [{ type: 'output_text', text: 'Part one', annotations: [] }, { type: 'refusal', refusal: 'Not that.' }],
      },
    ]);
  });

  it('leaves out reasoning it cannot replay, and the item id of what followed it; keeps a reasoning item only before an item with an id', () => {
    const history: Message[] = [question, {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'from a compatible server, without an item id' },
        { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{}', providerData: { openai: { id: 'fc_1' } } },
        reasoning('rs_2'),
        { type: 'text', text: 'no item id' },
        reasoning('rs_3'),
      ],
    }, { role: 'tool', toolCallId: 'call_1', toolName: 'f', content: 'ok' }];
    const { body, warnings } = toOpenAIResponsesInput(history);
    expect(body.input.slice(1)).toStrictEqual([
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
      { type: 'message', role: 'assistant', content: 'no item id' },
      { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 4 },
    ]);
    expect(warnings[2]!.message).toContain('followed it');
  });

  it('replays `other` items of origin openai in place and drops what the Responses API cannot take, with warnings', () => {
    const webSearch = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } };
    const history: Message[] = [
      { role: 'user', content: [{ type: 'other', typeName: 'input_text', value: { type: 'input_text', text: 'raw' }, origin: 'openai' }, { type: 'other', typeName: 'x', value: {} }] },
      {
        role: 'assistant',
        content: [
          reasoning('rs_1'),
          { type: 'other', typeName: 'web_search_call', value: webSearch, origin: 'openai' },
          { type: 'other', typeName: 'item_reference', value: { type: 'item_reference', id: 'msg_0' }, origin: 'openai' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
          { type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}', origin: 'anthropic' },
          { type: 'other', typeName: 'server_tool_use', value: {}, origin: 'anthropic' },
        ],
      },
    ];
    const { body, warnings } = toOpenAIResponsesInput(history);
    expect(body.input).toStrictEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'raw' }] },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thought' }], encrypted_content: 'enc-rs_1' },
      webSearch,
      { type: 'item_reference', id: 'msg_0' },
    ]);
    expect(warningKeys(warnings).sort((left, right) => left.messageIndex! - right.messageIndex! || left.blockIndex! - right.blockIndex!)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 4 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 5 },
    ]);
  });

  it('sends user and tool media as input_image / input_file, and tool text as one string', () => {
    const history: Message[] = [
      {
        role: 'user',
        content: [
          { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' }, providerData: { openai: { detail: 'high' } } },
          { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBE' }, filename: 'a.pdf' },
          { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' } },
          { type: 'file', source: { kind: 'url', url: 'https://example.com/b.pdf' } },
          { type: 'image', source: { kind: 'provider_file', provider: 'anthropic', fileId: 'f' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'shot', arguments: '{}' }, { type: 'tool_call', id: 'c2', name: 'read', arguments: '' }] },
      { role: 'tool', toolCallId: 'c1', toolName: 'shot', content: [{ type: 'text', text: 'Here:' }, { type: 'image', source: { kind: 'url', url: 'https://example.com/s.png' } }] },
      { role: 'tool', toolCallId: 'c2', toolName: 'read', isError: true, content: [{ type: 'text', text: 'Error: ' }, { type: 'text', text: 'not found' }] },
    ];
    const { body, warnings } = toOpenAIResponsesInput(history);
    expect(body.input).toStrictEqual([
      {
        type: 'message', role: 'user', content: [
          { type: 'input_image', detail: 'high', image_url: 'data:image/png;base64,iVBO' },
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'a.pdf' },
          { type: 'input_file', file_id: 'file-1' },
          { type: 'input_file', file_url: 'https://example.com/b.pdf' },
        ],
      },
      { type: 'function_call', call_id: 'c1', name: 'shot', arguments: '{}' },
      { type: 'function_call', call_id: 'c2', name: 'read', arguments: '' },
      { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'Here:' }, { type: 'input_image', detail: 'auto', image_url: 'https://example.com/s.png' }] },
      { type: 'function_call_output', call_id: 'c2', output: 'Error: \nnot found' },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 0, blockIndex: 4 }]);
  });
});
