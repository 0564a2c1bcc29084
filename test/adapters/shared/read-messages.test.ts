import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMessages } from '../../../src/adapters/shared/read-messages.js';
import { isConvologError, type ConvologError } from '../../../src/core/error.js';
import { MessageSchema, type Message } from '../../../src/core/message.js';
import { parseMessages } from '../../../src/core/parse-messages.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

const refusal = (input: unknown): ConvologError => thrownBy(() => readMessages(input)) as ConvologError;

describe('readMessages', () => {
  it('returns copies without unknown fields, leaving the input as it is', () => {
    const input = deepFreeze([
      { role: 'user', content: [{ type: 'text', text: 'Hi', font: 'serif', providerData: { openai: { x: 1 } } }], mood: 'happy' },
    ]) as unknown as Message[];
    const read = readMessages(input);
    expect(read).toStrictEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi', providerData: { openai: { x: 1 } } }] }]);
    expect(read[0]).not.toBe(input[0]);
    expect(read[0]!.content).not.toBe(input[0]!.content);
    expect(read[0]!.providerData).toBeUndefined();
  });

  it('refuses the first invalid message with `invalid_message`, `path` from its index, and the consequence', () => {
    const thrown = refusal([{ role: 'user', content: 'Hi' }, { role: 'user', content: [{ type: 'text', text: 1 }] }, { role: 'x' }]);
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([1, 'content', 0, 'text']);
    expect(thrown.message).toMatch(/^Message 1 is not a valid message \(\[1\]\.content\[0\]\.text: expected string, received number\)\. Nothing was sent\. /);
  });

  it('refuses what is not an array with an empty `path`', () => {
    const thrown = refusal({ role: 'user', content: 'Hi' });
    expect(isConvologError(thrown, 'invalid_message')).toBe(true);
    expect(thrown.path).toStrictEqual([]);
    expect(thrown.message).toBe('Expected an array of messages, got object. Nothing was sent.');
  });

  it('names the roles and types it takes, and says where a system prompt goes', () => {
    expect(refusal([{ role: 'system', content: 'Be brief.' }]).message).toContain('a history holds no system messages: pass the system prompt as `options.system`');
    const unknownType = refusal([{ role: 'user', content: [{ type: 'video' }] }]);
    expect(unknownType.path).toStrictEqual([0, 'content', 0, 'type']);
    expect(unknownType.message).toContain('expected `text` | `image` | `file` | `other`, received "video"');
  });

  it('refuses empty tool call ids and names, a missing `value`, holes, class instances as records and symbol keys', () => {
    const call = (block: object): unknown[] => [{ role: 'assistant', content: [block] }];
    expect(refusal(call({ type: 'tool_call', id: '', name: 'f', arguments: '{}' })).path).toStrictEqual([0, 'content', 0, 'id']);
    expect(refusal(call({ type: 'other', typeName: 'x' })).path).toStrictEqual([0, 'content', 0, 'value']);
    // eslint-disable-next-line no-sparse-arrays
    expect(refusal([{ role: 'assistant', content: [, { type: 'text', text: '' }] }]).path).toStrictEqual([0, 'content', 0]);
    expect(refusal([{ role: 'user', content: 'x', providerData: { openai: new Date() } }]).path).toStrictEqual([0, 'providerData', 'openai']);
    expect(refusal([{ role: 'user', content: 'x', appData: { [Symbol('s')]: 1 } }]).path).toStrictEqual([0, 'appData']);
    expect(refusal([{ role: 'tool', toolCallId: '', toolName: 'f', content: 'x' }]).path).toStrictEqual([0, 'toolCallId']);
  });

  it('never copies a `__proto__` key of untrusted data', () => {
    const input = JSON.parse('[{"role":"user","content":"x","appData":{"__proto__":{"polluted":true},"kept":1}}]') as unknown;
    const [read] = readMessages(input);
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
      if (expected.success) expect(readMessages([input])).toStrictEqual([expected.data]);
      else expect(isConvologError(thrownBy(() => readMessages([input])), 'invalid_message')).toBe(true);
    }
  });

  it('accepts and refuses exactly what MessageSchema does, and returns the same copies', { timeout: 60_000 }, () => {
    fc.assert(fc.property(nearlyValidMessage, (input) => {
      const expected = MessageSchema.safeParse(input);
      let read: Message[] | undefined;
      let thrown: unknown;
      try {
        read = readMessages([input]);
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
        expect((thrown as ConvologError).path).toStrictEqual((thrownBy(() => parseMessages([input], 'unused')) as ConvologError).path);
      }
    }), { numRuns: 1000 });
  });
});

