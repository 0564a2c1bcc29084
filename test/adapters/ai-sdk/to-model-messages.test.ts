import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toModelMessages } from '../../../src/adapters/ai-sdk/to-model-messages.js';
import { isConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { modelMessageSchema } from './model-message-schema.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const question: Message = { role: 'user', content: 'Hi' };

describe('toModelMessages', () => {
  it('converts a history with a tool window to the messages in the fixture, exactly, and they pass the AI SDK schema', () => {
    const golden = fixture<RequestFixture<unknown>>('ai-sdk', 'request-tool-window');
    const { body, warnings } = toModelMessages(deepFreeze(golden.history), { system: golden.system! });
    expect(body).toStrictEqual(golden.body);
    expect(warningKeys(warnings)).toStrictEqual(golden.warnings);
    expect(z.array(modelMessageSchema).safeParse(body.messages).success).toBe(true);
  });

  it('refuses a context that is not sendable with `pairing`', () => {
    const thrown = thrownBy(() => toModelMessages([question, { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'x' }]));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('never mutates its input, and takes the system prompt from options only', () => {
    const golden = fixture<RequestFixture<unknown>>('ai-sdk', 'request-tool-window');
    const before = structuredClone(golden.history);
    const { body } = toModelMessages(deepFreeze(golden.history));
    expect(golden.history).toStrictEqual(before);
    expect(body.messages[0]!.role).toBe('user');
    expect(body).not.toHaveProperty('system');
  });

  it('carries no provider data: one warning per object, reasoning that was only provider state left out', () => {
    const history: Message[] = [
      { role: 'user', content: 'Hi', providerData: { openai: { name: 'x' } } },
      {
        role: 'assistant',
        providerData: { 'google-ai': { a: 1 }, convolog: { kept: true } },
        content: [
          { type: 'reasoning', text: 'signed thought', providerData: { anthropic: { signature: 'sig-1' } } },
          { type: 'text', text: 'Hello', providerData: { 'google-ai': { thoughtSignature: 'ts-1' } } },
        ],
      },
    ];
    const { body, warnings } = toModelMessages(deepFreeze(history));
    expect(body.messages).toStrictEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/sig-1|ts-1|convolog|anthropic|google-ai/);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
    ]);
  });

  it('drops what the AI SDK cannot take with warnings, and sends broken arguments as {}', () => {
    const history: Message[] = [
      { role: 'user', content: [{ type: 'other', typeName: 'x', value: {} }, { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'f' } }, { type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}' },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' } },
          { type: 'refusal', text: 'partly not' },
          { type: 'tool_call', id: 'c1', name: 'f', arguments: '{"a":' },
        ],
      },
      { role: 'tool', toolCallId: 'c1', toolName: 'f', content: [{ type: 'image', source: { kind: 'url', url: 'https://example.com/x.png' } }, { type: 'text', text: 'done' }] },
    ];
    const { body, warnings } = toModelMessages(history);
    expect(body.messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'file', data: 'iVBO', mediaType: 'image/png' },
          { type: 'text', text: 'partly not' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: { type: 'text', value: 'done' } }] },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 0, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 0 },
    ]);
    expect(z.array(modelMessageSchema).safeParse(body.messages).success).toBe(true);
  });
});
