import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { AssistantBlock, Message } from '../../src/core/message.js';
import { retainPortableContent } from '../../src/core/retain-portable-content.js';
import { deepFreeze } from '../support/deep-freeze.js';
import { warningKeys } from '../support/warning-keys.js';

/** Runs retainPortableContent on a deep-frozen input and checks the input did not change. */
function retain(messages: Message[]) {
  const before = structuredClone(messages);
  const result = retainPortableContent(deepFreeze(messages));
  expect(messages).toEqual(before);
  return result;
}

const signedReasoning: AssistantBlock = {
  type: 'reasoning', text: 'Let me think.', providerData: { anthropic: { signature: 'sig-abc' } },
};

describe('retainPortableContent', () => {
  it('removes providerData from messages, blocks and parts, the reserved `convolog` namespace included', () => {
    const { messages, warnings } = retain([
      { role: 'user', content: [{ type: 'text', text: 'hi', providerData: { openai: { id: 'p1' } } }], providerData: { convolog: { seq: 1 } } },
      { role: 'assistant', content: [{ type: 'text', text: 'hello', providerData: { openai: { id: 'msg_1' }, convolog: { x: 1 } } }] },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
    expect(messages[0]).not.toHaveProperty('providerData');
    expect(messages[1]).not.toHaveProperty('content.0.providerData');
    expect(warnings).toEqual([
      { code: 'dropped_provider_data', messageIndex: 0, message: expect.stringContaining('`convolog`') },
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 0, message: expect.stringContaining('`openai`') },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 0, message: expect.stringMatching(/`openai`, `convolog`/) },
    ]);
    expect(warnings[0]).not.toHaveProperty('blockIndex');
  });

  it('removes an empty providerData without a warning: nothing was lost', () => {
    const { messages, warnings } = retain([{ role: 'assistant', content: [{ type: 'text', text: 'ok', providerData: {} }], providerData: {} }]);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'ok' }] }]);
    expect(messages[0]).not.toHaveProperty('providerData');
    expect(warnings).toEqual([]);
  });

  it('removes `other` user parts, assistant blocks and tool-result parts, naming the origin', () => {
    const { messages, warnings } = retain([
      { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'other', typeName: 'input_audio', value: {}, origin: 'openai' }] },
      { role: 'assistant', content: [{ type: 'other', typeName: 'web_search_call', value: { id: 'ws_1' }, origin: 'openai' }, toolCall('c1', 'f')] },
      { role: 'tool', toolCallId: 'c1', toolName: 'f', content: [{ type: 'other', typeName: 'blob', value: 1 }, { type: 'text', text: 'r' }] },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [toolCall('c1', 'f')] },
      { role: 'tool', toolCallId: 'c1', toolName: 'f', content: [{ type: 'text', text: 'r' }] },
    ]);
    expect(warnings).toEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 1, message: 'Removed a `other` part (origin `openai`) from message 0: raw provider items are not portable' },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0, message: 'Removed a `other` block (origin `openai`) from message 1: raw provider items are not portable' },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 0, message: 'Removed a `other` part from message 2: raw provider items are not portable' },
    ]);
  });

  it('removes media with a provider_file source and keeps url and base64 media', () => {
    const url = { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } } as const;
    const base64 = { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBERi0=' }, filename: 'a.pdf' } as const;
    const { messages, warnings } = retain([
      { role: 'user', content: [url, { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-secret' } }, base64] },
      { role: 'assistant', content: [{ type: 'image', source: { kind: 'provider_file', provider: 'google-ai', fileId: 'files/x' } }] },
    ]);
    expect(messages).toEqual([{ role: 'user', content: [url, base64] }, { role: 'assistant', content: [] }]);
    expect(warnings.map((warning) => [warning.code, warning.messageIndex, warning.blockIndex])).toEqual([
      ['dropped_block', 0, 1], ['dropped_block', 1, 0],
    ]);
    expect(warnings[0]!.message).toMatch(/^Removed a `file` part \(provider file from `openai`\) from message 0/);
    expect(warnings[1]!.message).toMatch(/^Removed a `image` block \(provider file from `google-ai`\) from message 1/);
  });

  it('removes provider tool calls and results', () => {
    const { messages, warnings } = retain([{
      role: 'assistant',
      content: [
        { type: 'provider_tool_call', id: 'srv_1', name: 'web_search', arguments: '{"q":"x"}', origin: 'anthropic' },
        { type: 'provider_tool_result', toolCallId: 'srv_1', value: [{ url: 'https://x' }] },
        { type: 'text', text: 'Found it.' },
      ],
    }]);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Found it.' }] }]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'dropped_block', messageIndex: 0, blockIndex: 0, message: expect.stringMatching(/^Removed a `provider_tool_call` block \(origin `anthropic`\)/) }),
      expect.objectContaining({ code: 'dropped_block', messageIndex: 0, blockIndex: 1, message: expect.stringMatching(/^Removed a `provider_tool_result` block from message 0/) }),
    ]);
  });

  it('removes reasoning that carried opaque state and keeps portable reasoning', () => {
    const redacted: AssistantBlock = { type: 'reasoning', text: '', providerData: { anthropic: { redactedData: 'EncryptedBlob' } } };
    const portable: AssistantBlock = { type: 'reasoning', text: 'Plain thoughts.' };
    const { messages, warnings } = retain([{ role: 'assistant', content: [signedReasoning, redacted, portable, { type: 'text', text: 'Answer' }] }]);
    expect(messages).toEqual([{ role: 'assistant', content: [portable, { type: 'text', text: 'Answer' }] }]);
    expect(warnings).toHaveLength(2);
    expect(warnings.every((warning) => warning.code === 'dropped_block')).toBe(true);
    expect(warnings.map((warning) => warning.blockIndex)).toEqual([0, 1]);
    expect(warnings[0]!.message).toMatch(/^Removed a `reasoning` block \(state `anthropic`\) from message 0/);
  });

  it('keeps reasoning whose providerData is empty, without the key', () => {
    const { messages, warnings } = retain([{ role: 'assistant', content: [{ type: 'reasoning', text: 't', providerData: {} }] }]);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'reasoning', text: 't' }] }]);
    expect(warnings).toEqual([]);
  });

  it('keeps text, refusals, client tool calls and tool results, with string content left a string', () => {
    const input: Message[] = [
      user('What is the weather in Oslo?'),
      assistant([{ type: 'text', text: 'Checking.' }, toolCall('call_1', 'get_weather', { city: 'Oslo' })]),
      toolResult('call_1', 'get_weather', '{"temp":3}', { isError: false }),
      assistant([{ type: 'refusal', text: 'I cannot help with that.' }]),
    ];
    const { messages, warnings } = retain(input);
    expect(messages).toEqual(input);
    expect(typeof messages[0]!.content).toBe('string');
    expect(warnings).toEqual([]);
  });

  it('returns the same objects for messages and blocks that need no change', () => {
    const keptText = { type: 'text', text: 'stays' } as const;
    const untouched = user('untouched');
    const input: Message[] = [
      untouched,
      { role: 'assistant', content: [keptText, { type: 'text', text: 'x', providerData: { openai: { id: '1' } } }] },
    ];
    const { messages } = retain(input);
    expect(messages).not.toBe(input);
    expect(messages[0]).toBe(untouched);
    expect(messages[1]).not.toBe(input[1]);
    expect((messages[1] as { content: unknown[] }).content[0]).toBe(keptText);
  });

  it('leaves appData untouched, even where it looks like provider state', () => {
    const appData = { 'myapp.rating': 5, providerData: { openai: { id: 'x' } } };
    const { messages } = retain([{ role: 'user', content: 'hi', appData, providerData: { openai: { id: 'u' } } }]);
    expect(messages[0]!.appData).toBe(appData);
    expect(messages[0]!.appData).toEqual({ 'myapp.rating': 5, providerData: { openai: { id: 'x' } } });
  });

  it('leaves an opaque-only assistant turn in place, empty, with its appData', () => {
    const appData = { 'convolog.turn': { id: 't1', model: 'o3' } };
    const { messages, warnings } = retain([
      user('go'),
      { role: 'assistant', content: [signedReasoning, { type: 'other', typeName: 'reasoning_item', value: { encrypted: 'e' }, origin: 'openai' }], appData },
      user('next'),
    ]);
    expect(messages).toHaveLength(3);
    expect(messages[1]).toEqual({ role: 'assistant', content: [], appData });
    expect(messages[1]!.appData).toBe(appData);
    expect(warnings.map((warning) => [warning.messageIndex, warning.blockIndex])).toEqual([[1, 0], [1, 1]]);
  });

  it('removes content types it does not know: only known portable content passes the boundary', () => {
    const unknownBlock = { type: 'audio', data: 'x' } as unknown as AssistantBlock;
    const oddSource = { type: 'image', source: { kind: 'file_path', path: '/etc/passwd' } } as unknown as AssistantBlock;
    const { messages, warnings } = retain([{ role: 'assistant', content: [unknownBlock, oddSource, { type: 'text', text: 'ok' }] }]);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'ok' }] }]);
    expect(warnings.map((warning) => warning.blockIndex)).toEqual([0, 1]);
  });

  it('sanitizes a mixed conversation, reporting each loss at the caller\'s indices', () => {
    const input: Message[] = [
      { role: 'user', content: [
        { type: 'text', text: 'Summarize this', providerData: { openai: { cache: true } } },
        { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' } },
        { type: 'other', typeName: 'input_audio', value: {}, origin: 'openai' },
      ], appData: { 'myapp.draft': false } },
      { role: 'assistant', providerData: { openai: { responseId: 'resp_1' }, convolog: { adapter: 'openai' } }, content: [
        { type: 'reasoning', text: 'hmm', providerData: { openai: { encrypted: 'enc' }, anthropic: { signature: 's' } } },
        { type: 'text', text: 'Calling a tool', providerData: { 'google-ai': { thoughtSignature: 'g' } } },
        { type: 'tool_call', id: 'call_1', name: 'read', arguments: '{}', providerData: { openai: { itemId: 'fc_1' } } },
        { type: 'other', typeName: 'mcp_list_tools', value: {}, origin: 'openai' },
      ] },
      { role: 'tool', toolCallId: 'call_1', toolName: 'read', content: [
        { type: 'text', text: 'file text', providerData: { anthropic: { cacheControl: 'ephemeral' } } },
        { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBOR' } },
        { type: 'other', typeName: 'search_result', value: {}, origin: 'anthropic' },
      ] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ];
    const { messages, warnings } = retain(input);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Summarize this' }], appData: { 'myapp.draft': false } },
      { role: 'assistant', content: [
        { type: 'text', text: 'Calling a tool' },
        { type: 'tool_call', id: 'call_1', name: 'read', arguments: '{}' },
      ] },
      { role: 'tool', toolCallId: 'call_1', toolName: 'read', content: [
        { type: 'text', text: 'file text' },
        { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBOR' } },
      ] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]);
    expect(messages[3]).toBe(input[3]);
    expect(warningKeys(warnings)).toEqual([
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 2 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: undefined },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_provider_data', messageIndex: 2, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 2 },
    ]);
    expect(warnings[3]!.message).toBe(
      'Removed provider data `openai`, `convolog` from message 1: provider state is not portable and must not come from an untrusted history',
    );
    expect(warnings[4]!.message).toMatch(/^Removed a `reasoning` block \(state `openai`, `anthropic`\) from message 1: /);
    expect(warnings[5]!.message).toMatch(/^Removed provider data `google-ai` from block 1 of message 1: /);
    expect(warnings[8]!.message).toMatch(/^Removed provider data `anthropic` from part 0 of message 2: /);
  });

  it('is idempotent: a second pass changes and reports nothing', () => {
    const input: Message[] = [
      { role: 'user', content: [{ type: 'other', typeName: 'x', value: 1 }, { type: 'text', text: 'a', providerData: { openai: {} } }] },
      { role: 'assistant', content: [signedReasoning, { type: 'reasoning', text: 'portable' }, toolCall('c', 'f')], providerData: { convolog: {} } },
      { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'ok', providerData: { openai: { id: 'x' } } },
    ];
    const first = retain(input);
    const second = retain(first.messages);
    expect(second.warnings).toEqual([]);
    expect(second.messages).toEqual(first.messages);
    second.messages.forEach((message, index) => expect(message).toBe(first.messages[index]));
  });

  it('returns an empty history for an empty one', () => {
    expect(retainPortableContent([])).toEqual({ messages: [], warnings: [] });
  });
});
