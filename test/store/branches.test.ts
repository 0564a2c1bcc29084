import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { ConvologError } from '../../src/core/error.js';
import type { StoreChange } from '../../src/store/index.js';
import { compactConversation } from '../../src/store/index.js';
import { codeOf, rejectionOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** u1 → a1 → u2 → a2, then u2 edited (u2b → a2b): the head is on the edit. */
async function edited() {
  const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
  const { id } = await store.createConversation();
  const [u1, a1, u2, a2] = await store.append(id, [user('one'), assistant('ONE'), user('two'), assistant('TWO')]);
  const [u2b, a2b] = await store.append(id, [user('two, edited'), assistant('TWO, edited')], { parentId: a1!.id });
  return { store, id, u1: u1!, a1: a1!, u2: u2!, a2: a2!, u2b: u2b!, a2b: a2b! };
}

describe('append with parentId', () => {
  it('chains a batch, defaults to the head and moves the head to the last new entry', async () => {
    const { store, id, u1, a1, u2, a2, u2b, a2b } = await edited();
    expect([u1.parentId, a1.parentId, u2.parentId, a2.parentId]).toEqual([null, u1.id, a1.id, u2.id]);
    expect([u2b.parentId, a2b.parentId, u2b.seq]).toEqual([a1.id, u2b.id, 5]);
    const conversation = await store.getConversation(id);
    expect(conversation).toMatchObject({ headId: a2b.id, lastSeq: 6 });
    const [next] = await store.append(id, [user('three')]);
    expect(next!.parentId).toBe(a2b.id);
  });

  it('starts a new branch from the root with parentId: null', async () => {
    const { store, id, u1 } = await edited();
    const [root] = await store.append(id, [user('one, edited')], { parentId: null });
    expect(root!.parentId).toBeNull();
    expect((await store.children(id, null)).map((entry) => entry.id)).toEqual([u1.id, root!.id]);
    expect(await store.entries(id)).toEqual([root]);
  });

  it('refuses an unknown parentId or one of another conversation with not_found, writing nothing', async () => {
    const { store, id } = await edited();
    const other = await store.createConversation();
    const [foreign] = await store.append(other.id, [user('elsewhere')]);
    for (const parentId of ['missing', foreign!.id]) {
      expect(await codeOf(store.append(id, [user('x')], { parentId }))).toBe('not_found');
      expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: 'x' }, { parentId }))).toBe('not_found');
    }
    expect((await store.getConversation(id))?.lastSeq).toBe(6);
    await expect(store.append(id, [user('x')], { parentId: 5 as unknown as string })).rejects.toThrow(TypeError);
  });

  it('refuses a fork inside an unsettled tool window with pairing, writing nothing, and accepts one that answers the calls', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const [, call] = await store.append(id, [user('q'), assistant([toolCall('c1', 'f'), toolCall('c2', 'g')])]);
    const [result] = await store.append(id, [toolResult('c1', 'f', 'r1'), toolResult('c2', 'g', 'r2'), assistant('done')]);
    const error = await rejectionOf(store.append(id, [user('edit')], { parentId: result!.id })) as ConvologError;
    expect(error.code).toBe('pairing');
    expect(error.issues?.map((issue) => issue.code)).toEqual(['unanswered_tool_call']);
    expect((await store.getConversation(id))?.lastSeq).toBe(5);
    // Answering the calls again on the new branch is fine: call ids are the window's own.
    const retried = await store.append(id, [toolResult('c1', 'f', 'other'), toolResult('c2', 'g', 'r2'), assistant('again')], { parentId: call!.id });
    expect(retried[0]!.parentId).toBe(call!.id);
    expect(await store.context(id)).toEqual([user('q'), assistant([toolCall('c1', 'f'), toolCall('c2', 'g')]),
      toolResult('c1', 'f', 'other'), toolResult('c2', 'g', 'r2'), assistant('again')]);
  });

  it('keeps tool call ids unique across branches', async () => {
    const { store, id, a1 } = await edited();
    await store.append(id, [user('x'), assistant([toolCall('c1', 'f')]), toolResult('c1', 'f', 'r')]);
    const error = await rejectionOf(store.append(id, [user('y'), assistant([toolCall('c1', 'f')])], { parentId: a1.id })) as ConvologError;
    expect(error.code).toBe('pairing');
    expect(error.issues?.[0]?.code).toBe('duplicate_tool_call_id');
  });
});

