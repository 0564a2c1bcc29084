import { describe, expect, it } from 'vitest';
import { toModelMessages } from '../../../src/adapters/ai-sdk/to-model-messages.js';
import { toAnthropicMessages } from '../../../src/adapters/anthropic/to-anthropic-messages.js';
import { toGeminiContents } from '../../../src/adapters/gemini/to-gemini-contents.js';
import { toOpenAIChatMessages } from '../../../src/adapters/openai/to-openai-chat-messages.js';
import { toOpenAIResponsesInput } from '../../../src/adapters/openai/to-openai-responses-input.js';
import { prepareContext } from '../../../src/adapters/shared/conversion-context.js';
import { isConvologError, type ConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';
import { warningKeys } from '../../support/warning-keys.js';

const history: Message[] = [
  { role: 'user', content: 'Hi' },
  {
    role: 'assistant',
    content: [
      { type: 'other', typeName: 'x', value: 1, origin: 'anthropic' },
      { type: 'text', text: 'a', providerData: { anthropic: { x: 1 }, openai: { y: 2 } } },
      { type: 'reasoning', text: 'r', providerData: { anthropic: { signature: 's' } } },
      { type: 'text', text: 'b' },
    ],
  },
];

describe('prepareContext', () => {
  it('refuses a context that is not sendable before anything else', () => {
    const thrown = thrownBy(() => prepareContext([{ role: 'tool', toolCallId: 'c', toolName: 'f', content: '' }], ['openai']));
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('refuses a message that is not a valid message with `invalid_message`, its index in the batch first in `path`', () => {
    const thrown = thrownBy(() => prepareContext(malformed, ['openai'])) as ConvologError;
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([1, 'content', 0, 'text']);
    expect(thrown.message).toContain('Message 1');
    expect(thrown.message).toContain('Nothing was sent');
  });

  it('refuses something that is not an array of messages with `invalid_message`', () => {
    for (const input of [undefined, null, 'Hi', { role: 'user', content: 'Hi' }]) {
      const thrown = thrownBy(() => prepareContext(input as unknown as Message[], ['openai'])) as ConvologError;
      expect(isConvologError(thrown, 'invalid_message')).toBe(true);
      expect(thrown.path).toStrictEqual([]);
    }
  });

  it('keeps only the named namespaces, with a warning where retainProviderState has one', () => {
    const context = prepareContext(deepFreeze(structuredClone(history)), ['openai']);
    expect(context.messages[1]!.content).toStrictEqual([
      { type: 'text', text: 'a', providerData: { openai: { y: 2 } } },
      { type: 'text', text: 'b' },
    ]);
    expect(warningKeys(context.warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
    ]);
  });

  it('points its own warnings at the caller\'s block index, not the retained one', () => {
    const context = prepareContext(history, ['openai']);
    context.unplacedState({ openai: {} }, 'openai', 1, 1, 'testing');
    context.unplacedState({ convolog: {} }, 'convolog', 1, 1, 'never reported');
    context.dropped(0, undefined, 'what remained', 'testing');
    expect(warningKeys(context.warnings.slice(3))).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_block', messageIndex: 0 },
    ]);
    expect(context.warnings[3]!.message).toBe('Left out provider data `openai` at item 3 of message 1: testing');
  });

  it('keeps one warning per provider-data object: own state with no place joins the warning about foreign state', () => {
    const context = prepareContext(history, ['openai']);
    context.unplacedState({ openai: { y: 2 } }, 'openai', 1, 0, 'no place for it');
    expect(warningKeys(context.warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
    ]);
    expect(context.warnings[1]!.message).toMatch(/`anthropic`.*`openai`.*no place for it/);
  });

  it('reports no provider data of a block, or of a message, that goes as a whole (its own warning says so)', () => {
    const block = prepareContext(history, ['openai']);
    block.dropped(1, 0, 'a `text` block', 'testing');
    expect(warningKeys(block.warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 1 },
    ]);
    const message = prepareContext([{ role: 'user', content: 'x', providerData: { anthropic: {} } }, history[1]!], ['openai']);
    message.dropped(1, undefined, 'what remained', 'testing');
    message.dropped(0, undefined, 'what remained', 'testing');
    expect(warningKeys(message.warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 1, blockIndex: 2 },
      { code: 'dropped_block', messageIndex: 1 },
      { code: 'dropped_block', messageIndex: 0 },
    ]);
  });
});

// A sendable shape whose second message holds a number where text belongs; the last message
// also breaks pairing, to show that a malformed message is reported first.
const malformed = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: [{ type: 'text', text: 42 }] },
  { role: 'tool', toolCallId: 'nowhere', toolName: 'f', content: 'x' },
] as unknown as Message[];

describe.each([
  ['toOpenAIChatMessages', toOpenAIChatMessages],
  ['toAnthropicMessages', toAnthropicMessages],
  ['toGeminiContents', toGeminiContents],
  ['toModelMessages', toModelMessages],
  ['toOpenAIResponsesInput', toOpenAIResponsesInput],
] as const)('%s (the checks every adapter shares)', (_name, convert) => {
  it('refuses a malformed message with `invalid_message` and a `path` from its index, instead of crashing', () => {
    const thrown = thrownBy(() => convert(deepFreeze(structuredClone(malformed)))) as ConvologError;
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([1, 'content', 0, 'text']);
  });

  it('refuses a message without content with `invalid_message`', () => {
    const thrown = thrownBy(() => convert([{ role: 'user' }] as unknown as Message[])) as ConvologError;
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([0, 'content']);
  });
});
