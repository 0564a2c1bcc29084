// Where the time of a query goes at the benchmark's scale: planning (capped counts, prefix
// terms), each window, and checking the candidates. A diagnosis, not a benchmark.
import { it } from 'vitest';
import { openDB } from 'idb';
import { assistant, user } from '../../src/core/constructors.js';
import { parseSearchQuery } from '../../src/core/search-query.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { planSearch } from '../../src/store/search/plan-search.js';
import { PostingWindows } from '../../src/store/search/posting-windows.js';
import { toHit } from '../../src/store/search/search-entries.js';
import { seededRandom } from '../core/seeded-random.js';
import { sentence, vocabulary, zipf } from './corpus.js';

const CONVERSATIONS = Number(import.meta.env.VITE_SEARCH_CONVERSATIONS ?? 2_000);

it('times the phases of each query shape', async () => {
  const name = `search-phases-${Date.now()}`;
  const next = seededRandom(42);
  const words = vocabulary(30_000, next);
  const rank = zipf(words.length, next);
  console.log('quota', JSON.stringify(await navigator.storage.estimate()));
  const store = await openStoreWith({ name, durability: 'relaxed' }, {});
  for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
    const { id } = await store.createConversation({ title: `chat ${conversation}` });
    const messages = [];
    for (let index = 0; index < 100; index++) {
      const text = sentence(words, rank, 5 + Math.floor(next() * 50));
      messages.push(index % 2 === 0 ? user(text) : assistant(text));
    }
    await store.append(id, messages);
  }
  store.close();
  console.log('after seeding', JSON.stringify(await navigator.storage.estimate()));
  const database = await openDB(name);
  for (const query of [words[4]!, `${words[4]} ${words[7]}`, words[30]!.slice(0, 3), 'k', `${words[200]} ${words[300]}`, words[5000]!]) {
    for (let repeat = 0; repeat < 3; repeat++) {
      const parsed = parseSearchQuery(query);
      const transaction = database.transaction(['conversations', 'entries']) as never;
      let at = performance.now();
      const lap = (): string => {
        const now = performance.now();
        const text = (now - at).toFixed(1);
        at = now;
        return text;
      };
      const plan = await planSearch(transaction, IDBKeyRange, parsed);
      const planned = `plan ${lap()} ms (${plan.terms.length} terms, count ${plan.count})`;
      const windows = new PostingWindows(transaction, IDBKeyRange, plan.terms, undefined, undefined);
      const steps: string[] = [];
      let hits = 0;
      let size = parsed.length === 1 ? 20 : 40;
      while (hits < 20) {
        const window = await windows.next(size);
        const read = lap();
        if (window === undefined) break;
        for (const candidate of window) if (toHit(candidate.record, parsed) !== undefined && hits < 20) hits++;
        steps.push(`window ${size}: ${window.length} read in ${read} ms, checked in ${lap()} ms`);
        size = Math.min(size * 4, 1024);
      }
      console.log(`"${query}": ${planned}; ${steps.join('; ')}; ${hits} hits`);
    }
  }
  database.close();
  await deleteStore({ name });
});
