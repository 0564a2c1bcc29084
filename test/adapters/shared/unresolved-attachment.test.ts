// Every adapter refuses an `attachment` source it cannot read (DESIGN §18): the adapters are pure,
// the caller resolves stored bytes first (resolveAttachments) and sends what it returns.
import { describe, expect, it } from 'vitest';
import {
  toAnthropicMessages, toGeminiContents, toModelMessages, toOpenAIChatMessages, toOpenAIResponsesInput,
} from '../../../src/adapters/index.js';
import { assistant, user } from '../../../src/core/constructors.js';
import type { Message } from '../../../src/core/message.js';
import { convologErrorThrownBy } from '../../support/thrown-by.js';

const ADAPTERS: [string, (messages: readonly Message[]) => unknown][] = [
  ['toOpenAIChatMessages', (messages) => toOpenAIChatMessages(messages)],
  ['toOpenAIResponsesInput', (messages) => toOpenAIResponsesInput(messages)],
  ['toAnthropicMessages', (messages) => toAnthropicMessages(messages)],
  ['toGeminiContents', (messages) => toGeminiContents(messages)],
  ['toModelMessages', (messages) => toModelMessages(messages)],
];

const stored = { kind: 'attachment', id: 'b'.repeat(64), mediaType: 'image/png', size: 10 } as const;

describe('an unresolved attachment source', () => {
  for (const [name, convert] of ADAPTERS) {
    it(`${name} refuses it with unresolved_attachment, naming where it is and what to call`, () => {
      const error = convologErrorThrownBy(() => convert([user('hi'), assistant('yes'), user([{ type: 'text', text: 'see' }, { type: 'file', source: { ...stored, mediaType: 'application/pdf' }, filename: 'a.pdf' }])]));
      expect(error.code).toBe('unresolved_attachment');
      expect(error.path).toEqual([2, 'content', 1, 'source']);
      expect(error.message).toMatch(/resolveAttachments/);
      expect(convologErrorThrownBy(() => convert([user('draw'), assistant([{ type: 'image', source: stored }])])).path).toEqual([1, 'content', 0, 'source']);
    });

    it(`${name} sends the same message once its source is base64`, () => {
      expect(() => convert([user([{ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } }])])).not.toThrow();
    });
  }
});
