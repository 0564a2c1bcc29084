// store.mergeEntries: entries written elsewhere (another device) merged into a conversation.
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import type { StoreChange } from '../../src/store/index.js';
import { codeOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** An entry as another device would send it (no seq). */
function remote(id: string, parentId: string | null, message: string | Message, timestamp = '2025-02-01T00:00:00.000Z'): Record<string, unknown> {
  return { type: 'message', id, parentId, timestamp, message: typeof message === 'string' ? user(message) : message };
}

async function linear() {
  const store = await stores.open({ generateId: sequentialIds('local'), now: steppingClock() });
  const { id } = await store.createConversation({ title: 't' });
  const [u1, a1] = await store.append(id, [user('one'), assistant('ONE')]);
  return { store, id, u1: u1!, a1: a1! };
}

describe('mergeEntries', () => {
  it('keeps ids, parents and timestamps, gives the next local seqs parents-first, and fast-forwards a head that gained children', async () => {
    const { store, id, a1 } = await linear();
    // Given children before parents: the store orders them.
    const result = await store.mergeEntries(id, [
      remote('r2', 'r1', assistant('TWO'), '2025-02-01T00:00:02.000Z'),
      remote('r1', a1.id, 'two', '2025-02-01T00:00:01.000Z'),
    ]);
    expect(result.added.map((entry) => [entry.id, entry.seq, entry.parentId, entry.timestamp])).toEqual([
      ['r1', 3, a1.id, '2025-02-01T00:00:01.000Z'], ['r2', 4, 'r1', '2025-02-01T00:00:02.000Z'],
    ]);
    expect(result.conversation).toMatchObject({ headId: 'r2', lastSeq: 4, updatedAt: '2025-02-01T00:00:02.000Z' });
    expect(result.waiting).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect((await store.context(id)).map((message) => message.content)).toEqual(['one', [{ type: 'text', text: 'ONE' }], 'two', [{ type: 'text', text: 'TWO' }]]);
  });

  it('merging the same entries again writes nothing', async () => {
    const { store, id, a1 } = await linear();
    const batch = [remote('r1', a1.id, 'two')];
    await store.mergeEntries(id, batch);
    const again = await store.mergeEntries(id, batch);
    expect(again.added).toEqual([]);
    expect(again.conversation.lastSeq).toBe(3);
  });

  it('a head that is still a leaf stays; the arrivals become a sibling branch', async () => {
    const { store, id, u1 } = await linear();
    await store.mergeEntries(id, [remote('r1', u1.id, assistant('other answer'))]);
    const conversation = await store.getConversation(id);
    expect(conversation!.headId).toBe('local-3');
    expect(await store.forks(id)).toEqual([{ parentId: u1.id, childIds: ['local-3', 'r1'] }]);
  });

  it('an entry whose parent is missing waits (with its descendants); the rest is applied', async () => {
    const { store, id, a1 } = await linear();
    const result = await store.mergeEntries(id, [remote('r1', a1.id, 'two'), remote('orphan', 'not-here', 'x'), remote('orphan-child', 'orphan', assistant('y'))]);
    expect(result.added.map((entry) => entry.id)).toEqual(['r1']);
    expect(result.waiting.sort()).toEqual(['orphan', 'orphan-child']);
  });

  it('skips what an untrusted import refuses, with its descendants, and applies the rest', async () => {
    const { store, id, a1 } = await linear();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    const result = await store.mergeEntries(id, [
      { type: 'message', id: 'bad-role', parentId: a1.id, timestamp: '2025-02-01T00:00:00.000Z', message: { role: 'robot', content: 'x' } },
      remote('orphan-result', a1.id, toolResult('nope', 'f', 'x')),
      remote('child-of-refused', 'orphan-result', assistant('z')),
      { type: 'message', id: 'bad-time', parentId: a1.id, timestamp: 'yesterday', message: user('x') },
      remote('good', a1.id, 'fine'),
    ]);
    expect(result.added.map((entry) => entry.id)).toEqual(['good']);
    expect(result.warnings.filter((warning) => warning.code === 'skipped_entry')).toHaveLength(4);
    expect(result.warnings.map((warning) => warning.message).join('\n')).toMatch(/orphan-result.*pairing/);
    expect(changes.filter((change) => change.type === 'entries_appended')).toHaveLength(1);
  });

  it('checks pairing per branch: a tool window arrives whole in one batch, and duplicate call ids are refused', async () => {
    const { store, id, a1 } = await linear();
    const result = await store.mergeEntries(id, [
      remote('u2', a1.id, 'weather?'),
      remote('call', 'u2', assistant([toolCall('c1', 'weather', '{}')])),
      remote('result', 'call', toolResult('c1', 'weather', 'sun')),
      remote('answer', 'result', assistant('sunny')),
      remote('dup', a1.id, assistant([toolCall('c1', 'weather', '{}')]), '2025-02-02T00:00:00.000Z'),
    ]);
    expect(result.added.map((entry) => entry.id)).toEqual(['u2', 'call', 'result', 'answer']);
    expect(result.warnings.some((warning) => warning.message.includes('"dup"'))).toBe(true);
  });

  it('untrusted by default: provider data is removed with a warning; trusted keeps it', async () => {
    const { store, id, a1 } = await linear();
    const withState = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'x' }], providerData: { openai: { id: 'r' } } };
    const untrusted = await store.mergeEntries(id, [remote('u', a1.id, withState)]);
    expect(untrusted.added[0]).not.toHaveProperty('message.providerData');
    expect(untrusted.warnings.map((warning) => warning.code)).toContain('dropped_provider_data');
    const trusted = await store.mergeEntries(id, [remote('t', a1.id, withState)], { trusted: true });
    expect(trusted.added[0]).toHaveProperty('message.providerData', { openai: { id: 'r' } });
  });

  it('creates a missing conversation from options.conversation, with its createdAt; without it, not_found', async () => {
    const store = await stores.open();
    expect(await codeOf(store.mergeEntries('elsewhere', [remote('r1', null, 'hi')]))).toBe('not_found');
    const result = await store.mergeEntries('elsewhere', [remote('r1', null, 'hi')], { conversation: { title: 'From the phone', createdAt: '2025-01-05T00:00:00.000Z' } });
    expect(result.conversation).toMatchObject({ id: 'elsewhere', title: 'From the phone', createdAt: '2025-01-05T00:00:00.000Z', headId: 'r1', lastSeq: 1 });
  });

  it('an entry id used by another conversation is skipped', async () => {
    const { store, id, a1 } = await linear();
    const other = await store.createConversation();
    const result = await store.mergeEntries(other.id, [remote(a1.id, null, 'stolen id')]);
    expect(result.added).toEqual([]);
    expect(result.warnings[0]!.code).toBe('skipped_entry');
    expect((await store.entries(id)).map((entry) => entry.id)).toContain(a1.id);
  });

  it('reports the lastSeq its own transaction started from, so a caller never counts another writer\'s append as merged', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const otherTab = await stores.open({ name });
    const { id } = await store.createConversation();
    const [u1] = await store.append(id, [user('one')]);
    const read = await store.getConversation(id);
    // Another tab appends after the caller read the conversation and before the merge.
    await otherTab.append(id, [assistant('ONE, from the other tab')]);
    const result = await store.mergeEntries(id, [remote('r1', u1!.id, assistant('from elsewhere'))]);
    expect(read!.lastSeq).toBe(1);
    expect(result.previousLastSeq).toBe(2);
    expect(result.created).toBe(false);
    expect(result.added.map((entry) => entry.seq)).toEqual([3]);
    // Racing without a pause: whichever transaction runs first, the merge's seqs are exactly those after previousLastSeq.
    const [merged] = await Promise.all([
      store.mergeEntries(id, [remote('r2', 'r1', user('two'), '2025-02-01T00:00:01.000Z'), remote('r3', 'r2', assistant('TWO'), '2025-02-01T00:00:02.000Z')]),
      otherTab.append(id, [user('typed meanwhile')]),
    ]);
    const seqs = Array.from({ length: merged.conversation.lastSeq - merged.previousLastSeq }, (_, index) => merged.previousLastSeq + index + 1);
    expect(merged.added.map((entry) => entry.seq)).toEqual(seqs);
    expect(merged.added).toHaveLength(2);
  });

  it('says whether it created the conversation, decided inside its transaction', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const otherTab = await stores.open({ name });
    const fields = { conversation: { title: 'From the phone', createdAt: '2025-01-05T00:00:00.000Z' } };
    const first = await store.mergeEntries('elsewhere', [remote('r1', null, 'hi')], fields);
    expect(first).toMatchObject({ created: true, previousLastSeq: 0 });
    const again = await otherTab.mergeEntries('elsewhere', [remote('r2', 'r1', assistant('hello'))], fields);
    expect(again).toMatchObject({ created: false, previousLastSeq: 1 });
  });

  it('a compaction arrives only with its cut on its branch', async () => {
    const { store, id, u1, a1 } = await linear();
    const result = await store.mergeEntries(id, [
      { type: 'compaction', id: 'c-ok', parentId: a1.id, timestamp: '2025-02-01T00:00:00.000Z', summary: 's', firstKeptId: u1.id },
      { type: 'compaction', id: 'c-bad', parentId: a1.id, timestamp: '2025-02-01T00:00:00.000Z', summary: 's', firstKeptId: a1.id },
    ]);
    expect(result.added.map((entry) => entry.id)).toEqual(['c-ok']);
    expect(result.warnings.map((warning) => warning.message).join()).toMatch(/c-bad/);
  });
});
