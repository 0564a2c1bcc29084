import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { codeOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function withLog() {
  const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
  const { id } = await store.createConversation();
  const entries = await store.append(id, [
    user('q1'), assistant([toolCall('c', 'f')]), toolResult('c', 'f', 'r'), assistant('a1'), user('q2'), assistant('a2'),
  ]);
  return { store, id, entries };
}

describe('appendCompaction', () => {
  it('appends a compaction entry and moves updatedAt and lastSeq', async () => {
    const { store, id, entries } = await withLog();
    const compaction = await store.appendCompaction(id, { summary: 's', firstKeptId: entries[4]!.id, tokensBefore: 120 });
    expect(compaction).toEqual({
      type: 'compaction', id: 'id-8', conversationId: id, seq: 7, timestamp: '2025-01-01T00:00:03.000Z', parentId: entries[5]!.id,
      summary: 's', firstKeptId: entries[4]!.id, tokensBefore: 120,
    });
    expect(await store.getConversation(id)).toMatchObject({ lastSeq: 7, updatedAt: compaction.timestamp, headId: compaction.id });
    expect((await store.entries(id, { afterSeq: 6 }))).toEqual([compaction]);
  });

  it('refuses a firstKeptId unknown in this conversation with not_found', async () => {
    const { store, id } = await withLog();
    const other = await store.createConversation();
    const [foreign] = await store.append(other.id, [user('elsewhere')]);
    for (const firstKeptId of ['missing', foreign!.id]) {
      expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId }))).toBe('not_found');
    }
    expect((await store.getConversation(id))?.lastSeq).toBe(6);
  });

  it('refuses a cut that is not a user message with invalid_cut (it could split a tool window)', async () => {
    const { store, id, entries } = await withLog();
    for (const index of [1, 2, 3]) {
      expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: entries[index]!.id }))).toBe('invalid_cut');
    }
    const compaction = await store.appendCompaction(id, { summary: 's', firstKeptId: entries[4]!.id });
    expect(await codeOf(store.appendCompaction(id, { summary: 't', firstKeptId: compaction.id }))).toBe('invalid_cut');
  });

  it('throws conflict on a stale expectedLastSeq', async () => {
    const { store, id, entries } = await withLog();
    expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: entries[4]!.id }, { expectedLastSeq: 5 }))).toBe('conflict');
  });

  it('refuses a malformed compaction before touching the store', async () => {
    const { store, id } = await withLog();
    expect(await codeOf(store.appendCompaction(id, { summary: 5, firstKeptId: '' } as never))).toBe('invalid_message');
  });
});
