// Judged by the real `ai` package: every finished chat survives fromUIMessages → toUIMessages
// exactly, what toUIMessages writes passes ai's validateUIMessages, and ai's
// convertToModelMessages turns it into a request with no unanswered tool call.
import fc from 'fast-check';
import { convertToModelMessages, validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validate.js';
import { fromUIMessages, toUIMessages } from '../../src/ai-sdk/index.js';
import { finishedChat } from './ui-chat-arbitrary.js';
import { unansweredToolCalls } from './model-messages.js';

describe('a finished chat round-trips through the store format', { timeout: 120_000 }, () => {
  it('toUIMessages(fromUIMessages(ui)) gives ui back, lossless', () => {
    fc.assert(fc.property(finishedChat, (ui) => {
      const { messages, warnings } = fromUIMessages(ui);
      expect(warnings).toEqual([]);
      expect(JSON.parse(JSON.stringify(toUIMessages(messages)))).toEqual(ui);
    }), { numRuns: 300 });
  });

  it('stores a sendable history: every tool call answered', () => {
    fc.assert(fc.property(finishedChat, (ui) => {
      expect(validate(fromUIMessages(ui).messages, 'sendable')).toEqual([]);
    }), { numRuns: 300 });
  });

  it('what toUIMessages writes passes validateUIMessages and converts without an unanswered call', async () => {
    await fc.assert(fc.asyncProperty(finishedChat, async (ui) => {
      const back = toUIMessages(fromUIMessages(ui).messages);
      await expect(validateUIMessages({ messages: back })).resolves.toBeDefined();
      const model = await convertToModelMessages(back);
      expect(unansweredToolCalls(model)).toEqual([]);
    }), { numRuns: 150 });
  });

  it('splits steps as convertToModelMessages does: the same roles and tool call order', async () => {
    await fc.assert(fc.asyncProperty(finishedChat, async (ui) => {
      const ours = fromUIMessages(ui).messages;
      const theirs = await convertToModelMessages(ui);
      const callsOf = (content: unknown) => (Array.isArray(content) ? content : [])
        .flatMap((part: { type: string; toolCallId?: string; providerExecuted?: boolean }) => (part.type === 'tool-call' ? [part.toolCallId] : []));
      const ourCalls = ours.flatMap((message) => (message.role === 'assistant' ? message.content.flatMap((block) => (block.type === 'tool_call' ? [block.id] : [])) : []));
      expect(ourCalls).toEqual(theirs.flatMap((message) => (message.role === 'assistant' ? callsOf(message.content) : [])));
      // One stored tool message per result; ai groups a step's results into one tool message.
      const ourRoles = ours.map((message) => message.role).filter((role, index, roles) => role !== 'tool' || roles[index - 1] !== 'tool');
      const theirRoles = theirs.map((message) => message.role);
      expect(ourRoles.filter((role) => role !== 'assistant')).toEqual(theirRoles.filter((role) => role !== 'assistant'));
    }), { numRuns: 150 });
  });
});
