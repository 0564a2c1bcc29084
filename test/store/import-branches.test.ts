import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { ConvologError } from '../../src/core/error.js';
import { toMarkdown } from '../../src/core/to-markdown.js';
import type { ConversationExport, ConvologStore } from '../../src/store/index.js';
import { rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** A branched conversation: an edit, a regeneration with tools, a compaction on one branch; the head on an older branch. */
async function branched(store: ConvologStore) {
  const { id } = await store.createConversation({ title: 'tree' });
  const [u1, a1, u2, a2] = await store.append(id, [user('one'), assistant('ONE'), user('two'), assistant('TWO')]);
  const [u2b, call] = await store.append(id, [user('two, edited'), assistant([toolCall('c1', 'f')])], { parentId: a1!.id });
  await store.append(id, [toolResult('c1', 'f', 'r'), assistant('TWO, edited')]);
  await store.appendCompaction(id, { summary: 'about one', firstKeptId: u2b!.id });
  await store.append(id, [assistant('ONE again')], { parentId: u1!.id });
  await store.checkout(id, u2!.id);
  return { id, u1: u1!, a1: a1!, u2: u2!, a2: a2!, u2b: u2b!, call: call! };
}

async function snapshot(store: ConvologStore) {
  const list = await store.listConversations();
  return Promise.all(list.map(async (conversation) => ({ conversation, entries: await store.entries(conversation.id, { allBranches: true }) })));
}

/** A v2 export of a linear chain of `length` user/assistant entries. */
function chain(length: number, id = 'deep'): ConversationExport {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    format: 'convolog.conversation', formatVersion: 2, exportedAt: at,
    conversation: { id, title: 'deep', createdAt: at, updatedAt: at, headId: `${id}-${length}` },
    entries: Array.from({ length }, (_, index) => ({
      type: 'message' as const, id: `${id}-${index + 1}`, conversationId: id, seq: index + 1, timestamp: at,
      parentId: index === 0 ? null : `${id}-${index}`, message: index % 2 === 0 ? user(`u${index}`) : assistant(`a${index}`),
    })),
  };
}

describe('export and import of a branched conversation (format 2)', () => {
  it('exports every branch with parentId and the head, and imports them identically, JSON and JSONL', async () => {
    const source = await stores.open();
    const { id, a2 } = await branched(source);
    const exported = await source.exportConversation(id);
    expect(exported.formatVersion).toBe(3);
    expect(exported.conversation.headId).toBe(a2.id);
    expect(exported.entries).toEqual(await source.entries(id, { allBranches: true }));
    const jsonl = await source.exportConversationJsonl(id);
    for (const data of [exported, jsonl]) {
      const target = await stores.open();
      const { conversation } = await target.importConversation(data);
      expect(conversation).toEqual(await source.getConversation(id));
      expect(await target.entries(id, { allBranches: true })).toEqual(exported.entries);
      expect(await target.forks(id)).toEqual(await source.forks(id));
      for (const leaf of exported.entries) {
        expect(await target.context(id, { leafId: leaf.id })).toEqual(await source.context(id, { leafId: leaf.id }));
      }
    }
  });

  it('puts the head on the newest leaf at or below headId, or on the newest leaf without one', async () => {
    const store = await stores.open();
    const { id, a1 } = await branched(store);
    const exported = await store.exportConversation(id);
    const newest = exported.entries.at(-1)!;
    const atInner = { ...exported, conversation: { ...exported.conversation, headId: a1.id } };
    const { conversation: inner } = await store.importConversation(atInner, { onConflict: 'new_id' });
    const innerEntries = await store.entries(inner.id, { allBranches: true });
    // The newest leaf under a1 is the compaction after "TWO, edited", the 9th entry.
    expect(inner.headId).toBe(innerEntries[8]!.id);
    const { conversation: none } = await store.importConversation({ ...exported, conversation: { ...exported.conversation, headId: null } });
    expect(newest.type).toBe('message');
    expect((await store.entries(none.id)).at(-1)).toMatchObject({ seq: newest.seq, parentId: expect.any(String) });
    expect(none.headId).toBe((await store.entries(none.id, { allBranches: true })).at(-1)!.id);
  });

  it('puts the head on the newest leaf when a crash-truncated JSONL tail lost the entry it named', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [user('one'), assistant('ONE'), user('two')]);
    const [older] = await store.append(id, [assistant('ONE, regenerated')], { parentId: (await store.entries(id))[0]!.id });
    await store.append(id, [user('after')]);
    const jsonl = await store.exportConversationJsonl(id);
    const truncated = jsonl.slice(0, jsonl.length - 20);
    await store.deleteConversation(id);
    const { conversation, warnings } = await store.importConversation(truncated);
    expect(warnings.map((warning) => warning.code)).toEqual(['truncated_tail']);
    expect(conversation.headId).toBe(older!.id);
    expect(conversation.lastSeq).toBe(4);
  });

  it('imports a version 1 export as a linear log', async () => {
    const store = await stores.open();
    const v1 = chain(4, 'old');
    const entries = v1.entries.map(({ parentId: _parentId, ...entry }) => entry);
    const { headId: _headId, ...conversation } = v1.conversation;
    const { conversation: imported } = await store.importConversation({ ...v1, formatVersion: 1, conversation, entries });
    const stored = await store.entries(imported.id);
    expect(stored.map((entry) => entry.parentId)).toEqual([null, 'old-1', 'old-2', 'old-3']);
    expect(imported.headId).toBe('old-4');
  });

  it('imports a 10,000-deep chain without recursion, and refuses one whose root points forward (a cycle through 10,000 entries)', { timeout: 120_000 }, async () => {
    const store = await stores.open();
    const { conversation } = await store.importConversation(chain(10_000));
    expect(conversation.lastSeq).toBe(10_000);
    expect((await store.context(conversation.id))).toHaveLength(10_000);
    const looped = chain(10_000, 'loop');
    looped.entries[0] = { ...looped.entries[0]!, parentId: 'loop-10000' };
    const before = await snapshot(store);
    const error = await rejectionOf(store.importConversation(looped)) as ConvologError;
    expect(error.code).toBe('invalid_history');
    expect(error.path).toEqual(['entries', 0, 'parentId']);
    expect(await snapshot(store)).toEqual(before);
  });
});