describe('checkout', () => {
  it('moves the head to the newest leaf at or below the entry, without activity', async () => {
    const { store, id, u1, u2, a2, a2b } = await edited();
    const before = await store.getConversation(id);
    const switched = await store.checkout(id, u2.id);
    expect(switched).toEqual({ ...before, headId: a2.id });
    expect(await store.getConversation(id)).toEqual(switched);
    expect((await store.entries(id)).map((entry) => entry.id)).toEqual([u1.id, 'id-3', u2.id, a2.id]);
    expect((await store.checkout(id, u1.id)).headId).toBe(a2b.id);
    expect((await store.checkout(id, a2.id)).headId).toBe(a2.id);
    // expectedLastSeq read before a checkout stays valid.
    await store.append(id, [user('three')], { expectedLastSeq: before!.lastSeq });
  });

  it('emits conversation_updated with the new headId, and nothing when the head does not move', async () => {
    const { store, id, u2, a2 } = await edited();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change), { conversationId: id });
    await store.checkout(id, u2.id);
    await store.checkout(id, a2.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: 'conversation_updated', conversationId: id, conversation: { headId: a2.id } });
  });

  it('throws not_found for an unknown entry or one of another conversation, TypeError for a non-string', async () => {
    const { store, id } = await edited();
    const other = await store.createConversation();
    const [foreign] = await store.append(other.id, [user('elsewhere')]);
    expect(await codeOf(store.checkout(id, 'missing'))).toBe('not_found');
    expect(await codeOf(store.checkout(id, foreign!.id))).toBe('not_found');
    expect(await codeOf(store.checkout('nope', foreign!.id))).toBe('not_found');
    await expect(store.checkout(id, null as unknown as string)).rejects.toThrow(TypeError);
  });
});

describe('entries, context and settle on a branch', () => {
  it('reads the head branch by default, leafId another, allBranches the whole tree', async () => {
    const { store, id, u1, a1, u2, a2, u2b, a2b } = await edited();
    expect(await store.entries(id)).toEqual([u1, a1, u2b, a2b]);
    expect(await store.entries(id, { leafId: a2.id })).toEqual([u1, a1, u2, a2]);
    expect(await store.entries(id, { leafId: u2.id })).toEqual([u1, a1, u2]);
    expect(await store.entries(id, { allBranches: true })).toEqual([u1, a1, u2, a2, u2b, a2b]);
    expect(await codeOf(store.entries(id, { leafId: 'missing' }))).toBe('not_found');
    await expect(store.entries(id, { leafId: a2.id, allBranches: true })).rejects.toThrow(TypeError);
  });

  it('pages a branch by seq like the whole log', async () => {
    const { store, id, u1, a1, u2b, a2b, a2 } = await edited();
    expect(await store.entries(id, { beforeSeq: Infinity, limit: 2 })).toEqual([u2b, a2b]);
    expect(await store.entries(id, { beforeSeq: u2b.seq, limit: 5 })).toEqual([u1, a1]);
    expect(await store.entries(id, { afterSeq: 1, limit: 2 })).toEqual([a1, u2b]);
    expect(await store.entries(id, { afterSeq: 2, leafId: a2.id })).toHaveLength(2);
    expect(await store.entries(id, { limit: 0 })).toEqual([]);
  });

  it('gives context and contextEntries per branch', async () => {
    const { store, id, a2 } = await edited();
    expect(await store.context(id)).toEqual([user('one'), assistant('ONE'), user('two, edited'), assistant('TWO, edited')]);
    expect(await store.context(id, { leafId: a2.id })).toEqual([user('one'), assistant('ONE'), user('two'), assistant('TWO')]);
    expect((await store.contextEntries(id, { leafId: a2.id })).entries.map((entry) => entry.id)).toEqual(['id-2', 'id-3', 'id-4', 'id-5']);
    expect(await codeOf(store.context(id, { leafId: 'missing' }))).toBe('not_found');
  });

  it('settles the window of the branch given, moving the head there', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const [, call] = await store.append(id, [user('q'), assistant([toolCall('c1', 'f')])]);
    const [other] = await store.append(id, [assistant('a different answer')], { parentId: call!.parentId });
    expect(await store.settle(id)).toEqual([]);
    const settled = await store.settle(id, { leafId: call!.id, reason: 'gone' });
    expect(settled.map((entry) => [entry.parentId, entry.message])).toEqual([[call!.id, toolResult('c1', 'f', 'gone', { isError: true })]]);
    expect((await store.getConversation(id))?.headId).toBe(settled[0]!.id);
    expect(await store.entries(id, { leafId: other!.id })).toHaveLength(2);
  });
});

