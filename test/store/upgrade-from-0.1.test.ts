/// <reference types="vite/client" />
// A database written by convolog 0.1's own code (test/fixtures/store-0.1, built by
// scripts/build-v1-fixture.mjs: 10,406 entries with tool windows, two compactions and a
// pending call) opens in this build with nothing lost.
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';
import fixtureUrl from '../fixtures/store-0.1/v1-database.json.gz?inline';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from './database-dump.js';
import { storeFixture } from './store-fixture.js';

interface Dump extends DatabaseDump {
  conversations: { id: string; lastSeq: number }[];
  entries: (Omit<Entry, 'parentId'> & { parentId?: unknown })[];
  expected: Record<string, { context: Message[]; lastSeq: number }>;
}

const stores = storeFixture();

describe('upgrading a database written by 0.1', { timeout: 300_000 }, () => {
  it('keeps every entry, links each to the one before it, puts the head on the last and gives 0.1\'s context', async () => {
    const dump = await loadDatabaseDump<Dump>(fixtureUrl);
    expect(dump.version).toBe(1);
    expect(dump.entries.length).toBeGreaterThanOrEqual(10_000);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const store = await stores.open({ name });

    for (const { id, lastSeq } of dump.conversations) {
      const conversation = await store.getConversation(id);
      const entries = await store.entries(id, { allBranches: true });
      const before = dump.entries.filter((entry) => entry.conversationId === id);
      expect(entries).toHaveLength(lastSeq);
      expect(entries.map(({ parentId: _parentId, ...entry }) => entry)).toEqual(before);
      expect(entries.map((entry) => entry.parentId)).toEqual(before.map((_, index) => (index === 0 ? null : before[index - 1]!.id)));
      expect(conversation!.headId).toBe(before.at(-1)?.id ?? null);
      expect(conversation!.lastSeq).toBe(dump.expected[id]!.lastSeq);
      expect(await store.entries(id)).toEqual(entries);
      expect(await store.context(id)).toEqual(dump.expected[id]!.context);
      expect(await store.forks(id)).toEqual([]);
    }
  });

  it('keeps working on the upgraded log: settle, fork inside it, switch back', async () => {
    const dump = await loadDatabaseDump<Dump>(fixtureUrl);
    const name = stores.name();
    await writeDatabaseDump(name, dump);
    const store = await stores.open({ name });
    const head = (await store.getConversation('big'))!.headId!;
    // The pending call 0.1 left is still pending, and still refuses a new message.
    const settled = await store.settle('big');
    expect(settled.map((entry) => entry.parentId)).toEqual([head]);
    // A question of turn 1250: after the first compaction (turn 1200), before the second (turn 2500).
    const page = await store.entries('big', { beforeSeq: 5_010, limit: 8 });
    const question = page.find((entry) => entry.type === 'message' && entry.message.role === 'user')!;
    expect(question.type === 'message' && question.message.content).toBe('question 1250');
    const [edit] = await store.append('big', [{ role: 'user', content: 'edited' }], { parentId: question.parentId });
    const context = await store.context('big');
    // Only the compaction on the edited branch applies: the first one, keeping from turn 1000.
    expect(context[0]).toEqual({ role: 'user', content: '[Conversation summary]\nthe first thousand turns' });
    expect(context[1]).toEqual({ role: 'user', content: 'question 1000' });
    expect(context.at(-2)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'answer 1249' }] });
    expect(context.at(-1)).toEqual({ role: 'user', content: 'edited' });
    expect(context).toHaveLength(2 + 250 * 4);
    expect((await store.children('big', question.parentId)).map((entry) => entry.id)).toEqual([question.id, edit!.id]);
    expect((await store.checkout('big', question.id)).headId).toBe(settled[0]!.id);
  });
});
