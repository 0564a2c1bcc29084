// The packed index's deferred part (DESIGN §17): entries written but not yet indexed. Figure 17c
// times the rare word's first page while 2,000 generated messages wait for the indexer (search
// reads them directly); figure 22b (heap while indexing) flushes them, sampled from the Node side.
// What the figures write goes again afterwards, so a kept database stays the pristine history.
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

/** Figure 17c: the rare word's first page with {@link PENDING_ENTRIES} entries pending. */
export async function pendingFigure(bench: SearchBench): Promise<SearchFigure> {
  const builtBy = bench.builtBy;
  const pending = await stagePending(bench);
  const [rare] = await bench.measure({ label: `store.search('${RARE_WORD}'), first page, ${pending} entries pending`, opsPerRepetition: 5, operation: () => bench.store.search(RARE_WORD) });
  const still = (await bench.deferred.searchIndexStatus()).pending;
  await dropPending(bench);
  bench.markPristine(builtBy);
  return medianFigure({
    id: '17c', title: `search: a rare word ('${RARE_WORD}'), first page, with ${PENDING_ENTRIES.toLocaleString('en')} entries not yet indexed`,
    target: { comparison: '<=', value: 40 },
    notes: [`${pending} entries pending when timing began, ${still} when it ended (written by a second store on the database whose indexer runs only on flush); ` +
      'search reads every pending entry of the conversations behind and matches its text (DESIGN §17)'],
  }, rare);
}
