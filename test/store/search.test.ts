// store.search (DESIGN §11): what a query finds. Runs in Node (fake-indexeddb) and in real Chromium.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function storeWith(texts: string[]) {
  const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
  const { id } = await store.createConversation({ title: 'chat' });
  for (const text of texts) await store.append(id, [user(text)]);
  return { store, id };
}

describe('search', () => {
  it('finds a word by its start, newest first', async () => {
    const { store } = await storeWith(['the weather in Oslo', 'what to wear', 'weather again']);
    const { hits, nextCursor } = await store.search('wea');
    expect(hits.map((hit) => hit.snippet)).toEqual(['weather again', 'what to wear', 'the weather in Oslo']);
    expect(nextCursor).toBeUndefined();
    expect(hits[0]!.highlights).toEqual([[0, 3]]);
  });
});
