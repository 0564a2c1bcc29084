// The packed index's deferred part (DESIGN §17): entries written but not yet indexed. Figure 17c
// times the rare word's first page while 2,000 generated messages wait for the indexer (search
// reads them directly, then keeps their folded text: DESIGN §17.12), after warm-up queries; figure
// 17d times the first query after they were written, when nothing is kept yet (the first keystroke
// after an import); 17e the same query by the store that wrote them (the texts its writes handed
// over stand in for reading them: DESIGN §17.14); figure 22b (heap while indexing) flushes them, sampled from the Node side.
// What the figures write goes again afterwards, so a kept database stays the pristine history.
import { summarize, type SideSummary } from '../store/measure.js';
import { conversationMessages, messagesPerConversation, RARE_WORD } from './corpus.js';
import { medianFigure, type SearchFigure } from './search-figure.js';
import type { SearchBench } from './search-bench.js';

/** How many entries wait for the indexer in figures 17c and 22b (the number). */
export const PENDING_ENTRIES = 2_000;

function pendingIds(bench: SearchBench): string[] {
  const count = Math.ceil(PENDING_ENTRIES / messagesPerConversation(bench.options.size));
  return Array.from({ length: count }, (_, index) => `pending-${index}`);
}

/** Writes {@link PENDING_ENTRIES} generated messages (conversations past the history's own) through the store that does not index them. */
export async function stagePending(bench: SearchBench): Promise<number> {
  bench.markChanged();
  await dropPending(bench);
  const { size } = bench.options;
  for (const [index, id] of pendingIds(bench).entries()) {
    await bench.deferred.createConversation({ id, title: `Pending ${index}` });
    await bench.deferred.append(id, conversationMessages(size, size.conversations + index));
  }
  return (await bench.deferred.searchIndexStatus()).pending;
}

/** Removes what {@link stagePending} wrote (indexed or not): a deleted conversation's postings point nowhere. */
export async function dropPending(bench: SearchBench): Promise<void> {
  for (const id of pendingIds(bench)) await bench.deferred.deleteConversation(id);
}

/**
 * The first query after the pending entries were written, once a round: each round writes them
 * again (deleted and created again: new incarnations, so nothing the store kept applies) and
 * times `searcher`'s first query (the searching store, or the one that wrote them); the second
 * query of the round must find the same hits.
 */
async function firstQueries(bench: SearchBench, rounds: number, searcher: 'store' | 'deferred'): Promise<SideSummary> {
  const samples: number[] = [];
  const store = bench[searcher];
  for (let round = 0; round < rounds; round += 1) {
    await stagePending(bench);
    const started = performance.now();
    const first = await store.search(RARE_WORD);
    samples.push(performance.now() - started);
    const second = await store.search(RARE_WORD);
    if (JSON.stringify(first) !== JSON.stringify(second)) throw new Error(`figure 17d: the first and the second query for '${RARE_WORD}' found different hits`);
  }
  const by = searcher === 'store' ? '' : ', by the store that wrote them';
  return summarize({ label: `store.search('${RARE_WORD}'), first page, the first query after ${PENDING_ENTRIES} entries were written${by}`, opsPerRepetition: 1 }, samples);
}

/** Figures 17c and 17d: the rare word's first page with {@link PENDING_ENTRIES} entries pending, as it stands (warm) and as the first query (cold). */
export async function pendingFigures(bench: SearchBench): Promise<SearchFigure[]> {
  const builtBy = bench.builtBy;
  const pending = await stagePending(bench);
  const [rare] = await bench.measure({ label: `store.search('${RARE_WORD}'), first page, ${pending} entries pending`, opsPerRepetition: 5, operation: () => bench.store.search(RARE_WORD) });
  const still = (await bench.deferred.searchIndexStatus()).pending;
  const cold = await firstQueries(bench, bench.options.repetitions, 'store');
  const own = await firstQueries(bench, bench.options.repetitions, 'deferred');
  await dropPending(bench);
  bench.markPristine(builtBy);
  const title = `search: a rare word ('${RARE_WORD}'), first page, with ${PENDING_ENTRIES.toLocaleString('en')} entries not yet indexed`;
  return [
    medianFigure({
      id: '17c', title,
      target: { comparison: '<=', value: 40 },
      notes: [`${pending} entries pending when timing began, ${still} when it ended (written by a second store on the database whose indexer runs only on flush); ` +
        'the first query reads every pending entry and keeps its folded text, each later one reads only the pending entries whose text may match (DESIGN §17.12); ' +
        `after ${bench.options.warmupRepetitions} warm-up round(s), so these are later queries: figure 17d is the first`],
    }, rare),
    medianFigure({
      id: '17d', title: `${title}: the first query after they were written (nothing kept yet)`,
      notes: [`${cold.samples.length} rounds, each writing the ${PENDING_ENTRIES} entries again (deleted and created again, so nothing kept applies) and timing the searching store's first query; ` +
        'what the first keystroke after an import costs, before the indexer has packed it'],
    }, cold),
    medianFigure({
      id: '17e', title: `${title}: the first query after they were written, by the store (the tab) that wrote them`,
      notes: ['as 17d, but searched by the store that wrote the entries (its indexer runs only on flush, so they stay pending): the texts its writes ' +
        'handed to its indexer stand in for reading them (DESIGN §17.14); only the candidates are read'],
    }, own),
  ];
}