// Valid messages of every kind, then a few random edits anywhere in them: a field set to another
// value (often a neighbouring kind's tag, a hostile value or nothing), removed, or added.
const providerData = fc.option(fc.dictionary(fc.constantFrom('openai', 'anthropic', 'convolog'), fc.dictionary(fc.string(), fc.jsonValue())), { nil: undefined });
const mediaSource = fc.oneof(
  fc.record({ kind: fc.constant('url'), url: fc.webUrl(), mediaType: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: ['kind', 'url'] }),
  fc.record({ kind: fc.constant('base64'), mediaType: fc.string(), data: fc.base64String() }),
  fc.record({ kind: fc.constant('provider_file'), provider: fc.string(), fileId: fc.string() }),
);
const optionalKeys = <T extends Record<string, fc.Arbitrary<unknown>>>(required: (keyof T)[], model: T) => fc.record(model, { requiredKeys: required as never });
const text = (type: string) => optionalKeys(['type', 'text'], { type: fc.constant(type), text: fc.string(), providerData });
const userPart = fc.oneof(
  text('text'),
  optionalKeys(['type', 'source'], { type: fc.constant('image'), source: mediaSource, providerData }),
  optionalKeys(['type', 'source'], { type: fc.constant('file'), source: mediaSource, filename: fc.string(), providerData }),
  optionalKeys(['type', 'typeName', 'value'], { type: fc.constant('other'), typeName: fc.string(), value: fc.jsonValue(), origin: fc.string(), providerData }),
);
const assistantBlock = fc.oneof(
  userPart,
  text('reasoning'),
  text('refusal'),
  optionalKeys(['type', 'id', 'name', 'arguments'], { type: fc.constant('tool_call'), id: fc.string(), name: fc.string(), arguments: fc.string(), providerData }),
  optionalKeys(['type', 'id', 'name', 'arguments'], {
    type: fc.constant('provider_tool_call'), id: fc.string(), name: fc.string(), arguments: fc.string(), origin: fc.string(), providerData,
  }),
  optionalKeys(['type', 'toolCallId', 'value'], { type: fc.constant('provider_tool_result'), toolCallId: fc.string(), value: fc.jsonValue(), origin: fc.string(), providerData }),
);
const appData = fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined });
const validMessage = fc.oneof(
  optionalKeys(['role', 'content'], { role: fc.constant('user'), content: fc.oneof(fc.string(), fc.array(userPart, { maxLength: 3 })), providerData, appData }),
  optionalKeys(['role', 'content'], { role: fc.constant('assistant'), content: fc.array(assistantBlock, { maxLength: 4 }), providerData, appData }),
  optionalKeys(['role', 'toolCallId', 'toolName', 'content'], {
    role: fc.constant('tool'), toolCallId: fc.string(), toolName: fc.string(), content: fc.oneof(fc.string(), fc.array(userPart, { maxLength: 3 })),
    isError: fc.boolean(), providerData, appData,
  }),
);
const tags = ['user', 'assistant', 'tool', 'system', 'text', 'image', 'file', 'other', 'reasoning', 'refusal', 'tool_call', 'provider_tool_call', 'provider_tool_result', 'url', 'base64', 'provider_file', ''];
const replacement = fc.oneof(
  fc.constantFrom(...tags),
  fc.constantFrom(undefined, null, 0, true, [], {}, Object.create(null) as object, new Date(0), new Map(), { __proto__: null, a: {} }, new String(''), new Boolean(false)),
  fc.anything({ withNullPrototype: true, withSparseArray: true, withBoxedValues: true, withDate: true, withMap: true, maxDepth: 2 }),
);
const fieldNames = fc.constantFrom('role', 'content', 'type', 'text', 'id', 'name', 'arguments', 'value', 'source', 'kind', 'url', 'toolCallId', 'providerData', 'appData', 'isError', 'filename', 'mediaType', 'origin', 'typeName', 'extra');
const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('set', 'remove', 'add'), field: fieldNames, value: replacement });
const nearlyValidMessage = fc.tuple(validMessage, fc.array(edit, { maxLength: 2 })).map(([message, edits]) => {
  const copy = structuredClone(message) as Record<string, unknown>;
  for (const { at, kind, field, value } of edits) applyEdit(copy, at, kind, field, value);
  return copy;
});

function applyEdit(root: Record<string, unknown>, at: number, kind: string, field: string, value: unknown): void {
  const places: [Record<string | number, unknown>, string | number][] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || !(Array.isArray(node) || Object.getPrototypeOf(node) === Object.prototype)) return;
    for (const key of Object.keys(node)) {
      places.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
      visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(root);
  const [parent, key] = places[at % places.length] ?? [root, 'role'];
  if (kind === 'set') parent[key] = value;
  else if (kind === 'remove') delete parent[key];
  else if (!Array.isArray(parent)) parent[field] = value;
}
