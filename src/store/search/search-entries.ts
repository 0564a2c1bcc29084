import { readEntry } from '../../core/read-entry.js';
import { matchesTerms, parseSearchQuery, type SearchWord } from '../../core/search-query.js';
import { searchSnippet } from '../../core/search-snippet.js';
import { searchableText } from '../../core/search-text.js';
import { throwIfAborted } from '../database/aborted-error.js';
import { readRecord } from '../database/read-record.js';
import { SEARCH_STORES } from '../database/schema.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { EntryRecord } from '../database/schema.js';
import { termsOfKeys } from '../database/search-keys.js';
import type { StoreContext } from '../database/store-context.js';
import type { SearchHit, SearchOptions, SearchResult } from '../types/search.js';
import { foldedTextOf, mayContain } from './folded-text.js';
import { packedSearch } from './packed-search.js';
import { pendingTextsOf } from './pending-texts.js';
import type { SearchPage } from './search-page.js';
import { decodeCursor, encodeCursor } from './search-position.js';

const OPERATION = 'The search';
const DEFAULT_LIMIT = 20;

/**
 * `store.search` (DESIGN §11, §17): the entries whose indexed text contains every query word,
 * newest first: the packed index's postings of every query term intersected newest first, plus
 * the entries it does not hold yet, read directly ({@link packedSearch}); each candidate's text
 * is checked (which also gives the snippet), and the walk stops when the page is full.
 * @internal
 */
export async function searchEntries(context: StoreContext, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  if (typeof query !== 'string') throw new TypeError(`search: the query must be a string; got ${query === null ? 'null' : typeof query}.`);
  const limit = checkOptions(options);
  const page: SearchPage = { limit, after: options.cursor === undefined ? undefined : decodeCursor(options.cursor), signal: options.signal };
  throwIfAborted(OPERATION, options.signal);
  const words = parseSearchQuery(query);
  const { conversationId } = options;
  return runTransaction(context, ['conversations', 'entries', 'searchBehind', ...SEARCH_STORES], 'readonly', 'Searching', async (transaction) => {
    const record = conversationId === undefined ? undefined : await readRecord(transaction, conversationId);
    if (words.length === 0) return { hits: [] };
    // The packed index plus what it does not hold yet (DESIGN §17).
    return packedSearch(transaction, context.keyRange, words, (stored) => toHit(stored, words), page, pendingTextsOf(context), record?.id);
  });
}

/** The hit for a stored entry, or `undefined` when it does not contain every word (or no longer parses). @internal */
export function toHit(record: EntryRecord, words: readonly SearchWord[]): SearchHit | undefined {
  // Entries written without keys (the packed index keeps none in the record): the snippet below is the check.
  if (record.search !== undefined && !matchesTerms(termsOfKeys(record.search), words)) return undefined;
  // Most entries scanned (those not yet indexed, DESIGN §17) fail this cheap test on the stored
  // text and are never parsed or segmented into words.
  if (!mayContain(foldedTextOf(record), words)) return undefined;
  const parsed = readEntry(record);
  if (!parsed.success) return undefined;
  const entry = parsed.data;
  const found = searchSnippet(searchableText(entry), words);
  if (found === undefined) return undefined;
  return {
    conversationId: entry.conversationId, entryId: entry.id, seq: entry.seq, timestamp: entry.timestamp,
    role: entry.type === 'compaction' ? 'summary' : entry.message.role,
    snippet: found.snippet, highlights: found.highlights,
  };
}

function checkOptions(options: SearchOptions): number {
  if (typeof options !== 'object' || options === null) throw new TypeError('search: options must be an object.');
  const { limit = DEFAULT_LIMIT } = options;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`search: \`limit\` must be a positive integer; got ${String(limit)}.`);
  return limit;
}

