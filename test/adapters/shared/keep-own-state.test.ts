import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepOwnState } from '../../../src/adapters/shared/keep-own-state.js';
import { parseMessages } from '../../../src/core/parse-messages.js';
import { MessageSchema, type Message } from '../../../src/core/message.js';
import { retainProviderState } from '../../../src/core/retain-provider-state.js';
import { warningKeys } from '../../support/warning-keys.js';
import { validMessage } from '../../support/message-arbitrary.js';

describe('keepOwnState', () => {
  it('keeps the named namespaces and `convolog`, and leaves out what is all foreign, saying what and where', () => {
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
      'Left out provider data `anthropic` of message 0: another provider\'s state is not sent',
      'Left out provider data `anthropic` at item 0 of message 0: another provider\'s state is not sent',
      'Left out a `reasoning` block at item 0 of message 1: all of its opaque state belongs to `anthropic`',
      'Left out provider data `anthropic` at item 1 of message 1: another provider\'s state is not sent',
      'Left out an `other` block (type `x`) at item 2 of message 1: it comes from `anthropic`',
    ]);
  });

  it('does what retainProviderState does to the same messages, with warnings of the same codes at the same places', { timeout: 60_000 }, () => {
    const keep = fc.subarray(['openai', 'anthropic', 'google-ai']);
    fc.assert(fc.property(fc.array(validMessage.filter((message) => MessageSchema.safeParse(message).success), { maxLength: 4 }), keep, (history, namespaces) => {
      const expected = retainProviderState(parseMessages(history, 'unused'), namespaces);
      const messages = parseMessages(history, 'unused');
      const warnings = keepOwnState(messages, namespaces);
      expect(messages).toStrictEqual(expected.messages);
      expect(warningKeys(warnings)).toStrictEqual(warningKeys(expected.warnings));
    }), { numRuns: 300 });
  });
});
