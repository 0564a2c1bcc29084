import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { validate } from '../../src/core/validate.js';
import type { StoreChange } from '../../src/store/index.js';
import { steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

describe('settle', () => {
  it('answers every pending call of the trailing window with an error result, then user messages append again', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [user('q'), assistant([toolCall('a', 'fa'), toolCall('b', 'fb')]), toolResult('a', 'fa', 'ok')]);
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    const settled = await store.settle(id, { reason: 'The tab was closed.' });
    expect(settled.map((entry) => [entry.seq, entry.message])).toEqual([
      [4, toolResult('b', 'fb', 'The tab was closed.', { isError: true })],
    ]);
    expect(changes).toMatchObject([{ type: 'entries_appended', entries: settled }]);
    expect(validate(await store.context(id), 'sendable')).toEqual([]);
    await store.append(id, [user('next')]);
  });

  it('is activity: it moves updatedAt, and the change carries the conversation', async () => {
    const store = await stores.open({ now: steppingClock() });
    const { id } = await store.createConversation();
    await store.append(id, [user('q'), assistant([toolCall('a', 'f')])]);
    const before = await store.getConversation(id);
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    const [settled] = await store.settle(id);
    const after = await store.getConversation(id);
    expect(after!.updatedAt > before!.updatedAt).toBe(true);
    expect(after!.updatedAt).toBe(settled!.timestamp);
    expect(changes).toMatchObject([{ type: 'entries_appended', conversation: after }]);
  });

  it('writes nothing when nothing is pending', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    expect(await store.settle(id)).toEqual([]);
    await store.append(id, [user('q'), assistant([toolCall('a', 'f')]), toolResult('a', 'f', 'r')]);
    expect(await store.settle(id)).toEqual([]);
    expect((await store.getConversation(id))?.lastSeq).toBe(3);
  });

  it('is idempotent across instances: a second settle finds nothing pending', async () => {
    const name = stores.name();
    const first = await stores.open({ name });
    const second = await stores.open({ name });
    const { id } = await first.createConversation();
    await first.append(id, [user('q'), assistant([toolCall('a', 'f')])]);
    const [one, two] = await Promise.all([first.settle(id), second.settle(id)]);
    expect(one.length + two.length).toBe(1);
    expect(validate(await first.context(id), 'sendable')).toEqual([]);
  });
});
