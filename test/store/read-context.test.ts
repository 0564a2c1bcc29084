import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { codeOf, corruptEntry, storeFixture } from './store-fixture.js';

const stores = storeFixture();

describe('context / contextEntries', () => {
  it('without a compaction: every message in order', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const messages = [user('q'), assistant([toolCall('c', 'f')]), toolResult('c', 'f', 'r'), assistant('a')];
    await store.append(id, messages);
    expect(await store.context(id)).toEqual(messages);
    const { compaction, entries } = await store.contextEntries(id);
    expect(compaction).toBeUndefined();
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
  });

  it('after a compaction: the summary, then the kept tail from firstKeptId, later messages included', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const written = await store.append(id, [user('old'), assistant('old answer'), user('kept'), assistant('kept answer')]);
    const compaction = await store.appendCompaction(id, { summary: 'we talked', firstKeptId: written[2]!.id, tokensBefore: 40 });
    await store.append(id, [user('new')]);
    expect(await store.context(id)).toEqual([
      { role: 'user', content: `${SUMMARY_PREFIX}we talked` }, user('kept'), assistant('kept answer'), user('new'),
    ]);
    const tail = await store.contextEntries(id);
    expect(tail.compaction).toEqual(compaction);
    expect(tail.entries.map((entry) => entry.seq)).toEqual([3, 4, 6]);
  });

  it('reads only the kept tail: a record before it that no longer parses does not matter', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const { id } = await store.createConversation();
    const written = await store.append(id, [user('old'), assistant('old answer'), user('kept'), assistant('kept answer')]);
    await store.appendCompaction(id, { summary: 'we talked', firstKeptId: written[2]!.id });
    await corruptEntry(name, id, 1);
    expect(await store.context(id)).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}we talked` }, user('kept'), assistant('kept answer')]);
    expect((await store.contextEntries(id)).entries.map((entry) => entry.seq)).toEqual([3, 4]);
    expect(await codeOf(store.entries(id))).toBe('corrupt_entry');
  });

  it('the last compaction wins', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const first = await store.append(id, [user('a'), assistant('1'), user('b'), assistant('2')]);
    await store.appendCompaction(id, { summary: 'one', firstKeptId: first[2]!.id });
    const second = await store.append(id, [user('c'), assistant('3')]);
    await store.appendCompaction(id, { summary: 'two', firstKeptId: second[0]!.id });
    expect(await store.context(id)).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}two` }, user('c'), assistant('3')]);
  });

  it('an empty conversation has an empty context', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    expect(await store.context(id)).toEqual([]);
    expect(await store.contextEntries(id)).toEqual({ entries: [] });
  });
});
