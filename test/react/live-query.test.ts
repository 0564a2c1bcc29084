// LiveQuery on its own, with reads the test answers when it wants: release, re-subscription and
// the order of answers, made certain instead of left to timing.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConvologStore } from '../../src/store/index.js';
import { LiveQuery, type QueryState } from '../../src/react/live-query.js';
import { storeFixture } from '../store/store-fixture.js';
import { countSubscriptions } from './react-fixture.js';

const fixture = storeFixture();

interface Read { resolve(value: string): void }
interface Snapshot extends QueryState { value?: string }

/** A query whose every read waits until the test answers it, with the reads in the order they began. */
function controlled(store: ConvologStore) {
  const reads: Read[] = [];
  const query = new LiveQuery<string, Snapshot>(async () => store, {
    load: () => new Promise<string>((resolve) => reads.push({ resolve })),
  }, (state, value) => (value === undefined ? { ...state } : { ...state, value }));
  return { query, reads };
}

/** Lets every pending promise callback run (the store's reads and change deliveries included). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(settle);

describe('LiveQuery', () => {
  it('a subscriber that leaves and comes back in the same tick keeps the data and the subscription: no second read', async () => {
    const store = await fixture.open();
    const subscriptions = countSubscriptions(store);
    const { query, reads } = controlled(store);
    const leave = query.subscribe(() => {});
    await settle();
    reads[0]!.resolve('first');
    await settle();
    const ready = query.getSnapshot();
    expect(ready).toEqual({ status: 'ready', value: 'first' });
    leave();
    const leaveAgain = query.subscribe(() => {}); // StrictMode's effect replay, a moved component
    await settle();
    expect(reads).toHaveLength(1);
    expect(subscriptions.active).toBe(1);
    expect(query.getSnapshot()).toBe(ready);
    leaveAgain();
    await settle();
    expect(subscriptions.active).toBe(0);
  });

  it('a released query drops its data, and a new subscriber reads again', async () => {
    const store = await fixture.open();
    const { query, reads } = controlled(store);
    const leave = query.subscribe(() => {});
    await settle();
    reads[0]!.resolve('before');
    await settle();
    leave();
    await Promise.resolve();
    expect(query.getSnapshot()).toEqual({ status: 'loading' });
    query.subscribe(() => {});
    await settle();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve('after');
    await settle();
    expect(query.getSnapshot()).toEqual({ status: 'ready', value: 'after' });
  });

  it('a change during the read of a re-subscribed query has the last word, in whatever order the reads answer', async () => {
    const store = await fixture.open();
    const { query, reads } = controlled(store);
    const leave = query.subscribe(() => {});
    await settle();
    leave();
    await Promise.resolve(); // released while its first read is still out
    query.subscribe(() => {});
    await settle();
    expect(reads).toHaveLength(2);
    reads[0]!.resolve('read 0'); // from before the release: ignored, and must not end the second read's turn
    await settle();
    const firstAfterChange = reads.length;
    await store.createConversation(); // a change while the second read is out
    await settle();
    // Answer every read still out, newest first (an order a loaded machine may answer in), until none is left.
    const answered = new Set([0]);
    const unanswered = () => reads.map((_, index) => index).filter((index) => !answered.has(index));
    for (let pending = unanswered(); pending.length > 0; pending = unanswered()) {
      for (const index of pending.reverse()) {
        answered.add(index);
        reads[index]!.resolve(`read ${index}`);
        await settle();
      }
    }
    const shown = query.getSnapshot();
    expect(shown.status).toBe('ready');
    expect(Number(shown.value?.slice('read '.length))).toBeGreaterThanOrEqual(firstAfterChange);
  });
});
