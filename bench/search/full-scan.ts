// The baseline of figure 19: search without an index, the way a chat app without one would: read
// every entry of the database, take its searchable text, normalize it and match the query with
// core's own search functions (the same rules as the index), then sort newest first.
import type { IDBPDatabase } from 'idb';
import type { Entry } from '../../src/core/index.js';
import { searchableText } from '../../src/core/search-text.js';
import { normalizeForSearch } from '../../src/core/search-normalize.js';
import { parseSearchQuery, type SearchWord } from '../../src/core/search-query.js';
import { searchSnippet } from '../../src/core/search-snippet.js';

/** A hit of the full scan: what `store.search` returns, minus the role. */
export interface ScanHit {
  conversationId: string;
  entryId: string;
  seq: number;
  timestamp: string;
  snippet: string;
}

/** The first page of hits and how many entries matched in all. */
export interface ScanResult {
  hits: ScanHit[];
  total: number;
  scanned: number;
}

/** Records per read: a batched `getAll` is faster than stepping a cursor entry by entry, so the baseline is the faster scan. */
const BATCH = 500;

/**
 * Cheap test first: a word whose text is not in the normalized text cannot match, so most entries
 * are never segmented. `searchSnippet` then checks each word as the start of a word, as the index does.
 */
function mayMatch(normalized: string, words: readonly SearchWord[]): boolean {
  return words.every((word) => normalized.includes(word.kind === 'prefix' ? word.term : word.text));
}

function matchOf(entry: Entry, words: readonly SearchWord[]): ScanHit | undefined {
  const text = searchableText(entry);
  if (text === '') return undefined;
  const normalized = normalizeForSearch(text).text;
  if (!mayMatch(normalized, words)) return undefined;
  const snippet = searchSnippet(text, words);
  if (!snippet) return undefined;
  return { conversationId: entry.conversationId, entryId: entry.id, seq: entry.seq, timestamp: entry.timestamp, snippet: snippet.snippet };
}

function newestFirst(left: ScanHit, right: ScanHit): number {
  if (left.timestamp !== right.timestamp) return left.timestamp < right.timestamp ? 1 : -1;
  return right.seq - left.seq;
}

/** Reads every entry of the store's database in key order, batch by batch, and keeps the matches of each query. */
export async function fullScanMany(database: IDBPDatabase, queries: readonly string[], limit = 20): Promise<ScanResult[]> {
  const parsed = queries.map((query) => parseSearchQuery(query));
  const hits: ScanHit[][] = queries.map(() => []);
  let scanned = 0;
  let after: IDBValidKey | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const batch = (await database.getAll('entries', range, BATCH)) as Entry[];
    for (const entry of batch) {
      parsed.forEach((words, index) => {
        const hit = matchOf(entry, words);
        if (hit) hits[index]?.push(hit);
      });
    }
    scanned += batch.length;
    const last = batch[batch.length - 1];
    if (!last || batch.length < BATCH) break;
    after = [last.conversationId, last.seq];
  }
  return hits.map((found) => ({ hits: found.sort(newestFirst).slice(0, limit), total: found.length, scanned }));
}

/** {@link fullScanMany} for one query: the baseline of figure 19. */
export async function fullScan(database: IDBPDatabase, query: string, limit = 20): Promise<ScanResult> {
  const [result] = await fullScanMany(database, [query], limit);
  if (!result) throw new Error('fullScanMany returned no result');
  return result;
}
