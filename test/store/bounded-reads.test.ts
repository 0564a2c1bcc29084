// Every read of a long chat's log is made of bounded requests (getAllInChunks, 250 seqs each):
// one request of all 50,000 entries, made by the journal's roll while the demo opened that chat,
// held the page's own reads behind it (the long-chat scenario caught it in one CI run of many).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { STORE_JOURNALS } from '../../src/store/create-store-api.js';
import { memoryJournalBackend } from '../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();
const BOUND = 1000;

/** The largest number of records one `getAll`/`getAllKeys` request returned, on object stores and indexes. */
function countReplies(): { largest: () => number; restore: () => void } {
  let largest = 0;
  const restores: Array<() => void> = [];
  for (const Target of [IDBObjectStore, IDBIndex]) {
    for (const method of ['getAll', 'getAllKeys'] as const) {
      const original = Target.prototype[method] as (...args: unknown[]) => IDBRequest;
      Target.prototype[method] = function (this: unknown, ...args: unknown[]) {
        const request = original.apply(this, args);
        request.addEventListener('success', () => {
          if (Array.isArray(request.result)) largest = Math.max(largest, request.result.length);
        });
        return request;
      } as never;
      restores.push(() => { Target.prototype[method] = original as never; });
    }
  }
  return { largest: () => largest, restore: () => restores.forEach((restore) => restore()) };
}

function turns(count: number, label: string): Message[] {
  return Array.from({ length: count }, (_, index) => index % 2 === 0 ? user(`${label} question ${index}`) : assistant(`${label} answer ${index}`));
}

describe('reads of a long chat', () => {
  let replies: ReturnType<typeof countReplies>;
  beforeEach(() => { replies = countReplies(); });
  afterEach(() => replies.restore());

  it('reads 2,500 entries in requests of at most 1,000: entries, context, export, the journal\'s roll, search of what is not indexed yet', async () => {
    const name = stores.name();
    const store = await openStoreWith({ name }, { backgroundIndexing: false, journalBackend: memoryJournalBackend().backend, journalRollBytes: 1 });
    const { id } = await store.createConversation({ title: 'Long' });
    await store.append(id, turns(2500, 'needle'));
    await STORE_JOURNALS.get(store)!.rolled();

    expect((await store.entries(id)).length).toBe(2500);
    expect((await store.entries(id, { allBranches: true })).length).toBe(2500);
    expect((await store.context(id)).length).toBe(2500);
    expect((await store.exportConversation(id)).entries.length).toBe(2500);
    expect(await store.searchIndexStatus()).toEqual({ pending: 2500 });
    expect((await store.search('needle', { limit: 3000 })).hits.length).toBe(2500);
    await store.flushSearchIndex();
    expect((await store.search('needle', { limit: 3000 })).hits.length).toBe(2500);
    store.close();
    expect(replies.largest()).toBeLessThanOrEqual(BOUND);
  }, 60_000); // 5 s in Node at load 10 (fake-indexeddb): more than the default

  it('reads a branch whose line another branch interleaves (2,200 of its entries over 3,301 seqs) in bounded requests too', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const [root] = await store.append(id, [user('root')]);
    const first = await store.append(id, turns(1100, 'left'), { parentId: root!.id });
    const other = await store.append(id, turns(1100, 'right'), { parentId: root!.id });
    const more = await store.append(id, turns(1100, 'left again'), { parentId: first.at(-1)!.id });
    expect(other.at(-1)!.seq).toBe(2201);

    const branch = await store.entries(id, { leafId: more.at(-1)!.id });
    expect(branch.map((entry) => entry.seq)).toEqual([1, ...first.map((entry) => entry.seq), ...more.map((entry) => entry.seq)]);
    expect((await store.context(id, { leafId: more.at(-1)!.id })).length).toBe(2201);
    expect(replies.largest()).toBeLessThanOrEqual(BOUND);
  }, 60_000);
});
