import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepOwnState } from '../../../src/adapters/shared/keep-own-state.js';
import { readMessages } from '../../../src/adapters/shared/read-messages.js';
import { MessageSchema, type Message } from '../../../src/core/message.js';
import { retainProviderState } from '../../../src/core/retain-provider-state.js';
import { validMessage } from './message-arbitrary.js';

describe('keepOwnState', () => {
  it('keeps the named namespaces and `convolog`, and drops what is all foreign, with retainProviderState\'s warnings', () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'Hi', providerData: { anthropic: { a: 1 } } }], providerData: { openai: { o: 1 }, anthropic: { a: 2 } } },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'r', providerData: { anthropic: { signature: 's' } } },
          { type: 'reasoning', text: 'kept', providerData: { anthropic: { signature: 's' }, openai: { id: 'r1' } } },
          { type: 'other', typeName: 'x', value: 1, origin: 'anthropic' },
          { type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}', origin: 'openai', providerData: { convolog: { n: 1 } } },
        ],
      },
    ];
    const warnings = keepOwnState(messages, ['openai']);
    expect(messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }], providerData: { openai: { o: 1 } } },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'kept', providerData: { openai: { id: 'r1' } } },
          { type: 'provider_tool_call', id: 'p', name: 'web_search', arguments: '{}', origin: 'openai', providerData: { convolog: { n: 1 } } },
        ],
      },
    ]);
    expect(warnings.map((warning) => warning.message)).toStrictEqual([
      'Removed provider data `anthropic` from message 0: only the kept namespaces and `convolog` stay',
      'Removed provider data `anthropic` from part 0 of message 0: only the kept namespaces and `convolog` stay',
      'Removed a `reasoning` block (state `anthropic`) from message 1: all of its opaque state belongs to providers that are not kept',
      'Removed provider data `anthropic` from block 1 of message 1: only the kept namespaces and `convolog` stay',
      'Removed a `other` block (origin `anthropic`) from message 1: `anthropic` is not a kept provider',
    ]);
  });

  it('does exactly what retainProviderState does to the same messages', { timeout: 60_000 }, () => {
    const keep = fc.subarray(['openai', 'anthropic', 'google-ai']);
    fc.assert(fc.property(fc.array(validMessage.filter((message) => MessageSchema.safeParse(message).success), { maxLength: 4 }), keep, (history, namespaces) => {
      const expected = retainProviderState(readMessages(history), namespaces);
      const messages = readMessages(history);
      const warnings = keepOwnState(messages, namespaces);
      expect(messages).toStrictEqual(expected.messages);
      expect(warnings).toStrictEqual(expected.warnings);
    }), { numRuns: 300 });
  });
});
