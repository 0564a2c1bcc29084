import { describe, expect, it } from 'vitest';
import { toOpenAIChatMessages } from '../../../src/adapters/openai/to-openai-chat-messages.js';
import { isConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const question: Message = { role: 'user', content: 'Hi' };

describe('toOpenAIChatMessages', () => {
  it('converts a history with a tool window to the request in the fixture, exactly', () => {
    const golden = fixture<RequestFixture<unknown>>('openai', 'request-tool-window');
    const { body, warnings } = toOpenAIChatMessages(deepFreeze(golden.history), { system: golden.system! });
    expect(body).toStrictEqual(golden.body);
    expect(warningKeys(warnings)).toStrictEqual(golden.warnings);
  });

  it('refuses a context that is not sendable with `pairing`, before converting', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{}' }] },
    ];
    const thrown = thrownBy(() => toOpenAIChatMessages(history));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
    expect((thrown as { issues?: unknown[] }).issues).toEqual([
      { code: 'unanswered_tool_call', messageIndex: 1, toolCallId: 'call_1', toolName: 'get_weather' },
    ]);
  });

  it('never mutates its input', () => {
    const golden = fixture<RequestFixture<unknown>>('openai', 'request-tool-window');
    const before = structuredClone(golden.history);
    toOpenAIChatMessages(deepFreeze(golden.history), { system: 'x' });
    expect(golden.history).toStrictEqual(before);
  });

  it('takes the system prompt from options only, and leaves an empty one out', () => {
    expect(toOpenAIChatMessages([question]).body.messages).toStrictEqual([{ role: 'user', content: 'Hi' }]);
    expect(toOpenAIChatMessages([question], { system: '' }).body.messages).toStrictEqual([{ role: 'user', content: 'Hi' }]);
    expect(toOpenAIChatMessages([question], { system: 'Be brief.' }).body.messages[0]).toStrictEqual({ role: 'system', content: 'Be brief.' });
  });

  it('drops another provider\'s reasoning and state with warnings, and sends none of it', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        providerData: { 'google-ai': { trace: 'g1' } },
        content: [
          { type: 'reasoning', text: 'secret plan', providerData: { anthropic: { signature: 'sig-abc' } } },
          { type: 'text', text: 'Hello', providerData: { anthropic: { citations: [] } } },
        ],
      },
    ];
    const { body, warnings } = toOpenAIChatMessages(deepFreeze(history));
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
    ]);
    const sent = JSON.stringify(body);
    expect(sent).not.toMatch(/sig-abc|secret plan|anthropic|google-ai|g1/);
    expect(body.messages[1]).toStrictEqual({ role: 'assistant', content: 'Hello' });
  });

  it('points warnings at the caller\'s block even after foreign blocks were removed before it', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'theirs', providerData: { anthropic: { signature: 's' } } },
          { type: 'reasoning', text: 'stateless' },
          { type: 'text', text: 'ok' },
        ],
      },
    ];
    expect(warningKeys(toOpenAIChatMessages(history).warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 1 },
    ]);
  });

  it('adds `providerData.openai` as wire fields (the adapter\'s own fields win) and never sends `convolog` state', () => {
    const history: Message[] = [
      { role: 'user', content: 'Hi', providerData: { openai: { name: 'ada', role: 'system' }, convolog: { note: 1 } } },
      {
        role: 'assistant',
        providerData: { openai: { audio: { id: 'audio_1' } } },
        content: [{ type: 'tool_call', id: 'call_1', name: 'f', arguments: '{}', providerData: { openai: { extra: true } } }],
      },
      { role: 'tool', toolCallId: 'call_1', toolName: 'f', content: 'done' },
    ];
    const { body, warnings } = toOpenAIChatMessages(history);
    expect(body.messages).toStrictEqual([
      { role: 'user', content: 'Hi', name: 'ada' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' }, extra: true }],
        audio: { id: 'audio_1' },
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'done' },
    ]);
    expect(warnings).toStrictEqual([]);
  });

  it('reports own state that has no place on the wire', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'text', text: 'Hello', providerData: { openai: { logprobs: [] } } }] },
    ];
    expect(warningKeys(toOpenAIChatMessages(history).warnings)).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 0 },
    ]);
  });

  it('reports each provider-data object once, and nothing but the block for a block that goes', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Hello', providerData: { anthropic: { citations: [] }, openai: { logprobs: [] } } },
          { type: 'reasoning', text: 'plan', providerData: { anthropic: { signature: 's' }, openai: { id: 'rs_1' } } },
        ],
      },
    ];
    const { warnings } = toOpenAIChatMessages(history);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 1 },
    ]);
    expect(warnings[0]!.message).toMatch(/`anthropic`.*`openai`/);
  });

  it('carries files as data, audio or OpenAI file ids, and drops what Chat Completions cannot take', () => {
    const history: Message[] = [{
      role: 'user',
      content: [
        { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBERi0=' }, filename: 'a.pdf' },
        { type: 'file', source: { kind: 'base64', mediaType: 'audio/wav', data: 'UklGRg==' } },
        { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-abc' } },
        { type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
        { type: 'image', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-img' } },
        { type: 'other', typeName: 'input_text_x', value: { type: 'input_text_x', text: 'raw' }, origin: 'openai' },
        { type: 'other', typeName: 'mystery', value: { any: 1 } },
      ],
    }];
    const { body, warnings } = toOpenAIChatMessages(history);
    expect(body.messages[0]).toStrictEqual({
      role: 'user',
      content: [
        { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        { type: 'file', file: { file_id: 'file-abc' } },
        { type: 'input_text_x', text: 'raw' },
      ],
    });
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 4 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 6 },
    ]);
  });

  it('sends tool results as text, dropping images with a warning', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'tool_call', id: 'call_1', name: 'screenshot', arguments: '{}' }] },
      {
        role: 'tool', toolCallId: 'call_1', toolName: 'screenshot', isError: true,
        content: [
          { type: 'text', text: 'partial capture' },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'text', text: 'then it failed' },
        ],
      },
    ];
    const { body, warnings } = toOpenAIChatMessages(history);
    expect(body.messages[2]).toStrictEqual({ role: 'tool', tool_call_id: 'call_1', content: 'partial capture\nthen it failed' });
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 2, blockIndex: 1 }]);
  });

  it('sends refusals in `refusal` and drops provider tool blocks and assistant images', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'refusal', text: 'I can\'t help with that.' },
          { type: 'provider_tool_call', id: 'ws_1', name: 'web_search', arguments: '{}' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
          { type: 'other', typeName: 'x', value: {}, origin: 'openai' },
        ],
      },
    ];
    const { body, warnings } = toOpenAIChatMessages(history);
    expect(body.messages[1]).toStrictEqual({ role: 'assistant', content: null, refusal: 'I can\'t help with that.' });
    expect(warningKeys(warnings).map((warning) => warning.blockIndex)).toStrictEqual([1, 2, 3]);
  });
});
