import { describe, expect, it } from 'vitest';
import { toolCall, user } from '../../src/core/constructors.js';
import type { AssistantBlock, Message } from '../../src/core/message.js';
import { retainProviderState, type KeepNamespaces } from '../../src/core/retain-provider-state.js';
import { deepFreeze } from '../support/deep-freeze.js';
import { warningKeys } from '../support/warning-keys.js';

/** Runs retainProviderState on a deep-frozen input and checks the input did not change. */
function retain(messages: Message[], keep: KeepNamespaces) {
  const before = structuredClone(messages);
  const result = retainProviderState(deepFreeze(messages), keep);
  expect(messages).toEqual(before);
  return result;
}

function mixedConversation(): Message[] {
  return [
    { role: 'user', content: [
      { type: 'text', text: 'Read this', providerData: { openai: { cache: true }, anthropic: { cacheControl: 'ephemeral' } } },
      { type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' }, providerData: { 'google-ai': { uri: 'g' } } },
      { type: 'other', typeName: 'input_audio', value: {}, origin: 'openai' },
    ], providerData: { convolog: { importedFrom: 'v0' } } },
    { role: 'assistant', providerData: { openai: { responseId: 'resp_1' }, anthropic: { messageId: 'msg_1' } }, content: [
      { type: 'reasoning', text: 'openai-only', providerData: { openai: { encrypted: 'enc' } } },
      { type: 'reasoning', text: 'both', providerData: { openai: { encrypted: 'enc' }, anthropic: { signature: 's' } } },
      { type: 'reasoning', text: 'no state' },
      { type: 'text', text: 'Calling', providerData: { 'google-ai': { thoughtSignature: 'g' } } },
      { type: 'tool_call', id: 'call_1', name: 'read', arguments: '{}', providerData: { openai: { itemId: 'fc_1' }, convolog: { n: 1 } } },
      { type: 'provider_tool_call', id: 'ws_1', name: 'web_search', arguments: '{}', origin: 'openai' },
      { type: 'provider_tool_result', toolCallId: 'srv_1', value: [], origin: 'anthropic', providerData: { openai: { x: 1 } } },
      { type: 'other', typeName: 'note', value: 1, providerData: { openai: { x: 1 }, anthropic: { y: 2 } } },
    ] },
    { role: 'tool', toolCallId: 'call_1', toolName: 'read', content: [
      { type: 'text', text: 'result', providerData: { openai: { id: 'r' } } },
      { type: 'other', typeName: 'search_result', value: {}, origin: 'google-ai' },
    ] },
  ];
}

describe('retainProviderState', () => {
  it('keeps the listed namespaces and `convolog`, strips the rest from messages, blocks and parts', () => {
    const { messages, warnings } = retain([
      { role: 'user', content: [{ type: 'text', text: 'hi', providerData: { openai: { a: 1 }, anthropic: { b: 2 } } }],
        providerData: { convolog: { c: 3 }, 'google-ai': { d: 4 } } },
      { role: 'tool', toolCallId: 'c1', toolName: 'f', content: [{ type: 'text', text: 'r', providerData: { convolog: { e: 5 } } }],
        providerData: { anthropic: { f: 6 } } },
    ], ['anthropic']);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi', providerData: { anthropic: { b: 2 } } }], providerData: { convolog: { c: 3 } } },
      { role: 'tool', toolCallId: 'c1', toolName: 'f', content: [{ type: 'text', text: 'r', providerData: { convolog: { e: 5 } } }],
        providerData: { anthropic: { f: 6 } } },
    ]);
    expect(warnings).toEqual([
      { code: 'dropped_provider_data', messageIndex: 0, message: 'Removed provider data `google-ai` from message 0: only the kept namespaces and `convolog` stay' },
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 0, message: 'Removed provider data `openai` from part 0 of message 0: only the kept namespaces and `convolog` stay' },
    ]);
  });

  it('removes the providerData key when no namespace is left', () => {
    const { messages } = retain([{ role: 'assistant', content: [{ type: 'text', text: 'x', providerData: { openai: { id: '1' } } }], providerData: { openai: { id: 'm' } } }], []);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'x' }] }]);
    expect(messages[0]).not.toHaveProperty('providerData');
    expect(messages[0]).not.toHaveProperty('content.0.providerData');
  });

  it('always keeps `convolog`, whatever the list or predicate says', () => {
    const input: Message[] = [{ role: 'assistant', content: [{ type: 'text', text: 'x', providerData: { convolog: { a: 1 } } }], providerData: { convolog: { b: 2 } } }];
    for (const keep of [[], () => false] as KeepNamespaces[]) {
      const { messages, warnings } = retain(input, keep);
      expect(messages).toEqual(input);
      expect(warnings).toEqual([]);
    }
  });

  it('drops reasoning whose state was entirely foreign and keeps reasoning with no state or some kept state', () => {
    const { messages, warnings } = retain([{ role: 'assistant', content: [
      { type: 'reasoning', text: 'foreign', providerData: { openai: { encrypted: 'e' }, 'google-ai': { sig: 'g' } } },
      { type: 'reasoning', text: 'mixed', providerData: { openai: { encrypted: 'e' }, anthropic: { signature: 's' } } },
      { type: 'reasoning', text: 'none' },
      { type: 'reasoning', text: 'empty', providerData: {} },
      { type: 'reasoning', text: 'reserved', providerData: { convolog: { n: 1 } } },
    ] }], ['anthropic']);
    expect(messages).toEqual([{ role: 'assistant', content: [
      { type: 'reasoning', text: 'mixed', providerData: { anthropic: { signature: 's' } } },
      { type: 'reasoning', text: 'none' },
      { type: 'reasoning', text: 'empty', providerData: {} },
      { type: 'reasoning', text: 'reserved', providerData: { convolog: { n: 1 } } },
    ] }]);
    expect(warnings).toEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 0,
        message: 'Removed a `reasoning` block (state `openai`, `google-ai`) from message 0: all of its opaque state belongs to providers that are not kept' },
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 1, message: expect.stringMatching(/^Removed provider data `openai` from block 1 of message 0/) },
    ]);
  });

  it('drops `other` and provider tool blocks of a foreign origin and keeps those of a kept origin', () => {
    const { messages, warnings } = retain([
      { role: 'assistant', content: [
        { type: 'other', typeName: 'web_search_call', value: {}, origin: 'openai' },
        { type: 'provider_tool_call', id: 'srv_1', name: 'web_search', arguments: '{}', origin: 'anthropic', providerData: { openai: { x: 1 } } },
        { type: 'provider_tool_result', toolCallId: 'ws_1', value: [], origin: 'openai' },
        { type: 'provider_tool_result', toolCallId: 'srv_1', value: [], origin: 'anthropic' },
        { type: 'other', typeName: 'bookkeeping', value: 1, origin: 'convolog' },
      ] },
      { role: 'user', content: [{ type: 'other', typeName: 'input_audio', value: {}, origin: 'openai' }, { type: 'text', text: 'a' }] },
    ], ['anthropic']);
    expect(messages).toEqual([
      { role: 'assistant', content: [
        { type: 'provider_tool_call', id: 'srv_1', name: 'web_search', arguments: '{}', origin: 'anthropic' },
        { type: 'provider_tool_result', toolCallId: 'srv_1', value: [], origin: 'anthropic' },
        { type: 'other', typeName: 'bookkeeping', value: 1, origin: 'convolog' },
      ] },
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
    ]);
    expect(warnings.map(({ code, messageIndex, blockIndex }) => [code, messageIndex, blockIndex])).toEqual([
      ['dropped_block', 0, 0], ['dropped_provider_data', 0, 1], ['dropped_block', 0, 2], ['dropped_block', 1, 0],
    ]);
    expect(warnings[0]!.message).toBe('Removed a `other` block (origin `openai`) from message 0: `openai` is not a kept provider');
    expect(warnings[2]!.message).toMatch(/^Removed a `provider_tool_result` block \(origin `openai`\) from message 0/);
    expect(warnings[3]!.message).toMatch(/^Removed a `other` part \(origin `openai`\) from message 1/);
  });

  it('keeps `other` and provider tool blocks without an origin, minus foreign state', () => {
    const { messages, warnings } = retain([{ role: 'assistant', content: [
      { type: 'other', typeName: 'note', value: 1, providerData: { openai: { x: 1 }, anthropic: { y: 2 } } },
      { type: 'provider_tool_call', id: 'p', name: 'n', arguments: '{}', providerData: { openai: { x: 1 } } },
    ] }], ['anthropic']);
    expect(messages).toEqual([{ role: 'assistant', content: [
      { type: 'other', typeName: 'note', value: 1, providerData: { anthropic: { y: 2 } } },
      { type: 'provider_tool_call', id: 'p', name: 'n', arguments: '{}' },
    ] }]);
    expect(warnings.map((warning) => [warning.code, warning.blockIndex])).toEqual([['dropped_provider_data', 0], ['dropped_provider_data', 1]]);
  });

  it('leaves media sources alone: a provider_file reference is not provider data', () => {
    const input: Message[] = [{ role: 'user', content: [{ type: 'image', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' } }] }];
    const { messages, warnings } = retain(input, ['anthropic']);
    expect(messages).toEqual(input);
    expect(warnings).toEqual([]);
  });

  it('leaves a message with no content left in place, empty, with its appData', () => {
    const appData = { 'myapp.pinned': true };
    const { messages } = retain([
      user('go'),
      { role: 'assistant', content: [{ type: 'reasoning', text: '', providerData: { openai: { encrypted: 'e' } } }, { type: 'other', typeName: 'x', value: 1, origin: 'openai' }], appData },
    ], ['anthropic']);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toEqual({ role: 'assistant', content: [], appData });
    expect(messages[1]!.appData).toBe(appData);
  });

  it('leaves appData and string content untouched, and returns unchanged messages and blocks as the same objects', () => {
    const appData = { 'myapp.x': { openai: { looks: 'like state' } } };
    const keptBlock = { type: 'text', text: 'kept', providerData: { anthropic: { a: 1 } } } as const;
    const input: Message[] = [
      { role: 'user', content: 'plain', appData },
      { role: 'assistant', content: [keptBlock, { type: 'text', text: 'y', providerData: { openai: { b: 1 } } }] },
    ];
    const { messages } = retain(input, ['anthropic']);
    expect(messages[0]).toBe(input[0]);
    expect(messages[0]!.content).toBe('plain');
    expect(messages[0]!.appData).toBe(appData);
    expect((messages[1] as { content: AssistantBlock[] }).content[0]).toBe(keptBlock);
  });

  it('gives the same result for a predicate as for the list it stands for', () => {
    const kept = ['anthropic', 'google-ai'];
    const fromList = retain(mixedConversation(), kept);
    const fromPredicate = retain(mixedConversation(), (namespace) => kept.includes(namespace));
    expect(fromPredicate).toEqual(fromList);
  });

  it('handles a mixed conversation, reporting each loss at the caller\'s indices', () => {
    const { messages, warnings } = retain(mixedConversation(), ['anthropic']);
    expect(messages).toEqual([
      { role: 'user', content: [
        { type: 'text', text: 'Read this', providerData: { anthropic: { cacheControl: 'ephemeral' } } },
        { type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
      ], providerData: { convolog: { importedFrom: 'v0' } } },
      { role: 'assistant', providerData: { anthropic: { messageId: 'msg_1' } }, content: [
        { type: 'reasoning', text: 'both', providerData: { anthropic: { signature: 's' } } },
        { type: 'reasoning', text: 'no state' },
        { type: 'text', text: 'Calling' },
        { type: 'tool_call', id: 'call_1', name: 'read', arguments: '{}', providerData: { convolog: { n: 1 } } },
        { type: 'provider_tool_result', toolCallId: 'srv_1', value: [], origin: 'anthropic' },
        { type: 'other', typeName: 'note', value: 1, providerData: { anthropic: { y: 2 } } },
      ] },
      { role: 'tool', toolCallId: 'call_1', toolName: 'read', content: [{ type: 'text', text: 'result' }] },
    ]);
    expect(warningKeys(warnings)).toEqual([
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 0, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 2 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: undefined },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 4 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 5 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 6 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 7 },
      { code: 'dropped_provider_data', messageIndex: 2, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 1 },
    ]);
    expect(warnings[3]).not.toHaveProperty('blockIndex');
    expect(warnings[0]!.message).toMatch(/`openai`/);
    expect(warnings[0]!.message).not.toMatch(/`anthropic`/);
  });

  it('is idempotent: a second pass changes and reports nothing', () => {
    const first = retain(mixedConversation(), ['anthropic']);
    const second = retain(first.messages, ['anthropic']);
    expect(second.warnings).toEqual([]);
    expect(second.messages).toEqual(first.messages);
    second.messages.forEach((message, index) => expect(message).toBe(first.messages[index]));
  });

  it('keeps a client tool call and its result whatever the namespaces', () => {
    const { messages } = retain([
      { role: 'assistant', content: [toolCall('c', 'f', { a: 1 })] },
      { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'done', isError: true },
    ], []);
    expect(messages).toEqual([
      { role: 'assistant', content: [toolCall('c', 'f', { a: 1 })] },
      { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'done', isError: true },
    ]);
  });
});
