import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConvologError, isConvologError } from '../../src/core/error.js';
import { MessageSchema, type Message } from '../../src/core/message.js';
import { parseMessages } from '../../src/core/parse-messages.js';
import { explainZodError } from '../../src/core/zod-explain.js';
import { deepFreeze } from '../support/deep-freeze.js';
import { nearlyValidMessage } from '../support/message-arbitrary.js';
import { thrownBy } from '../support/thrown-by.js';

const SENT = 'Nothing was sent.';
const refusal = (input: unknown): ConvologError => thrownBy(() => parseMessages(input, SENT)) as ConvologError;

/** Where zod's schema finds the first thing wrong: the reader must point at the same place when only one thing is. */
function parseMessagesWithZod(messages: unknown[]): Message[] {
  return messages.map((message, index) => {
    const result = MessageSchema.safeParse(message);
    if (result.success) return result.data;
    throw new ConvologError({ code: 'invalid_message', path: explainZodError(result.error, message, [index]).path, message: 'zod' });
  });
}

describe('parseMessages', () => {
  it('returns copies without unknown fields, leaving the input as it is', () => {
    const input = deepFreeze([
      { role: 'user', content: [{ type: 'text', text: 'Hi', font: 'serif', providerData: { openai: { x: 1 } } }], mood: 'happy' },
    ]) as unknown as Message[];
    const read = parseMessages(input, SENT);
    expect(read).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi', providerData: { openai: { x: 1 } } }] }]);
    expect(read[0]).not.toBe(input[0]);
    expect(read[0]!.content).not.toBe(input[0]!.content);
    expect(read[0]!.providerData).toBeUndefined();
  });

  it('refuses the first invalid message with `invalid_message`, `path` from its index, and the consequence', () => {
    const thrown = refusal([{ role: 'user', content: 'Hi' }, { role: 'user', content: [{ type: 'text', text: 1 }] }, { role: 'x' }]);
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([1, 'content', 0, 'text']);
    expect(thrown.message).toMatch(/^Message 1 is not a valid message \(\[1\]\.content\[0\]\.text: expected string, received number\)\. Nothing was sent\.$/);
  });

  it('refuses what is not an array with an empty `path`', () => {
    const thrown = refusal({ role: 'user', content: 'Hi' });
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([]);
    expect(thrown.message).toBe('Expected an array of messages, got object. Nothing was sent.');
  });

  it('names the roles and types it takes, and says where a system prompt goes', () => {
    expect(refusal([{ role: 'system', content: 'Be brief.' }]).message).toContain('a history holds no system messages: send the system prompt as the adapter option `system`');
    const unknownType = refusal([{ role: 'user', content: [{ type: 'video' }] }]);
    expect(unknownType.path).toStrictEqual([0, 'content', 0, 'type']);
    expect(unknownType.message).toContain('expected `text` | `image` | `file` | `other`, received "video"');
  });

  it('refuses empty tool call ids and names, a missing `value`, holes, class instances as records and symbol keys', () => {
    const call = (block: object): unknown[] => [{ role: 'assistant', content: [block] }];
    expect(refusal(call({ type: 'tool_call', id: '', name: 'f', arguments: '{}' })).path).toStrictEqual([0, 'content', 0, 'id']);
    expect(refusal(call({ type: 'other', typeName: 'x' })).path).toStrictEqual([0, 'content', 0, 'value']);
    // A hole (`[, item]`) reads as `undefined`, which is no content item.
    expect(refusal([{ role: 'assistant', content: [, { type: 'text', text: '' }] }]).path).toStrictEqual([0, 'content', 0]);
    expect(refusal([{ role: 'user', content: 'x', providerData: { openai: new Date() } }]).path).toStrictEqual([0, 'providerData', 'openai']);
    expect(refusal([{ role: 'user', content: 'x', appData: { [Symbol('s')]: 1 } }]).path).toStrictEqual([0, 'appData']);
    expect(refusal([{ role: 'tool', toolCallId: '', toolName: 'f', content: 'x' }]).path).toStrictEqual([0, 'toolCallId']);
  });

  it('lets an error thrown while reading (a hostile getter) through as it is, not as a refusal', () => {
    const hostile = { role: 'user', get content(): never { throw new RangeError('getter ran'); } };
    expect(thrownBy(() => parseMessages([hostile], SENT))).toBeInstanceOf(RangeError);
  });

  it('never copies a `__proto__` key of untrusted data', () => {
    const input = JSON.parse('[{"role":"user","content":"x","appData":{"__proto__":{"polluted":true},"kept":1}}]') as unknown;
    const [read] = parseMessages(input, SENT);
    expect(read!.appData).toStrictEqual({ kept: 1 });
    expect(Object.getPrototypeOf(read!.appData)).toBe(Object.prototype);
  });

  it('agrees with MessageSchema on inputs random edits rarely make', () => {
    const hidden = { openai: { x: 1 } };
    Object.defineProperty(hidden, 'anthropic', { value: { y: 2 }, enumerable: false });
    const tricky: unknown[] = [
      Object.create({ role: 'user', content: 'inherited fields' }),
      new (class Instance { role = 'user'; content = 'a class instance as a message'; })(),
      { role: 'user', content: 'x', providerData: hidden },
      { role: 'user', content: 'x', providerData: Object.assign(Object.create(null), { openai: Object.create(null) }) },
      { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'x', isError: new Boolean(true) },
      { role: 'tool', toolCallId: 'c', toolName: 'f', content: 'x', isError: undefined, appData: undefined },
      { role: 'user', content: [{ type: 'file', source: { kind: 'url', url: 'u', mediaType: undefined }, filename: undefined }] },
      { role: 'user', content: [{ type: 'file', source: { kind: 'url', url: 'u' }, filename: 1 }] },
      { role: 'user', content: [{ type: 'image', source: { kind: 'url', url: new String('u') } }] },
      { role: 'assistant', content: [{ type: 'other', typeName: 'x', value: undefined }] },
      { role: 'assistant', content: [{ type: 'provider_tool_call', id: '', name: '', arguments: '' }] },
      { role: 'user', content: 'x', appData: { constructor: 1, 1: 2 } },
      { role: 'user', content: 'x', appData: [] },
      { role: 'constructor', content: 'x' },
      { role: 'user', content: [{ type: 'toString' }] },
    ];
    for (const input of tricky) {
      const expected = MessageSchema.safeParse(input);
      if (expected.success) expect(parseMessages([input], SENT)).toStrictEqual([expected.data]);
      else expect(isConvologError(thrownBy(() => parseMessages([input], SENT)), 'invalid_message')).toBe(true);
    }
  });

  it('accepts and refuses exactly what MessageSchema does, and returns the same copies', { timeout: 60_000 }, () => {
    fc.assert(fc.property(nearlyValidMessage, (input) => {
      const expected = MessageSchema.safeParse(input);
      let read: Message[] | undefined;
      let thrown: unknown;
      try {
        read = parseMessages([input], SENT);
      } catch (error) {
        thrown = error;
      }
      if (expected.success) {
        expect(thrown).toBeUndefined();
        expect(read).toStrictEqual([expected.data]);
        return;
      }
      expect(isConvologError(thrown, 'invalid_message')).toBe(true);
      // With one thing wrong, both point at it.
      if (expected.error.issues.length === 1 && expected.error.issues[0]!.code !== 'invalid_union') {
        expect((thrown as ConvologError).path).toStrictEqual((thrownBy(() => parseMessagesWithZod([input])) as ConvologError).path);
      }
    }), { numRuns: 1000 });
  });
});
