// What the search index costs store.append in real Chromium: one 300-word message (and one short
// one) appended with the index and without it (the internal switch), each its own transaction.
import { it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { seededRandom } from '../core/seeded-random.js';
import { sentence, vocabulary, zipf } from './corpus.js';

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

it('times append with and without the index', async () => {
  const next = seededRandom(3);
  const words = vocabulary(20_000, next);
  const rank = zipf(words.length, next);
  const long = Array.from({ length: 80 }, () => sentence(words, rank, 300));
  const short = Array.from({ length: 80 }, () => sentence(words, rank, 12));
  for (const round of [1, 2]) {
    for (const searchIndex of [false, true]) {
      const name = `append-cost-${searchIndex}`;
      await deleteStore({ name });
      const store = await openStoreWith({ name }, { searchIndex });
      const { id } = await store.createConversation();
      for (const [label, texts] of [['300 words', long], ['12 words', short]] as const) {
        const times: number[] = [];
        for (const text of texts) {
          const started = performance.now();
          await store.append(id, [user(text)]);
          times.push(performance.now() - started);
        }
        console.log(`round ${round}, index ${searchIndex ? 'on ' : 'off'}: append of ${label}: median ${median(times.slice(10)).toFixed(2)} ms`);
      }
      store.close();
      await deleteStore({ name });
    }
  }
});
