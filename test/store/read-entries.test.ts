import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function withLog(count: number) {
  const store = await stores.open();
  const { id } = await store.createConversation();
  await store.append(id, Array.from({ length: count }, (_, index) => user(`m${index + 1}`)));
  return { store, id };
}

const seqs = (entries: { seq: number }[]) => entries.map((entry) => entry.seq);

describe('entries', () => {
  it('reads the whole log in ascending seq order', async () => {
    const { store, id } = await withLog(5);
    expect(seqs(await store.entries(id))).toEqual([1, 2, 3, 4, 5]);
  });

  it('limit takes the first N after afterSeq', async () => {
    const { store, id } = await withLog(10);
    expect(seqs(await store.entries(id, { limit: 3 }))).toEqual([1, 2, 3]);
    expect(seqs(await store.entries(id, { afterSeq: 4, limit: 3 }))).toEqual([5, 6, 7]);
    expect(seqs(await store.entries(id, { afterSeq: 8 }))).toEqual([9, 10]);
  });

  it('pages from the bottom: beforeSeq with limit gives the last N before it, ascending', async () => {
    const { store, id } = await withLog(10);
    const last = await store.entries(id, { beforeSeq: Number.POSITIVE_INFINITY, limit: 4 });
    expect(seqs(last)).toEqual([7, 8, 9, 10]);
    const previous = await store.entries(id, { beforeSeq: last[0]!.seq, limit: 4 });
    expect(seqs(previous)).toEqual([3, 4, 5, 6]);
    const first = await store.entries(id, { beforeSeq: previous[0]!.seq, limit: 4 });
    expect(seqs(first)).toEqual([1, 2]);
    expect(await store.entries(id, { beforeSeq: 1, limit: 4 })).toEqual([]);
  });

  it('refuses NaN or negative bounds as the caller\'s bug (RangeError), not a storage failure', async () => {
    const { store, id } = await withLog(3);
    for (const options of [{ afterSeq: Number.NaN }, { beforeSeq: -1 }, { limit: Number.NaN }, { limit: -2 }]) {
      await expect(store.entries(id, options)).rejects.toBeInstanceOf(RangeError);
    }
    expect(seqs(await store.entries(id, { limit: 0 }))).toEqual([]);
  });

  it('combines afterSeq and beforeSeq as a window', async () => {
    const { store, id } = await withLog(10);
    expect(seqs(await store.entries(id, { afterSeq: 2, beforeSeq: 6 }))).toEqual([3, 4, 5]);
    expect(seqs(await store.entries(id, { afterSeq: 2, beforeSeq: 9, limit: 2 }))).toEqual([7, 8]);
  });

  it('gives [] for an empty log and limit 0', async () => {
    const { store, id } = await withLog(0);
    expect(await store.entries(id)).toEqual([]);
    const other = await withLog(3);
    expect(await other.store.entries(other.id, { limit: 0 })).toEqual([]);
  });

  it('keeps conversations apart', async () => {
    const { store, id } = await withLog(3);
    const other = await store.createConversation();
    await store.append(other.id, [user('other')]);
    expect(await store.entries(id)).toHaveLength(3);
    expect(await store.entries(other.id)).toHaveLength(1);
  });
});
