// The timed search figures of issue 20, run in real Chromium against the generated history.
// Query figures first (they need the pristine history), then the append figure, which writes.
import type { Message } from '../../src/core/index.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { COMMON_QUERY, longMessage, PLANTED_COUNT, RARE_CHINESE, RARE_WORD } from './corpus.js';
import { fullScan, fullScanMany, type ScanResult } from './full-scan.js';
import { summarize, type SideSummary } from '../store/measure.js';
import { medianFigure, ratioFigure, type SearchFigure } from './search-figure.js';
import type { SearchBench } from './search-bench.js';
import type { BenchSearchStore } from './search-store.js';

const PAGE = 20;

/** Every hit of `query`, page by page: the ids, and how many pages it took. */
async function allHits(store: BenchSearchStore, query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await store.search(query, { limit: PAGE, ...(cursor === undefined ? {} : { cursor }) });
    ids.push(...page.hits.map((hit) => hit.entryId));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined && pages < 10_000);
  return { ids, pages };
}

function sameSet(left: readonly string[], right: readonly string[]): boolean {
  const set = new Set(left);
  return left.length === right.length && set.size === left.length && right.every((id) => set.has(id));
}

/** What one untimed full scan of the database found for every query the checks need, read once per run. */
interface ScanChecks { rare: ScanResult; chinese: ScanResult; common: ScanResult; words: ScanResult[] }

let checks: Promise<ScanChecks> | undefined;

function scanChecks(bench: SearchBench): Promise<ScanChecks> {
  const words = COMMON_QUERY.split(' ');
  checks ??= fullScanMany(bench.raw, [RARE_WORD, RARE_CHINESE, COMMON_QUERY, ...words], Number.POSITIVE_INFINITY).then(([rare, chinese, common, ...each]) => {
    if (!rare || !chinese || !common) throw new Error('fullScanMany returned too few results');
    return { rare, chinese, common, words: each };
  });
  return checks;
}

/** An untimed check that the index finds exactly what the full scan finds, for a rare query. */
async function checkRare(bench: SearchBench, query: string, scanned: ScanResult): Promise<string> {
  const found = await allHits(bench.store, query);
  const same = sameSet(found.ids, scanned.hits.map((hit) => hit.entryId));
  if (!same) throw new Error(`store.search('${query}') found ${found.ids.length} entries, the full scan ${scanned.total}: not the same entries`);
  return `'${query}': store.search and the full scan both find the same ${scanned.total} entries (planted in ${PLANTED_COUNT} messages; ${scanned.scanned} entries scanned)`;
}

/** The full scan for the rare word, timed `scanRepetitions` times (fewer than the searches: one takes minutes at full size). */
async function timeFullScans(bench: SearchBench): Promise<SideSummary> {
  const samples: number[] = [];
  for (let round = 0; round < bench.options.scanRepetitions; round += 1) {
    const started = performance.now();
    await fullScan(bench.raw, RARE_WORD);
    samples.push(performance.now() - started);
  }
  return summarize({ label: `full scan for '${RARE_WORD}' (every entry read, normalized, matched)`, opsPerRepetition: 1 }, samples);
}

/**
 * The same full scan once over the copy of the history written without the index (figure 23b's),
 * whose records carry no search keys: what a chat app without the index would read.
 */
async function plainScanNote(bench: SearchBench): Promise<string[]> {
  const plain = await bench.openPlain();
  if (!plain) return [];
  try {
    const started = performance.now();
    const result = await fullScan(plain, RARE_WORD);
    return [`one full scan of the copy written without the index (records without search keys, as an app without the index would have): ` +
      `${(performance.now() - started).toFixed(0)} ms for ${result.scanned} entries, once (not a median)`];
  } finally {
    plain.close();
  }
}

/** Figures 17, 17b and 19: rare one-word queries, first page, and the full scan of the same database for the first. */
export async function rareQueryFigures(bench: SearchBench): Promise<SearchFigure[]> {
  const scanned = await scanChecks(bench);
  const notes = [await checkRare(bench, RARE_WORD, scanned.rare), await checkRare(bench, RARE_CHINESE, scanned.chinese)];
  const [rare, chinese] = await bench.measure(
    { label: `store.search('${RARE_WORD}'), first page`, opsPerRepetition: 10, operation: () => bench.store.search(RARE_WORD) },
    { label: `store.search('${RARE_CHINESE}'), first page`, opsPerRepetition: 10, operation: () => bench.store.search(RARE_CHINESE) },
  );
  const scan = await timeFullScans(bench);
  const messages = `${bench.options.size.messages.toLocaleString('en')} messages`;
  const plain = await plainScanNote(bench);
  return [
    medianFigure({ id: '17', title: `search: a rare word ('${RARE_WORD}', ${PLANTED_COUNT} hits), first page, ${messages}`, target: { comparison: '<=', value: 25 }, notes }, rare),
    medianFigure({ id: '17b', title: `search: a rare Chinese word ('${RARE_CHINESE}', ${PLANTED_COUNT} hits, matched as a substring), first page, ${messages}` }, chinese),
    ratioFigure({
      id: '19', title: `search vs a full scan of the same database, rare word ('${RARE_WORD}'), ${messages}`, unit: 'times faster',
      target: { comparison: '>=', value: 50 },
      notes: [`the full scan is timed ${bench.options.scanRepetitions} times right after the searches (each takes minutes at full size; the check scan before them warmed it up)`,
        'the full scan reads the entries in batches of 500 with getAll (faster than a cursor step per entry), skips entries whose normalized text lacks a query word, ' +
        'confirms the rest with core\'s searchSnippet (normalizeForSearch + word starts, the rules the index follows), then sorts newest first',
        ...plain],
    }, rare, scan),
  ];
}

