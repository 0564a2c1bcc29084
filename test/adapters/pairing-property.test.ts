// For random sendable histories, every adapter keeps each call next to its result in its
// provider's sense (DESIGN §7 wire rules).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toAnthropicMessages } from '../../src/adapters/anthropic/to-anthropic-messages.js';
import type { AnthropicContentBlock } from '../../src/adapters/anthropic/anthropic-types.js';
import { toModelMessages } from '../../src/adapters/ai-sdk/to-model-messages.js';
import { toGeminiContents } from '../../src/adapters/gemini/to-gemini-contents.js';
import { toOpenAIChatMessages } from '../../src/adapters/openai/to-openai-chat-messages.js';
import { toOpenAIResponsesInput } from '../../src/adapters/openai/to-openai-responses-input.js';
import type { AssistantBlock, Message, ToolMessage } from '../../src/core/message.js';
import { validate } from '../../src/core/validate.js';

const RUNS = 200;
// Blank and whitespace-only text is what models really send around tool calls.
const text = fc.oneof(fc.constant(''), fc.constantFrom(' ', '\n\n'), fc.string({ maxLength: 12 }));
const argumentsText = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('', '{"unterminated', '[1,2]'),
);
const toolName = fc.constantFrom('get_weather', 'get_time', 'search');

/** One exchange: a user message, an assistant message with 0–3 calls, its results in any order, maybe a closing answer. */
const exchange = fc.record({
  user: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 2 })),
  lead: fc.array(fc.oneof(
    text.map((value): AssistantBlock => ({ type: 'text', text: value })),
    text.map((value): AssistantBlock => ({ type: 'reasoning', text: value })),
    fc.constantFrom<AssistantBlock>(
      { type: 'reasoning', text: 'signed', providerData: { anthropic: { signature: 'sig' } } },
      { type: 'text', text: 'signed', providerData: { 'google-ai': { thoughtSignature: 'ts' } } },
      // Items of the Responses API: their ids are made unique per history below.
      { type: 'reasoning', text: 'summary', providerData: { openai: { id: 'rs', summary: [], encrypted_content: 'enc' } } },
      { type: 'text', text: 'answer', providerData: { openai: { id: 'msg', status: 'completed' } } },
    ),
  ), { maxLength: 2 }),
  calls: fc.array(fc.record({
    name: toolName, arguments: argumentsText, isError: fc.boolean(), order: fc.integer(), parts: fc.boolean(), result: text, itemId: fc.boolean(),
  }), { maxLength: 3 }),
  closing: fc.option(text, { nil: undefined }),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer Value> ? Value : never;

let counter = 0;
function history(exchanges: Exchange[]): Message[] {
  const messages: Message[] = [];
  for (const step of exchanges) {
    messages.push({ role: 'user', content: typeof step.user === 'string' ? step.user : step.user.map((value) => ({ type: 'text', text: value })) });
    const calls = step.calls.map((call) => ({ ...call, id: `call_${++counter}` }));
    messages.push({
      role: 'assistant',
      content: [
        ...step.lead.map(withUniqueItemId),
        ...calls.map((call): AssistantBlock => ({
          type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments, ...(call.itemId ? { providerData: { openai: { id: `fc_${counter}_${call.id}` } } } : {}),
        })),
      ],
    });
    const results = [...calls].sort((first, second) => first.order - second.order).map((call): ToolMessage => ({
      role: 'tool', toolCallId: call.id, toolName: call.name, isError: call.isError,
      content: call.parts ? [{ type: 'text', text: call.result }] : call.result,
    }));
    messages.push(...results);
    if (step.closing !== undefined) messages.push({ role: 'assistant', content: [{ type: 'text', text: step.closing }] });
  }
  return messages;
}

/** A Responses item id made unique, so the property can tell which item follows which. */
function withUniqueItemId(block: AssistantBlock): AssistantBlock {
  const state = block.providerData?.openai;
  if (state === undefined) return block;
  return { ...block, providerData: { openai: { ...state, id: `${String(state.id)}_${++counter}` } } };
}

/** Where each Responses item id of the history is: its message and block. */
function itemPositions(messages: readonly Message[]): Map<string, { messageIndex: number; blockIndex: number }> {
  const positions = new Map<string, { messageIndex: number; blockIndex: number }>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant') return;
    message.content.forEach((block, blockIndex) => {
      const id = block.providerData?.openai?.id;
      if (typeof id === 'string') positions.set(id, { messageIndex, blockIndex });
    });
  });
  return positions;
}

const histories = fc.array(exchange, { minLength: 1, maxLength: 5 }).map(history);

function isBlankResult(content: unknown): boolean {
  return content === undefined || (typeof content === 'string' && content.trim() === '') || (Array.isArray(content) && content.length === 0);
}

function callCount(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + (message.role === 'tool' ? 1 : 0), 0);
}

