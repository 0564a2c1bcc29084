import { describe, expect, it } from 'vitest';
import { toAnthropicMessages } from '../../../src/adapters/anthropic/to-anthropic-messages.js';
import { isConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const question: Message = { role: 'user', content: 'Hi' };
const call = (id: string, args = '{}'): Message => ({ role: 'assistant', content: [{ type: 'tool_call', id, name: 'f', arguments: args }] });
const result = (id: string, content = 'ok'): Message => ({ role: 'tool', toolCallId: id, toolName: 'f', content });

describe('toAnthropicMessages', () => {
  it('converts a history with thinking and tool windows to the request in the fixture, exactly', () => {
    const golden = fixture<RequestFixture<unknown>>('anthropic', 'request-thinking-tools');
    const { body, warnings } = toAnthropicMessages(deepFreeze(golden.history), { system: golden.system! });
    expect(body).toStrictEqual(golden.body);
    expect(warningKeys(warnings)).toStrictEqual(golden.warnings);
  });

  it('refuses a context that is not sendable with `pairing`', () => {
    const thrown = thrownBy(() => toAnthropicMessages([question, result('call_x')]));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('never mutates its input', () => {
    const golden = fixture<RequestFixture<unknown>>('anthropic', 'request-thinking-tools');
    const before = structuredClone(golden.history);
    toAnthropicMessages(deepFreeze(golden.history));
    expect(golden.history).toStrictEqual(before);
  });

  it('takes the system prompt from options only', () => {
    expect(toAnthropicMessages([question]).body).toStrictEqual({ messages: [{ role: 'user', content: 'Hi' }] });
    expect(toAnthropicMessages([question], { system: '' }).body).not.toHaveProperty('system');
  });

  it('puts every tool result of a window first in the next user turn, and merges same-role turns', () => {
    const history: Message[] = [
      { role: 'user', content: 'a' },
      { role: 'user', content: [{ type: 'text', text: 'b' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'c' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_call', id: 'toolu_1', name: 'f', arguments: '{"x":1}' },
          { type: 'tool_call', id: 'toolu_2', name: 'f', arguments: '{"x":2}' },
        ],
      },
      result('toolu_2', 'two'),
      { role: 'tool', toolCallId: 'toolu_1', toolName: 'f', content: 'one', isError: true },
      { role: 'user', content: 'next' },
    ];
    expect(toAnthropicMessages(history).body.messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'c' },
          { type: 'tool_use', id: 'toolu_1', name: 'f', input: { x: 1 } },
          { type: 'tool_use', id: 'toolu_2', name: 'f', input: { x: 2 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'two' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'one', is_error: true },
          { type: 'text', text: 'next' },
        ],
      },
    ]);
  });

  it('replays a thinking block first in its turn', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'text', text: 'visible' }] },
      {
        role: 'assistant',
        content: [{ type: 'reasoning', text: 'hidden', providerData: { anthropic: { signature: 'sig' } } }, { type: 'text', text: 'more' }],
      },
    ];
    expect(toAnthropicMessages(history).body.messages[1]).toStrictEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hidden', signature: 'sig' },
        { type: 'text', text: 'visible' },
        { type: 'text', text: 'more' },
      ],
    });
  });

  it('drops reasoning without an Anthropic signature, and another provider\'s reasoning and state, with warnings', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'gemini thought', providerData: { 'google-ai': { thoughtSignature: 'CiQB-gemini' } } },
          { type: 'reasoning', text: 'local model thought' },
          { type: 'text', text: 'Hello', providerData: { 'google-ai': { thoughtSignature: 'CiQB-text' }, openai: { x: 1 } } },
        ],
      },
    ];
    const { body, warnings } = toAnthropicMessages(deepFreeze(history));
    expect(body.messages[1]).toStrictEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello' }] });
    expect(JSON.stringify(body)).not.toMatch(/CiQB|google-ai|openai|thought/);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 1 },
    ]);
  });

  it('sends arguments that are not a JSON object as `{}` with a warning instead of wedging the conversation', () => {
    const history: Message[] = [question, call('toolu_1', '{"city": "Par'), result('toolu_1'), call('toolu_2', '[1,2]'), result('toolu_2'), call('toolu_3', ''), result('toolu_3')];
    const { body, warnings } = toAnthropicMessages(history);
    const inputs = body.messages.filter((message) => message.role === 'assistant')
      .map((message) => (message.content as { input?: unknown }[])[0]!.input);
    expect(inputs).toStrictEqual([{}, {}, {}]);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 3, blockIndex: 0 },
    ]);
  });

  it('carries images and documents in tool results, with their own state', () => {
    const history: Message[] = [
      question,
      call('toolu_1'),
      {
        role: 'tool', toolCallId: 'toolu_1', toolName: 'f', providerData: { anthropic: { cache_control: { type: 'ephemeral' } } },
        content: [
          { type: 'text', text: 'see image' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
          { type: 'file', source: { kind: 'base64', mediaType: 'text/plain', data: 'aGVsbG8gd29ybGQ=' }, filename: 'notes.txt' },
          { type: 'file', source: { kind: 'provider_file', provider: 'anthropic', fileId: 'file_011' } },
          { type: 'file', source: { kind: 'base64', mediaType: 'application/zip', data: 'UEsDBA==' } },
        ],
      },
    ];
    const { body, warnings } = toAnthropicMessages(history);
    expect(body.messages[2]).toStrictEqual({
      role: 'user',
      content: [{
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [
          { type: 'text', text: 'see image' },
          { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello world' }, title: 'notes.txt' },
          { type: 'document', source: { type: 'file', file_id: 'file_011' } },
        ],
        cache_control: { type: 'ephemeral' },
      }],
    });
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 2, blockIndex: 4 }]);
  });

  it('replays its own provider tool blocks and raw items, and drops foreign or origin-less ones', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'provider_tool_call', id: 'srvtoolu_1', name: 'web_search', arguments: '{"query":"q"}', origin: 'anthropic', providerData: { anthropic: { type: 'server_tool_use' } } },
          { type: 'provider_tool_result', toolCallId: 'srvtoolu_1', value: [{ type: 'web_search_result', url: 'u' }], origin: 'anthropic', providerData: { anthropic: { type: 'web_search_tool_result' } } },
          { type: 'provider_tool_call', id: 'ws_1', name: 'web_search', arguments: '{}', origin: 'openai' },
          { type: 'provider_tool_call', id: 'x_1', name: 'code', arguments: '{}' },
          { type: 'other', typeName: 'container_upload', value: { type: 'container_upload', file_id: 'f' }, origin: 'anthropic' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
          { type: 'refusal', text: 'I will not do that part.' },
        ],
      },
    ];
    const { body, warnings } = toAnthropicMessages(history);
    expect(body.messages[1]).toStrictEqual({
      role: 'assistant',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'u' }] },
        { type: 'container_upload', file_id: 'f' },
        { type: 'text', text: 'I will not do that part.' },
      ],
    });
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 5 },
    ]);
  });

  it('sends image data only as JPEG, PNG, GIF or WebP (the media types Anthropic takes), leaving out others earlier in the history with a warning', () => {
    const history: Message[] = [
      {
        role: 'user',
        content: [
          { type: 'image', source: { kind: 'base64', mediaType: 'image/webp', data: 'UklG' } },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/svg+xml', data: 'PHN2' } },
          { type: 'text', text: 'Which is nicer?' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'The first.' }] },
      { role: 'user', content: 'Why?' },
    ];
    const { body, warnings } = toAnthropicMessages(history);
    expect(body.messages[0]).toStrictEqual({
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklG' } }, { type: 'text', text: 'Which is nicer?' }],
    });
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 0, blockIndex: 1 }]);
    expect(warnings[0]!.message).toContain('image/svg+xml');
  });

  it('leaves out whitespace-only text, which Anthropic refuses on every later turn', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [{ type: 'text', text: '\n\n' }, { type: 'tool_call', id: 'toolu_1', name: 'f', arguments: '{}' }],
      },
      result('toolu_1'),
      { role: 'user', content: ' \n' },
      { role: 'user', content: [{ type: 'text', text: '\t' }, { type: 'text', text: 'next' }] },
    ];
    const { body, warnings } = toAnthropicMessages(history);
    expect(body.messages).toStrictEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }, { type: 'text', text: 'next' }] },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 3 }]);
  });

  it('sends "(no output)" for a blank tool result, which Anthropic refuses ("content cannot be empty")', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [
        { type: 'tool_call', id: 'toolu_1', name: 'f', arguments: '{}' },
        { type: 'tool_call', id: 'toolu_2', name: 'f', arguments: '{}' },
        { type: 'tool_call', id: 'toolu_3', name: 'f', arguments: '{}' },
      ] },
      result('toolu_1', ''),
      { role: 'tool', toolCallId: 'toolu_2', toolName: 'f', content: ' \n', isError: true },
      { role: 'tool', toolCallId: 'toolu_3', toolName: 'f', content: [{ type: 'text', text: '' }] },
    ];
    expect(toAnthropicMessages(history).body.messages[2]).toStrictEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: '(no output)' },
        { type: 'tool_result', tool_use_id: 'toolu_2', content: '(no output)', is_error: true },
        { type: 'tool_result', tool_use_id: 'toolu_3', content: '(no output)' },
      ],
    });
  });

  it('leaves out a message with nothing to send, with a warning', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'reasoning', text: 'no signature' }] },
      { role: 'user', content: 'again' },
    ];
    const { body, warnings } = toAnthropicMessages(history);
    expect(body.messages).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'text', text: 'again' }] }]);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1 },
    ]);
  });
});
