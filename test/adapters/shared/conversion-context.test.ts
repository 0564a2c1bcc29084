import { describe, expect, it } from 'vitest';
import { prepareContext } from '../../../src/adapters/shared/conversion-context.js';
import { isConvologError } from '../../../src/core/error.js';
import type { Message } from '../../../src/core/message.js';
import { deepFreeze, warningKeys } from '../helpers.js';

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
    let thrown: unknown;
    try { prepareContext([{ role: 'tool', toolCallId: 'c', toolName: 'f', content: '' }], ['openai']); } catch (error) { thrown = error; }
    expect(isConvologError(thrown, 'pairing')).toBe(true);
  });

  it('keeps only the named namespaces, with retainProviderState\'s warnings', () => {
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
    context.dropped(1, 1, 'a `text` block', 'testing');
    context.unplacedState({ openai: {} }, 'openai', 1, 0, 'testing');
    context.unplacedState({ convolog: {} }, 'convolog', 1, 0, 'never reported');
    expect(warningKeys(context.warnings.slice(3))).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 3 },
      { code: 'dropped_provider_data', messageIndex: 1, blockIndex: 1 },
    ]);
    expect(context.warnings[3]!.message).toBe('Left out a `text` block at item 3 of message 1: testing');
  });
});