describe('children and forks', () => {
  it('lists children in seq order and fork points root first, then by parent seq', async () => {
    const { store, id, u1, a1, u2, u2b } = await edited();
    const [a1b] = await store.append(id, [assistant('ONE again')], { parentId: u1.id });
    const [u2c] = await store.append(id, [user('two, third')], { parentId: a1.id });
    expect((await store.children(id, a1.id)).map((entry) => entry.id)).toEqual([u2.id, u2b.id, u2c!.id]);
    expect((await store.children(id, u1.id)).map((entry) => entry.id)).toEqual([a1.id, a1b!.id]);
    expect(await store.children(id, u2c!.id)).toEqual([]);
    expect(await store.children(id, null)).toEqual([u1]);
    expect(await store.forks(id)).toEqual([
      { parentId: u1.id, childIds: [a1.id, a1b!.id] },
      { parentId: a1.id, childIds: [u2.id, u2b.id, u2c!.id] },
    ]);
    const [root] = await store.append(id, [user('zero')], { parentId: null });
    expect((await store.forks(id))[0]).toEqual({ parentId: null, childIds: [u1.id, root!.id] });
  });

  it('throws not_found for an unknown entry and an unknown conversation', async () => {
    const { store, id } = await edited();
    expect(await codeOf(store.children(id, 'missing'))).toBe('not_found');
    expect(await codeOf(store.children('nope', null))).toBe('not_found');
    expect(await codeOf(store.forks('nope'))).toBe('not_found');
    expect(await store.forks((await store.createConversation()).id)).toEqual([]);
  });
});

describe('compaction on a branch', () => {
  it('is branch-local: the last compaction on the path wins, a branch forked before it does not see it', async () => {
    const { store, id, u1, a1, u2b, a2b } = await edited();
    const compaction = await store.appendCompaction(id, { summary: 'sum', firstKeptId: u2b.id });
    expect(compaction.parentId).toBe(a2b.id);
    expect(await store.context(id)).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}sum` }, user('two, edited'), assistant('TWO, edited')]);
    const [sibling] = await store.append(id, [assistant('ONE, regenerated')], { parentId: u1.id });
    expect(await store.context(id)).toEqual([user('one'), assistant('ONE, regenerated')]);
    expect((await store.checkout(id, a1.id)).headId).toBe(compaction.id);
    expect((await store.contextEntries(id)).compaction).toEqual(compaction);
    expect(await store.context(id, { leafId: sibling!.id })).toHaveLength(2);
  });

  it('refuses a firstKeptId on another branch with invalid_cut', async () => {
    const { store, id, u2, a2 } = await edited();
    expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: u2.id }))).toBe('invalid_cut');
    const compaction = await store.appendCompaction(id, { summary: 's', firstKeptId: u2.id }, { parentId: a2.id });
    expect(compaction.parentId).toBe(a2.id);
    expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: u2.id }, { parentId: null }))).toBe('invalid_cut');
  });

  it('compactConversation compacts the branch it read, even when another tab switches meanwhile', async () => {
    const { store, id, u2, a2 } = await edited();
    await store.append(id, [user('three'), assistant('THREE')]);
    const head = (await store.getConversation(id))!.headId!;
    const compaction = await compactConversation(store, id, {
      tailTokens: 1,
      summarize: async () => {
        await store.checkout(id, u2.id);
        return 'summary';
      },
    });
    expect(compaction!.parentId).toBe(head);
    expect((await store.getConversation(id))?.headId).toBe(compaction!.id);
    const onOther = await compactConversation(store, id, { tailTokens: 1, leafId: a2.id, summarize: async () => 'other' });
    expect(onOther!.parentId).toBe(a2.id);
    expect(onOther!.firstKeptId).toBe(u2.id);
  });
});

describe('changes', () => {
  it('entries_appended carries parentId and the conversation with its new head', async () => {
    const { store, id, a1 } = await edited();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change), { conversationId: id });
    const [entry] = await store.append(id, [user('fork')], { parentId: a1.id });
    expect(changes).toEqual([{
      type: 'entries_appended', conversationId: id, origin: 'this_tab', entries: [entry], conversation: expect.objectContaining({ headId: entry!.id }),
    }]);
    expect(entry!.parentId).toBe(a1.id);
  });
});

describe('reading a branch between other versions', () => {
  it('reads a branch whose every answer was regenerated, whole and paged, and its context', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    let tip: string | null = null;
    const branch: string[] = [];
    for (let turn = 0; turn < 12; turn++) {
      const [question] = await store.append(id, [user(`q${turn}`)], { parentId: tip });
      await store.append(id, [assistant(`first answer ${turn}`)], { parentId: question!.id });
      // A longer abandoned version every third turn: a gap wider than the runs are read through.
      if (turn % 3 === 0) await store.append(id, Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? assistant('x') : user('y'))), { parentId: question!.id });
      const [answer] = await store.append(id, [assistant(`answer ${turn}`)], { parentId: question!.id });
      branch.push(question!.id, answer!.id);
      tip = answer!.id;
    }
    expect((await store.entries(id)).map((entry) => entry.id)).toEqual(branch);
    expect((await store.entries(id, { beforeSeq: Infinity, limit: 5 })).map((entry) => entry.id)).toEqual(branch.slice(-5));
    expect((await store.entries(id, { afterSeq: 0, limit: 3 })).map((entry) => entry.id)).toEqual(branch.slice(0, 3));
    expect(await store.context(id)).toEqual(Array.from({ length: 12 }, (_, turn) => [user(`q${turn}`), assistant(`answer ${turn}`)]).flat());
  });
});