// Hundreds of generated cases per property: a loaded machine must not fail them on the default 5 s.
describe('every adapter keeps calls and results adjacent (property)', { timeout: 60_000 }, () => {
  it('generates sendable histories', () => {
    fc.assert(fc.property(histories, (messages) => {
      expect(validate(messages, 'sendable')).toStrictEqual([]);
    }), { numRuns: RUNS });
  });

  it('OpenAI: one `tool` message per call, right after the assistant message carrying the calls', () => {
    fc.assert(fc.property(histories, (messages) => {
      const wire = toOpenAIChatMessages(messages).body.messages;
      let answered = 0;
      wire.forEach((message, index) => {
        if (message.role !== 'assistant' || message.tool_calls === undefined) return;
        const ids = message.tool_calls.map((call) => call.id);
        const following = wire.slice(index + 1, index + 1 + ids.length);
        expect(following.every((next) => next.role === 'tool')).toBe(true);
        expect(following.map((next) => (next as { tool_call_id: string }).tool_call_id).sort()).toStrictEqual([...ids].sort());
        answered += ids.length;
      });
      expect(wire.filter((message) => message.role === 'tool')).toHaveLength(answered);
      expect(answered).toBe(callCount(messages));
    }), { numRuns: RUNS });
  });

  it('Anthropic: roles alternate, no text or tool result is blank, and every tool_result of a window opens the next user turn', () => {
    fc.assert(fc.property(histories, (messages) => {
      const wire = toAnthropicMessages(messages).body.messages;
      let answered = 0;
      wire.forEach((message, index) => {
        if (index > 0) expect(message.role).not.toBe(wire[index - 1]!.role);
        // Anthropic refuses empty or whitespace-only text, in a block or as a whole message.
        if (typeof message.content === 'string') expect(message.content.trim()).not.toBe('');
        const blocks = typeof message.content === 'string' ? [] : message.content;
        for (const block of blocks) if (block.type === 'text') expect((block as { text: string }).text.trim()).not.toBe('');
        // Nor an empty tool result.
        for (const block of blocks) if (block.type === 'tool_result') expect((block as { content: unknown }).content).not.toSatisfy(isBlankResult);
        if (message.role === 'user') {
          const firstOther = blocks.findIndex((block) => block.type !== 'tool_result');
          const results = blocks.filter((block) => block.type === 'tool_result');
          if (firstOther !== -1) expect(blocks.slice(firstOther).some((block) => block.type === 'tool_result')).toBe(false);
          answered += results.length;
          return;
        }
        const ids = blocks.filter((block) => block.type === 'tool_use').map((block) => (block as { id: string }).id);
        if (ids.length === 0) return;
        const next = wire[index + 1];
        expect(next?.role).toBe('user');
        const nextBlocks = next!.content as AnthropicContentBlock[];
        expect(nextBlocks.slice(0, ids.length).map((block) => (block as { tool_use_id?: string }).tool_use_id).sort()).toStrictEqual([...ids].sort());
      });
      expect(answered).toBe(callCount(messages));
    }), { numRuns: RUNS });
  });

  it('Gemini: roles user/model alternate, and the next user turn opens with one functionResponse per functionCall, in order', () => {
    fc.assert(fc.property(histories, (messages) => {
      const contents = toGeminiContents(messages).body.contents;
      let responses = 0;
      contents.forEach((content, index) => {
        expect(['user', 'model']).toContain(content.role);
        if (index > 0) expect(content.role).not.toBe(contents[index - 1]!.role);
        responses += content.parts.filter((part) => part.functionResponse !== undefined).length;
        const calls = content.parts.filter((part) => part.functionCall !== undefined).map((part) => part.functionCall!.name);
        if (content.role !== 'model' || calls.length === 0) return;
        const next = contents[index + 1];
        expect(next?.role).toBe('user');
        const opening = next!.parts.slice(0, calls.length);
        expect(opening.map((part) => part.functionResponse?.name)).toStrictEqual(calls);
        expect(next!.parts.slice(calls.length).some((part) => part.functionResponse !== undefined)).toBe(false);
      });
      expect(responses).toBe(callCount(messages));
    }), { numRuns: RUNS });
  });

  it('OpenAI Responses: every function_call_output follows its function_call, and reasoning stays right before the item it preceded', () => {
    fc.assert(fc.property(histories, (messages) => {
      const input = toOpenAIResponsesInput(messages).body.input;
      const positions = itemPositions(messages);
      const callAt = new Map<string, number>();
      let answered = 0;
      input.forEach((item, index) => {
        if (item.type === 'function_call') callAt.set(item.call_id, index);
        if (item.type === 'function_call_output') {
          expect(callAt.get(item.call_id)).toBeLessThan(index);
          answered++;
        }
        if (item.type === 'reasoning') {
          // OpenAI refuses a reasoning item without the item that followed it, by that item's id.
          const next = input[index + 1] as { id?: string } | undefined;
          const reasoningAt = positions.get(item.id)!;
          const nextAt = positions.get(next?.id ?? '');
          expect(nextAt?.messageIndex).toBe(reasoningAt.messageIndex);
          expect(nextAt!.blockIndex).toBeGreaterThan(reasoningAt.blockIndex);
        }
        // Items of one message keep the message's order.
        const previous = positions.get((input[index - 1] as { id?: string } | undefined)?.id ?? '');
        const current = positions.get((item as { id?: string }).id ?? '');
        if (previous !== undefined && current !== undefined && previous.messageIndex === current.messageIndex) {
          expect(current.blockIndex).toBeGreaterThan(previous.blockIndex);
        }
      });
      expect(answered).toBe(callCount(messages));
      expect(new Set(input.flatMap((item) => (item.type === 'function_call_output' ? [item.call_id] : []))).size).toBe(answered);
    }), { numRuns: RUNS });
  });

  it('AI SDK: the results of each assistant message\'s calls are the tool message right after it', () => {
    fc.assert(fc.property(histories, (messages) => {
      const wire = toModelMessages(messages).body.messages;
      wire.forEach((message, index) => {
        if (message.role !== 'assistant' || typeof message.content === 'string') return;
        const ids = message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));
        if (ids.length === 0) return;
        const next = wire[index + 1];
        expect(next?.role).toBe('tool');
        expect((next!.content as { toolCallId: string }[]).map((part) => part.toolCallId).sort()).toStrictEqual([...ids].sort());
      });
    }), { numRuns: RUNS });
  });
});
