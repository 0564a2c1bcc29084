// What the IndexedDB primitives a query can use cost in real Chromium, on one index of 100,000
// postings of one term: count(), a capped getAllKeys, cursor.advance, cursor steps, getAll windows.
import { it } from 'vitest';
import { openDB } from 'idb';

const POSTINGS = 100_000;

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  let result: unknown;
  for (let repeat = 0; repeat < 5; repeat++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[2]!.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(' ')}) → ${JSON.stringify(result)?.slice(0, 60)}`);
}

it('times the primitives', async () => {
  const name = `primitives-${Date.now()}`;
  const database = await openDB(name, 1, {
    upgrade(raw) {
      raw.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] }).createIndex('byTerm', 'search', { multiEntry: true });
    },
  });
  const write = database.transaction('entries', 'readwrite');
  for (let seq = 1; seq <= POSTINGS; seq++) {
    void write.store.put({ conversationId: `0190a1b2-c3d4-7e5f-8a9b-${String(seq % 2000).padStart(12, '0')}`, seq, text: 'x'.repeat(200),
      search: [['common', 1_700_000_000_000 + seq * 1000, seq], ['', 1_700_000_000_000 + seq * 1000, seq], [`common${seq % 3}`, 1_700_000_000_000 + seq * 1000, seq], [`rare${seq % 5000}`, 1_700_000_000_000 + seq * 1000, seq]] });
  }
  await write.done;
  const range = IDBKeyRange.bound(['common'], ['common', []]);
  const read = () => database.transaction('entries').store.index('byTerm');
  await time('count 100k', () => read().count(range));
  await time('count 20', () => read().count(IDBKeyRange.bound(['rare7'], ['rare7', []])));
  await time('getAllKeys cap 4096', async () => (await read().getAllKeys(range, 4096)).length);
  await time('advance 4096 (prev)', async () => {
    const cursor = await read().openKeyCursor(range, 'prev');
    const moved = await cursor!.advance(4096);
    return moved?.key;
  });
  await time('advance 100k (prev)', async () => {
    const cursor = await read().openKeyCursor(range, 'prev');
    const moved = await cursor!.advance(POSTINGS - 1);
    return moved?.key;
  });
  await time('1000 key cursor steps (prev)', async () => {
    let cursor = await read().openKeyCursor(range, 'prev');
    for (let step = 0; step < 1000 && cursor; step++) cursor = await cursor.continue();
    return cursor?.key;
  });
  await time('1000 value cursor steps (prev)', async () => {
    let cursor = await read().openCursor(range, 'prev');
    for (let step = 0; step < 1000 && cursor; step++) cursor = await cursor.continue();
    return cursor?.key;
  });
  await time('getAll window of 1000 newest', async () => {
    const index = read();
    const cursor = await index.openKeyCursor(range, 'prev');
    const boundary = await cursor!.advance(1000);
    return (await index.getAll(IDBKeyRange.bound(boundary!.key, ['common', []], true))).length;
  });
  await time('getAll window of 64 newest', async () => {
    const index = read();
    const cursor = await index.openKeyCursor(range, 'prev');
    const boundary = await cursor!.advance(64);
    return (await index.getAll(IDBKeyRange.bound(boundary!.key, ['common', []], true))).length;
  });
  await time('continue([term, []]) past 100k postings (the next term)', async () => {
    const cursor = await read().openKeyCursor(IDBKeyRange.bound(['common'], ['common\uffff']));
    return (await cursor!.continue(['common', []] as never))?.key;
  });
  await time('a new cursor past the term (the next term)', async () => {
    const cursor = await read().openKeyCursor(IDBKeyRange.bound(['common', []], ['common\uffff'], true));
    return cursor?.key;
  });
  await time('getAllKeys cap 64 over 100k postings', async () => (await read().getAllKeys(range, 64)).length);
  await time('64 gets by primary key', async () => {
    const store = database.transaction('entries').store;
    return (await Promise.all(Array.from({ length: 64 }, (_, index) => store.get([`0190a1b2-c3d4-7e5f-8a9b-${String(index).padStart(12, '0')}`, index + 2000])))).length;
  });
  database.close();
  indexedDB.deleteDatabase(name);
});
