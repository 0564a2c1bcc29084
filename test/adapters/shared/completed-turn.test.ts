import { describe, expect, it } from 'vitest';
import { completedTurn } from '../../../src/adapters/shared/completed-turn.js';
import type { AssistantBlock } from '../../../src/core/message.js';
import { deepFreeze } from '../../support/deep-freeze.js';

const facts = { provider: 'test', finishReasons: { done: 'stop', cut: 'length' } } as const;

describe('completedTurn', () => {
  it('copies the blocks, leaves out empty stateless text and writes blank arguments as {}', () => {
    const blocks: AssistantBlock[] = deepFreeze([
      { type: 'text', text: '' },
      { type: 'text', text: '', providerData: { test: { signature: 's' } } },
      { type: 'tool_call', id: 'c1', name: 'f', arguments: ' ' },
      { type: 'other', typeName: 'x', value: { nested: [1] } },
    ]);
    const { message } = completedTurn(blocks, { ...facts, finishReasonRaw: 'done' });
    expect(message.content).toStrictEqual([
      { type: 'text', text: '', providerData: { test: { signature: 's' } } },
      { type: 'tool_call', id: 'c1', name: 'f', arguments: '{}' },
      { type: 'other', typeName: 'x', value: { nested: [1] } },
    ]);
    expect((message.content[2] as { value: unknown }).value).not.toBe((blocks[3] as { value: unknown }).value);
  });

  it('normalizes the finish reason, reporting a "stop" with client calls as tool_calls, and keeps the raw word', () => {
    const call: AssistantBlock = { type: 'tool_call', id: 'c1', name: 'f', arguments: '{}' };
    expect(completedTurn([call], { ...facts, finishReasonRaw: 'done' }).envelope).toStrictEqual({
      provider: 'test', finishReason: 'tool_calls', finishReasonRaw: 'done',
    });
    expect(completedTurn([], { ...facts, finishReasonRaw: 'cut' }).envelope.finishReason).toBe('length');
    expect(completedTurn([], { ...facts, finishReasonRaw: 7 }).envelope).toStrictEqual({ provider: 'test', finishReason: 'other' });
  });

  it('carries string ids, the model, usage and message-level state, and leaves out what is not a string', () => {
    const { message, envelope } = completedTurn([{ type: 'text', text: 'hi' }], {
      ...facts, id: 'resp_1', model: 42, usage: { inputTokens: 3 }, providerData: { test: { audio: 'a1' } },
    });
    expect(envelope).toStrictEqual({ provider: 'test', id: 'resp_1', usage: { inputTokens: 3 }, finishReason: 'other' });
    expect(message.providerData).toStrictEqual({ test: { audio: 'a1' } });
  });

  it('marks a stopped turn `aborted` and puts its warnings on the envelope', () => {
    const warning = { code: 'dropped_block' as const, message: 'Left out a call.', blockIndex: 1 };
    const { envelope } = completedTurn([{ type: 'text', text: 'partial' }], { ...facts, finishReasonRaw: 'done', stopped: [warning] });
    expect(envelope).toStrictEqual({ provider: 'test', finishReason: 'aborted', finishReasonRaw: 'done', warnings: ['Left out a call.'] });
  });
});
