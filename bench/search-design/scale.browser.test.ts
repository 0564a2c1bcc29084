// store.search at the benchmark's scale (200,000 messages in 2,000 conversations), in real
// Chromium: how long the query shapes take with the chosen index design. A diagnosis for the
// design (docs/DESIGN.md §11 as shipped); the benchmark proper is `npm run bench`.
import { expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { seededRandom } from '../core/seeded-random.js';
import { sentence, vocabulary, zipf } from './corpus.js';

const CONVERSATIONS = Number(import.meta.env.VITE_SEARCH_CONVERSATIONS ?? 2_000);
const PER_CONVERSATION = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

it('times the query shapes on 200,000 messages', async () => {
  const name = `search-scale-${Date.now()}`;
  const next = seededRandom(42);
  const words = vocabulary(30_000, next);
  const rank = zipf(words.length, next);
  const store = await openStoreWith({ name, durability: 'relaxed' }, {});
  const seeded = performance.now();
  let clock = Date.UTC(2025, 0, 1);
  for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
    const { id } = await store.createConversation({ title: `chat ${conversation}` });
    const messages = [];
    for (let index = 0; index < PER_CONVERSATION; index++) {
      let text = sentence(words, rank, 5 + Math.floor(next() * 50));
      if (conversation % 400 === 7 && index === 50) text += ' zanzibarquux';
      messages.push(index % 2 === 0 ? user(text) : assistant(text));
    }
    await store.append(id, messages);
  }
  console.log(`seeded ${CONVERSATIONS * PER_CONVERSATION} messages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const estimate = await navigator.storage.estimate();
  console.log(`usage ${(estimate.usage! / 1e6).toFixed(1)} MB`);

  const queries: Record<string, string> = {
    rare: 'zanzibarquux', common: words[4]!, commonAnd: `${words[4]} ${words[7]}`, prefix3: words[30]!.slice(0, 3),
    oneLetter: 'k', midAnd: `${words[200]} ${words[300]}`, rareAnd: `${words[2000]} ${words[3000]}`, none: 'qqqqq',
  };
  const { id: scoped } = (await store.listConversations({ limit: 1 }))[0]!;
  for (const [label, query] of Object.entries(queries)) {
    const times: number[] = [];
    let hits = 0;
    for (let repeat = 0; repeat < 7; repeat++) {
      const started = performance.now();
      const result = await store.search(query);
      times.push(performance.now() - started);
      hits = result.hits.length;
    }
    const scopedTimes: number[] = [];
    for (let repeat = 0; repeat < 5; repeat++) {
      const started = performance.now();
      await store.search(query, { conversationId: scoped });
      scopedTimes.push(performance.now() - started);
    }
    console.log(`${label} "${query}" in one conversation: median ${median(scopedTimes).toFixed(1)} ms`);
    console.log(`${label} "${query}": median ${median(times).toFixed(1)} ms, first page ${hits} hits, times ${times.map((t) => t.toFixed(0)).join(' ')}`);
  }
  const { hits } = await store.search('zanzibarquux');
  expect(hits.length).toBe(CONVERSATIONS / 400);
  store.close();
  await deleteStore({ name });
});
