import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MessageSchema, type Message, type ProviderData } from '../../src/core/message.js';
import { retainPortableContent } from '../../src/core/retain-portable-content.js';
import { retainProviderState } from '../../src/core/retain-provider-state.js';
import type { Warning } from '../../src/core/warning.js';
import { deepFreeze } from '../support/deep-freeze.js';

const RUNS = 200;
const NAMESPACES = ['openai', 'anthropic', 'google-ai', 'mistral', 'convolog'] as const;

// Keys and values come from small fixed sets so that no generated key is `__proto__`-like:
// those are the business of toPlainJson, not of these functions.
const namespace = fc.constantFrom(...NAMESPACES);
const stateValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }));
const state = fc.dictionary(fc.constantFrom('id', 'signature', 'encrypted', 'itemId'), stateValue, { maxKeys: 2 });
const providerData: fc.Arbitrary<ProviderData> = fc.dictionary(namespace, state, { maxKeys: 3 });
const appData = fc.dictionary(fc.constantFrom('myapp.rating', 'convolog.turn', 'providerData'), stateValue, { maxKeys: 2 });
const text = fc.string({ maxLength: 12 });
const id = fc.string({ minLength: 1, maxLength: 6 });

const source = fc.oneof(
  fc.record({ kind: fc.constant('url' as const), url: fc.webUrl(), mediaType: fc.constant('image/png') }, { requiredKeys: ['kind', 'url'] }),
  fc.record({ kind: fc.constant('base64' as const), mediaType: fc.constant('image/png'), data: fc.base64String({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant('provider_file' as const), provider: namespace, fileId: id }),
);
const textPart = fc.record({ type: fc.constant('text' as const), text, providerData }, { requiredKeys: ['type', 'text'] });
const imagePart = fc.record({ type: fc.constant('image' as const), source, providerData }, { requiredKeys: ['type', 'source'] });
const filePart = fc.record(
  { type: fc.constant('file' as const), source, filename: text, providerData }, { requiredKeys: ['type', 'source'] },
);
const otherPart = fc.record(
  { type: fc.constant('other' as const), typeName: text, value: stateValue, origin: namespace, providerData },
  { requiredKeys: ['type', 'typeName', 'value'] },
);
const reasoning = fc.record({ type: fc.constant('reasoning' as const), text, providerData }, { requiredKeys: ['type', 'text'] });
const refusal = fc.record({ type: fc.constant('refusal' as const), text, providerData }, { requiredKeys: ['type', 'text'] });
const toolCall = fc.record(
  { type: fc.constant('tool_call' as const), id, name: id, arguments: fc.constant('{}'), providerData },
  { requiredKeys: ['type', 'id', 'name', 'arguments'] },
);
const providerToolCall = fc.record(
  { type: fc.constant('provider_tool_call' as const), id, name: id, arguments: fc.constant('{}'), origin: namespace, providerData },
  { requiredKeys: ['type', 'id', 'name', 'arguments'] },
);
const providerToolResult = fc.record(
  { type: fc.constant('provider_tool_result' as const), toolCallId: id, value: stateValue, origin: namespace, providerData },
  { requiredKeys: ['type', 'toolCallId', 'value'] },
);
const userPart = fc.oneof(textPart, imagePart, filePart, otherPart);
const assistantBlock = fc.oneof(textPart, reasoning, refusal, imagePart, toolCall, providerToolCall, providerToolResult, otherPart);

const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record(
    { role: fc.constant('user' as const), content: fc.oneof(text, fc.array(userPart, { maxLength: 5 })), providerData, appData },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record(
    { role: fc.constant('assistant' as const), content: fc.array(assistantBlock, { maxLength: 6 }), providerData, appData },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record(
    {
      role: fc.constant('tool' as const), toolCallId: id, toolName: id, content: fc.oneof(text, fc.array(userPart, { maxLength: 4 })),
      isError: fc.boolean(), providerData, appData,
    },
    { requiredKeys: ['role', 'toolCallId', 'toolName', 'content'] },
  ),
);
const history = fc.array(message, { maxLength: 12 });
const keptNamespaces = fc.subarray([...NAMESPACES.filter((name) => name !== 'convolog'), 'unused']);

type Item = { type: string; providerData?: unknown; origin?: string; source?: { kind: string } };

/** Every providerData holder of a message: the message itself and each item of its content array. */
function holders(entry: Message): { providerData?: unknown }[] {
  return [entry, ...itemsOf(entry)];
}

function itemsOf(entry: Message): Item[] {
  return Array.isArray(entry.content) ? (entry.content as Item[]) : [];
}

function contentLength(entry: Message): number {
  return itemsOf(entry).length;
}

function countCode(warnings: readonly Warning[], code: Warning['code']): number {
  return warnings.filter((warning) => warning.code === code).length;
}

function expectWarningsPointIntoInput(warnings: readonly Warning[], input: readonly Message[]): void {
  for (const warning of warnings) {
    const target = input[warning.messageIndex!];
    expect(target).toBeDefined();
    if (warning.blockIndex !== undefined) expect(warning.blockIndex).toBeLessThan(contentLength(target!));
  }
}

// Hundreds of generated cases per property: a loaded machine must not fail them on the default 5 s.
describe('trust boundary properties', { timeout: 60_000 }, () => {
  it('retainPortableContent leaves no provider data, raw item, provider file or provider tool block, and keeps every message', () => {
    fc.assert(fc.property(history, (input) => {
      const before = structuredClone(input);
      const { messages, warnings } = retainPortableContent(deepFreeze(input));
      expect(input).toEqual(before);
      expect(messages).toHaveLength(input.length);
      messages.forEach((output, index) => {
        const original = input[index]!;
        expect(output.role).toBe(original.role);
        expect(output.appData).toBe(original.appData);
        expect(typeof output.content).toBe(typeof original.content);
        expect(MessageSchema.safeParse(output).success).toBe(true);
        for (const holder of holders(output)) expect(holder).not.toHaveProperty('providerData');
        for (const item of itemsOf(output)) {
          expect(['other', 'provider_tool_call', 'provider_tool_result']).not.toContain(item.type);
          expect(item.source?.kind).not.toBe('provider_file');
        }
      });
      const removed = input.reduce((sum, entry, index) => sum + contentLength(entry) - contentLength(messages[index]!), 0);
      expect(countCode(warnings, 'dropped_block')).toBe(removed);
      expectWarningsPointIntoInput(warnings, input);
    }), { numRuns: RUNS });
  });

  it('retainPortableContent of its own output is a no-op with no warnings', () => {
    fc.assert(fc.property(history, (input) => {
      const first = retainPortableContent(input).messages;
      const second = retainPortableContent(deepFreeze(first));
      expect(second.warnings).toEqual([]);
      second.messages.forEach((output, index) => expect(output).toBe(first[index]));
    }), { numRuns: RUNS });
  });

  it('retainProviderState leaves only kept namespaces and `convolog`, and no block of a foreign origin', () => {
    fc.assert(fc.property(history, keptNamespaces, (input, keep) => {
      const allowed = new Set([...keep, 'convolog']);
      const before = structuredClone(input);
      const { messages, warnings } = retainProviderState(deepFreeze(input), keep);
      expect(input).toEqual(before);
      expect(messages).toHaveLength(input.length);
      messages.forEach((output, index) => {
        expect(output.appData).toBe(input[index]!.appData);
        expect(MessageSchema.safeParse(output).success).toBe(true);
        for (const holder of holders(output)) {
          for (const name of Object.keys(holder.providerData ?? {})) expect(allowed).toContain(name);
        }
        for (const item of itemsOf(output)) {
          if (item.origin !== undefined && item.type !== 'image' && item.type !== 'file') expect(allowed).toContain(item.origin);
        }
      });
      const removed = input.reduce((sum, entry, index) => sum + contentLength(entry) - contentLength(messages[index]!), 0);
      expect(countCode(warnings, 'dropped_block')).toBe(removed);
      expectWarningsPointIntoInput(warnings, input);
    }), { numRuns: RUNS });
  });

  it('retainProviderState is idempotent and its predicate form agrees with its list form', () => {
    fc.assert(fc.property(history, keptNamespaces, (input, keep) => {
      const fromList = retainProviderState(input, keep);
      const fromPredicate = retainProviderState(input, (name) => keep.includes(name));
      expect(fromPredicate).toEqual(fromList);
      const second = retainProviderState(deepFreeze(fromList.messages), keep);
      expect(second.warnings).toEqual([]);
      second.messages.forEach((output, index) => expect(output).toBe(fromList.messages[index]));
    }), { numRuns: RUNS });
  });

  it('retainProviderState never keeps less portable content than the boundary itself would', () => {
    fc.assert(fc.property(history, keptNamespaces, (input, keep) => {
      const narrowedFirst = retainPortableContent(retainProviderState(input, keep).messages).messages;
      expect(narrowedFirst).toEqual(retainPortableContent(input).messages);
    }), { numRuns: RUNS });
  });
});
