import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import type { Message } from '../../src/core/message.js';
import { codeOf, corruptEntry, rejectionOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

describe('append', () => {
  it('assigns contiguous seqs, the given ids and timestamps, and returns the entries', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    const first = await store.append(id, [user('hi'), assistant('hello')]);
    const second = await store.append(id, [user('again')]);
    expect([...first, ...second].map((entry) => [entry.seq, entry.id, entry.type])).toEqual([
      [1, 'id-2', 'message'], [2, 'id-3', 'message'], [3, 'id-4', 'message'],
    ]);
    expect(first[0]!.timestamp).toBe('2025-01-01T00:00:02.000Z');
    expect(second[0]!.conversationId).toBe(id);
    expect((await store.getConversation(id))?.lastSeq).toBe(3);
  });

  it('moves updatedAt (activity orders the list)', async () => {
    const store = await stores.open({ now: steppingClock() });
    const conversation = await store.createConversation();
    await store.append(conversation.id, [user('hi')]);
    const after = await store.getConversation(conversation.id);
    expect(after!.updatedAt > conversation.updatedAt).toBe(true);
  });

  it('stores clean copies: unknown fields dropped, later mutation of the input not persisted', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const message = { role: 'user', content: 'hi', extra: 1 } as unknown as Message;
    await store.append(id, [message]);
    (message as { content: string }).content = 'changed';
    expect(await store.context(id)).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('refuses an invalid message with invalid_message and the deepest path from its batch index; nothing written', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const bad = { role: 'user', content: [{ type: 'text', text: 42 }] } as unknown as Message;
    const error = await rejectionOf(store.append(id, [user('ok'), bad])) as ConvologError;
    expect(isConvologError(error, 'invalid_message')).toBe(true);
    expect(error.path).toEqual([1, 'content', 0, 'text']);
    expect(error.message).toMatch(/string/);
    expect(await store.entries(id)).toEqual([]);
  });

  it('throws not_found for an unknown conversation', async () => {
    const store = await stores.open();
    expect(await codeOf(store.append('nope', [user('hi')]))).toBe('not_found');
  });

  it('an empty batch writes nothing but still checks the conversation', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    expect(await store.append(id, [])).toEqual([]);
    expect((await store.getConversation(id))?.lastSeq).toBe(0);
    expect(await codeOf(store.append('nope', []))).toBe('not_found');
  });

  describe('expectedLastSeq', () => {
    it('writes when the log has not moved', async () => {
      const store = await stores.open();
      const { id } = await store.createConversation();
      await store.append(id, [user('a')], { expectedLastSeq: 0 });
      expect(await store.append(id, [assistant('b')], { expectedLastSeq: 1 })).toHaveLength(1);
    });

    it('throws conflict and writes nothing when another writer went first', async () => {
      const store = await stores.open();
      const { id } = await store.createConversation();
      await store.append(id, [user('a')]);
      const error = await rejectionOf(store.append(id, [user('b')], { expectedLastSeq: 0 })) as ConvologError;
      expect(isConvologError(error, 'conflict')).toBe(true);
      expect(error.details).toMatchObject({ expectedLastSeq: 0, lastSeq: 1 });
      expect(await store.entries(id)).toHaveLength(1);
    });
  });

  describe('the pairing invariant', () => {
    async function withPendingCalls() {
      const store = await stores.open();
      const { id } = await store.createConversation();
      await store.append(id, [user('weather?'), assistant([toolCall('c1', 'weather'), toolCall('c2', 'time')])]);
      return { store, id };
    }

    it('accepts results for pending calls across several appends, in any order', async () => {
      const { store, id } = await withPendingCalls();
      await store.append(id, [toolResult('c2', 'time', 'noon')]);
      await store.append(id, [toolResult('c1', 'weather', 'sunny'), assistant('It is sunny at noon.')]);
      expect(await store.context(id)).toHaveLength(5);
    });

    it('refuses a user message after an unsettled window (call settle first)', async () => {
      const { store, id } = await withPendingCalls();
      const error = await rejectionOf(store.append(id, [toolResult('c1', 'weather', 'sunny'), user('next')])) as ConvologError;
      expect(isConvologError(error, 'pairing')).toBe(true);
      // Indices count from the batch; the stored assistant message is -1.
      expect(error.issues).toEqual([{ code: 'unanswered_tool_call', messageIndex: -1, toolCallId: 'c2', toolName: 'time' }]);
      expect((await store.getConversation(id))?.lastSeq).toBe(2);
    });

    it('refuses a result that answers no call, with its batch index', async () => {
      const { store, id } = await withPendingCalls();
      const error = await rejectionOf(store.append(id, [toolResult('c1', 'weather', 'ok'), toolResult('zz', 'x', 'no')])) as ConvologError;
      expect(error.issues).toEqual([{ code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'zz' }]);
    });

    it('refuses a second result for the same call, stored or in the batch', async () => {
      const { store, id } = await withPendingCalls();
      await store.append(id, [toolResult('c1', 'weather', 'sunny')]);
      const error = await rejectionOf(store.append(id, [toolResult('c1', 'weather', 'again')])) as ConvologError;
      expect(error.issues).toEqual([{ code: 'duplicate_tool_result', messageIndex: 0, toolCallId: 'c1' }]);
    });

    it('refuses a call id used earlier in the conversation, found through the index', async () => {
      const { store, id } = await withPendingCalls();
      await store.append(id, [toolResult('c1', 'weather', 'sunny'), toolResult('c2', 'time', 'noon'), assistant('done'), user('more')]);
      const error = await rejectionOf(store.append(id, [assistant([toolCall('c1', 'weather')])])) as ConvologError;
      expect(error.issues).toEqual([{ code: 'duplicate_tool_call_id', messageIndex: 0, toolCallId: 'c1', firstMessageIndex: -5 }]);
    });

    it('calls a late result for an older call misplaced, pointing at the call', async () => {
      const store = await stores.open();
      const { id } = await store.createConversation();
      await store.append(id, [user('q'), assistant([toolCall('old', 'f')]), toolResult('old', 'f', 'r'), assistant('a')]);
      const error = await rejectionOf(store.append(id, [toolResult('old', 'f', 'late')])) as ConvologError;
      expect(error.issues).toEqual([{ code: 'misplaced_tool_result', messageIndex: 0, toolCallId: 'old', callMessageIndex: -3 }]);
    });

    it('reads only the trailing window and the call-id index, never the log before the window', async () => {
      const name = stores.name();
      const store = await stores.open({ name });
      const { id } = await store.createConversation();
      await store.append(id, [
        user('q1'), assistant([toolCall('c1', 'f')]), toolResult('c1', 'f', 'r1'), assistant('a1'), user('q2'), assistant([toolCall('c2', 'f')]),
      ]);
      // A record before the window that no longer parses: reading it would throw corrupt_entry.
      await corruptEntry(name, id, 2);
      await store.append(id, [toolResult('c2', 'f', 'r2')]);
      const error = await rejectionOf(store.append(id, [assistant([toolCall('c1', 'f')])])) as ConvologError;
      expect(error.issues).toEqual([{ code: 'duplicate_tool_call_id', messageIndex: 0, toolCallId: 'c1', firstMessageIndex: -6 }]);
      expect(await codeOf(store.entries(id))).toBe('corrupt_entry');
    });

    it('refuses duplicate call ids within one batch', async () => {
      const store = await stores.open();
      const { id } = await store.createConversation();
      const error = await rejectionOf(store.append(id, [
        user('q'), assistant([toolCall('x', 'f')]), toolResult('x', 'f', 'r'), assistant([toolCall('x', 'f')]),
      ])) as ConvologError;
      expect(error.issues?.map((issue) => issue.code)).toEqual(['duplicate_tool_call_id']);
      expect(await store.entries(id)).toEqual([]);
    });
  });

  it('keeps seqs contiguous with none lost when two store instances append concurrently', async () => {
    const name = stores.name();
    const first = await stores.open({ name });
    const second = await stores.open({ name });
    const { id } = await first.createConversation();
    const writes: Promise<unknown>[] = [];
    for (let index = 0; index < 20; index++) {
      writes.push((index % 2 === 0 ? first : second).append(id, [user(`m${index}`)]));
    }
    await Promise.all(writes);
    const entries = await first.entries(id);
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const texts = entries.map((entry) => (entry.type === 'message' ? entry.message.content : ''));
    expect(new Set(texts).size).toBe(20);
  });

  it('exactly one of two racing appends with the same expectedLastSeq wins', async () => {
    const name = stores.name();
    const first = await stores.open({ name });
    const second = await stores.open({ name });
    const { id } = await first.createConversation();
    const results = await Promise.allSettled([
      first.append(id, [user('from first')], { expectedLastSeq: 0 }),
      second.append(id, [user('from second')], { expectedLastSeq: 0 }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(isConvologError(rejected.reason, 'conflict')).toBe(true);
    expect(await first.entries(id)).toHaveLength(1);
  });

  it('stores a 4 MB tool result and reads it back', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const big = 'x'.repeat(4 * 1024 * 1024);
    await store.append(id, [user('dump'), assistant([toolCall('c', 'dump')]), toolResult('c', 'dump', big)]);
    await store.append(id, [assistant('done')]);
    const context = await store.context(id);
    expect((context[2] as { content: string }).content).toHaveLength(big.length);
  });
});
