import { describe, expect, it } from 'vitest';
import { toGeminiContents } from '../../../src/adapters/gemini/to-gemini-contents.js';
import { isConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const question: Message = { role: 'user', content: 'Hi' };

describe('toGeminiContents', () => {
  it('converts a history with parallel function calls and signatures to the request in the fixture, exactly', () => {
    const golden = fixture<RequestFixture<unknown>>('gemini', 'request-parallel-function-calls');
    const { body, warnings } = toGeminiContents(deepFreeze(golden.history), { system: golden.system! });
    expect(body).toStrictEqual(golden.body);
    expect(warningKeys(warnings)).toStrictEqual(golden.warnings);
  });

  it('refuses a context that is not sendable with `pairing`', () => {
    const history: Message[] = [question, { role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'f', arguments: '{}' }] }, question];
    const thrown = thrownBy(() => toGeminiContents(history));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('never mutates its input, and takes the system prompt from options only', () => {
    const golden = fixture<RequestFixture<unknown>>('gemini', 'request-parallel-function-calls');
    const before = structuredClone(golden.history);
    const { body } = toGeminiContents(deepFreeze(golden.history));
    expect(golden.history).toStrictEqual(before);
    expect(body).not.toHaveProperty('systemInstruction');
  });

  it('answers each call with one functionResponse in call order at the start of the next user turn, merging user text after it', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'tool_call', id: 'c1', name: 'first', arguments: '{}' },
          { type: 'tool_call', id: 'c2', name: 'second', arguments: '{}' },
          { type: 'tool_call', id: 'c3', name: 'third', arguments: '{}' },
        ],
      },
      { role: 'tool', toolCallId: 'c3', toolName: 'third', content: [{ type: 'text', text: 'three' }, { type: 'text', text: 'lines' }] },
      { role: 'tool', toolCallId: 'c1', toolName: 'first', content: 'one' },
      { role: 'tool', toolCallId: 'c2', toolName: 'second', content: 'two', isError: true },
      { role: 'user', content: 'and now?' },
    ];
    expect(toGeminiContents(history).body.contents[2]).toStrictEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'first', response: { output: 'one' } } },
        { functionResponse: { name: 'second', response: { error: 'two' } } },
        { functionResponse: { name: 'third', response: { output: 'three\nlines' } } },
        { text: 'and now?' },
      ],
    });
  });

  it('merges consecutive same-role turns and uses only the roles user and model', () => {
    const history: Message[] = [
      question,
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'refusal', text: 'b' }] },
    ];
    expect(toGeminiContents(history).body.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'Hi' }, { text: 'again' }] },
      { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] },
    ]);
  });

  it('drops another provider\'s reasoning and state with warnings, and sends none of it', () => {
    const history: Message[] = [
      question,
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'claude thinking', providerData: { anthropic: { signature: 'EqQB-anthropic' } } },
          { type: 'reasoning', text: '', providerData: { anthropic: { redactedData: 'EmwK-redacted' } } },
          { type: 'text', text: 'Hello', providerData: { anthropic: { cache_control: { type: 'ephemeral' } } } },
        ],
      },
    ];
    const { body, warnings } = toGeminiContents(deepFreeze(history));
    expect(body.contents[1]).toStrictEqual({ role: 'model', parts: [{ text: 'Hello' }] });
    expect(JSON.stringify(body)).not.toMatch(/EqQB|EmwK|anthropic|claude thinking|cache_control/);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 1 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 2 },
    ]);
  });

  it('drops images in tool results, foreign files, provider tool blocks and foreign raw items with warnings', () => {
    const history: Message[] = [
      { role: 'user', content: [{ type: 'image', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' } }, { type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'provider_tool_call', id: 'p1', name: 'web_search', arguments: '{}', origin: 'google-ai' },
          { type: 'other', typeName: 'executableCode', value: { executableCode: { language: 'PYTHON', code: 'print(1)' } }, origin: 'google-ai' },
          { type: 'other', typeName: 'mystery', value: {} },
          { type: 'tool_call', id: 'c1', name: 'shot', arguments: 'not json' },
        ],
      },
      { role: 'tool', toolCallId: 'c1', toolName: 'shot', content: [{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' } }] },
    ];
    const { body, warnings } = toGeminiContents(history);
    expect(body.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ executableCode: { language: 'PYTHON', code: 'print(1)' } }, { functionCall: { name: 'shot', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'shot', response: { output: '' } } }] },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 0, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 0 },
    ]);
  });

  it('keeps an empty text part that carries a signature, and leaves out a message with nothing to send', () => {
    const history: Message[] = [
      question,
      { role: 'assistant', content: [{ type: 'text', text: '', providerData: { 'google-ai': { thoughtSignature: 'sig' } } }] },
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
      { role: 'user', content: '' },
    ];
    const { body, warnings } = toGeminiContents(history);
    expect(body.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: '', thoughtSignature: 'sig' }] },
    ]);
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 2 }, { code: 'dropped_block', messageIndex: 3 }]);
  });
});