/** The cursor of page `page` (1-based) of `query`, read once before timing. */
async function cursorOfPage(store: BenchSearchStore, query: string, page: number): Promise<string> {
  let cursor: string | undefined;
  for (let index = 1; index < page; index += 1) {
    cursor = (await store.search(query, { limit: PAGE, ...(cursor === undefined ? {} : { cursor }) })).nextCursor;
    if (cursor === undefined) throw new Error(`'${query}' has fewer than ${page} pages`);
  }
  if (cursor === undefined) throw new Error('ask for page 2 or later');
  return cursor;
}

/** Figures 18 and 18b: two common words (AND), first page and fifth page. */
export async function commonQueryFigures(bench: SearchBench): Promise<SearchFigure[]> {
  const scanned = await scanChecks(bench);
  const first = await bench.store.search(COMMON_QUERY);
  const sameFirstPage = sameSet(first.hits.map((hit) => hit.entryId), scanned.common.hits.slice(0, PAGE).map((hit) => hit.entryId));
  const fifth = await cursorOfPage(bench.store, COMMON_QUERY, 5);
  const frequencies = COMMON_QUERY.split(' ').map((word, index) => `'${word}' ${scanned.words[index]?.total}`);
  const [firstPage, fifthPage] = await bench.measure(
    { label: `store.search('${COMMON_QUERY}'), first page`, opsPerRepetition: 3, operation: () => bench.store.search(COMMON_QUERY) },
    { label: `store.search('${COMMON_QUERY}'), fifth page (by cursor)`, opsPerRepetition: 3, operation: () => bench.store.search(COMMON_QUERY, { cursor: fifth }) },
  );
  const note = `entries matching (full scan): ${frequencies.join(', ')}, both ${scanned.common.total}; ` +
    `the first page is ${sameFirstPage ? 'the same 20 entries as' : 'NOT the same entries as'} the full scan's newest 20`;
  return [
    medianFigure({ id: '18', title: `search: two common words ('${COMMON_QUERY}', AND), first page`, target: { comparison: '<=', value: 150 }, notes: [note] }, firstPage),
    medianFigure({ id: '18b', title: `search: the same two words, fifth page (by cursor)` }, fifthPage),
  ];
}

const APPEND_INDEXED = 'append-indexed';

/** The text of a generated message (a string for a user message, one text block for an assistant one). */
function textOf(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : '')).join('\n');
}

const APPEND_UNINDEXED = 'append-unindexed';

/**
 * Figure 20: appending one 300-word message with the index vs the same store code with indexing
 * switched off, both strict, into two fresh conversations of the same database. What they wrote is
 * deleted afterwards, so a kept database stays the pristine history.
 */
export async function appendFigure(bench: SearchBench): Promise<SearchFigure> {
  const builtBy = bench.builtBy;
  bench.markChanged();
  for (const id of [APPEND_INDEXED, APPEND_UNINDEXED]) await bench.store.deleteConversation(id);
  await bench.store.createConversation({ id: APPEND_INDEXED, title: 'append, indexed' });
  await bench.store.createConversation({ id: APPEND_UNINDEXED, title: 'append, not indexed' });
  const [indexed, unindexed, terms] = await bench.measure(
    { label: 'store.append of a 300-word message, indexed (strict)', opsPerRepetition: 20, operation: (index) => bench.store.append(APPEND_INDEXED, [longMessage(index)]) },
    { label: 'the same, indexing switched off (strict)', opsPerRepetition: 20, operation: (index) => bench.unindexed.append(APPEND_UNINDEXED, [longMessage(index)]) },
    // Where the difference goes: the CPU part of indexing (core's indexTerms over the same text), without any write.
    { label: 'indexTerms of the same message alone', opsPerRepetition: 20, operation: async (index) => indexTerms(textOf(longMessage(index))) },
  );
  const termCount = indexTerms(textOf(longMessage(0))).length;
  for (const id of [APPEND_INDEXED, APPEND_UNINDEXED]) await bench.store.deleteConversation(id);
  bench.markPristine(builtBy);
  return ratioFigure({
    id: '20', title: 'append of a 300-word message with the search index vs without (indexing switched off)', unit: 'ratio',
    target: { comparison: '<=', value: 1.2 },
    notes: [`both sides append to a fresh conversation of the ${bench.options.size.messages.toLocaleString('en')}-message database, the same messages in the same order (user and assistant in turn); ` +
      'the unindexed side is a second store on the same database opened with the internal searchIndex: false switch (openStoreWith)',
      `of the difference, core's indexTerms of the message alone (no write) takes ${terms?.median.toFixed(2)} ms (${terms?.min.toFixed(2)}–${terms?.max.toFixed(2)}); ` +
        `the first message has ${termCount} index terms; with the packed index (DESIGN §17) the append writes none of them, only the conversation's unindexed mark, ` +
        'and this tab\'s background indexer packs them 300 ms later in its own transaction (which may overlap the next appends)'],
  }, indexed, unindexed);
}