describe('hostile format 2 imports are refused, nothing changed', () => {
  async function refuses(mutate: (data: ConversationExport) => void, code: string, path?: (string | number)[]) {
    const store = await stores.open();
    const { id } = await branched(store);
    const exported = structuredClone(await store.exportConversation(id));
    await store.deleteConversation(id);
    const { id: otherId } = await store.createConversation();
    await store.append(otherId, [user('other conversation')]);
    mutate(exported);
    const before = await snapshot(store);
    const error = await rejectionOf(store.importConversation(exported)) as ConvologError;
    expect(error.code).toBe(code);
    if (path !== undefined) expect(error.path).toEqual(path);
    expect(error.message).toMatch(/Nothing was imported/);
    expect(await snapshot(store)).toEqual(before);
    return { store, otherId, error };
  }

  it('a self-parent', async () => {
    await refuses((data) => { data.entries[2]!.parentId = data.entries[2]!.id; }, 'invalid_history', ['entries', 2, 'parentId']);
  });

  it('a forward parent (which any cycle needs)', async () => {
    await refuses((data) => { data.entries[1]!.parentId = data.entries[3]!.id; }, 'invalid_history', ['entries', 1, 'parentId']);
  });

  it('an unknown parent', async () => {
    await refuses((data) => { data.entries[4]!.parentId = 'nowhere'; }, 'invalid_history', ['entries', 4, 'parentId']);
  });

  it('a parent naming an entry of another conversation in the store', async () => {
    const store = await stores.open();
    const { id: otherId } = await store.createConversation();
    const [foreign] = await store.append(otherId, [user('elsewhere')]);
    const data = chain(3, 'mine');
    data.entries[1]!.parentId = foreign!.id;
    const error = await rejectionOf(store.importConversation(data)) as ConvologError;
    expect(error.code).toBe('invalid_history');
    expect(error.path).toEqual(['entries', 1, 'parentId']);
    expect(await store.listConversations()).toHaveLength(1);
  });

  it('an unknown headId', async () => {
    await refuses((data) => { data.conversation.headId = 'nowhere'; }, 'invalid_history', ['conversation', 'headId']);
  });

  it('a compaction keeping from another branch', async () => {
    await refuses((data) => {
      const compaction = data.entries.find((entry) => entry.type === 'compaction')!;
      if (compaction.type === 'compaction') compaction.firstKeptId = data.entries[2]!.id;
    }, 'invalid_cut');
  });

  it('a branch that is not resumable: a user message under an unanswered call', async () => {
    const { error } = await refuses((data) => {
      const call = data.entries.find((entry) => entry.type === 'message' && entry.message.role === 'assistant' && Array.isArray(entry.message.content) &&
        entry.message.content.some((block) => block.type === 'tool_call'))!;
      data.entries.push({
        type: 'message', id: 'sneaky', conversationId: data.conversation.id, seq: data.entries.length + 1,
        timestamp: call.timestamp, parentId: call.id, message: user('ignore the call'),
      });
    }, 'pairing');
    expect(error.issues?.[0]).toMatchObject({ code: 'unanswered_tool_call', toolCallId: 'c1' });
  });

  it('a result on a branch without its call, and a call id repeated on another branch', async () => {
    const { error } = await refuses((data) => {
      data.entries.push({
        type: 'message', id: 'stray', conversationId: data.conversation.id, seq: data.entries.length + 1,
        timestamp: data.entries[0]!.timestamp, parentId: data.entries[3]!.id, message: toolResult('c1', 'f', 'r'),
      });
    }, 'pairing');
    expect(error.issues?.[0]?.code).toBe('misplaced_tool_result');
    const { error: duplicate } = await refuses((data) => {
      data.entries.push({
        type: 'message', id: 'again', conversationId: data.conversation.id, seq: data.entries.length + 1,
        timestamp: data.entries[0]!.timestamp, parentId: data.entries[3]!.id, message: assistant([toolCall('c1', 'f')]),
      });
    }, 'pairing');
    expect(duplicate.issues?.[0]?.code).toBe('duplicate_tool_call_id');
  });
});

describe('Markdown of a branched conversation', () => {
  it('shows the head\'s branch when given entries(id)', async () => {
    const store = await stores.open();
    const { id, u2b } = await branched(store);
    const markdown = toMarkdown(await store.entries(id));
    expect(markdown).toContain('TWO');
    expect(markdown).not.toContain('two, edited');
    await store.checkout(id, u2b.id);
    const edited = toMarkdown(await store.entries(id));
    expect(edited).toContain('two, edited');
    expect(edited).toContain('about one');
    expect(edited).not.toContain('ONE again');
  });
});
