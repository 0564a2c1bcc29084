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
import { holdsAtLeast, planSearch, type SearchPlan } from './plan-search.js';
import { PostingWindows, type Candidate } from './posting-windows.js';
import { packedSearch } from './packed-search.js';
import { scanConversation } from './scan-conversation.js';
import type { SearchPage } from './search-page.js';
import { decodeCursor, encodeCursor } from './search-position.js';

const OPERATION = 'The search';
const DEFAULT_LIMIT = 20;
/** The most postings per term a window reads: bounds the memory a query holds at once. */
const MAX_WINDOW = 1_024;

/**
 * `store.search` (DESIGN §11): the entries whose indexed text contains every query word, newest
 * first. Walks the postings of the query's rarest word (see {@link planSearch}) newest first, a
 * window at a time, checks each candidate's stored terms and then its text (which also gives the
 * snippet), and stops when the page is full: the index and the log are never read whole. Scoped
 * to a conversation with fewer entries than that word has postings, it reads the conversation.
 * @internal
 */
export async function searchEntries(context: StoreContext, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  if (typeof query !== 'string') throw new TypeError(`search: the query must be a string; got ${query === null ? 'null' : typeof query}.`);
  const limit = checkOptions(options);
  const page: SearchPage = { limit, after: options.cursor === undefined ? undefined : decodeCursor(options.cursor), signal: options.signal };
  throwIfAborted(OPERATION, options.signal);
  const words = parseSearchQuery(query);
  const { conversationId } = options;
  return runTransaction(context, ['conversations', 'entries', ...SEARCH_STORES], 'readonly', 'Searching', async (transaction) => {
    const record = conversationId === undefined ? undefined : await readRecord(transaction, conversationId);
    if (words.length === 0) return { hits: [] };
    // Across every conversation: the packed index plus what it does not hold yet (DESIGN §17). Scoped: still 0.2's byTerm (wip).
    if (record === undefined) return packedSearch(transaction, context.keyRange, words, (stored) => toHit(stored, words), page);
    const plan = await planSearch(transaction, context.keyRange, words);
    if (plan.terms.length === 0) return { hits: [] };
    if (record !== undefined && await isSmallerThanPostings(transaction, record.lastSeq, plan)) {
      return scanConversation(transaction, context.keyRange, record, words, (stored) => toHit(stored, words), page);
    }
    const windows = new PostingWindows(transaction, context.keyRange, plan.terms, page.after, conversationId, plan.filters);
    return collectHits(windows, words, page);
  });
}

/** Whether a conversation of `entries` entries is cheaper to read whole than the plan's postings are to walk. */
async function isSmallerThanPostings(transaction: Transaction<'readonly'>, entries: number, plan: SearchPlan): Promise<boolean> {
  if (entries <= plan.count) return true;
  return !plan.exact && plan.range !== undefined && holdsAtLeast(transaction, plan.range, entries);
}

/** Reads windows of candidates and keeps the hits until the page is full or the postings end. */
async function collectHits(windows: PostingWindows, words: readonly SearchWord[], page: SearchPage): Promise<SearchResult> {
  const hits: SearchHit[] = [];
  // One word: nearly every candidate is a hit. Several: fewer are, so start wider; widen while hits stay scarce.
  let size = words.length === 1 ? page.limit : page.limit * 2;
  for (;;) {
    throwIfAborted(OPERATION, page.signal);
    const window: Candidate[] | undefined = await windows.next(size);
    if (window === undefined) return { hits };
    for (const { record, position } of window) {
      const hit = toHit(record, words);
      if (hit === undefined) continue;
      hits.push(hit);
      if (hits.length === page.limit) return { hits, nextCursor: encodeCursor(position) };
    }
    size = Math.min(size * 4, MAX_WINDOW);
  }
}

/** The hit for a stored entry, or `undefined` when it does not contain every word (or no longer parses). @internal */
export function toHit(record: EntryRecord, words: readonly SearchWord[]): SearchHit | undefined {
  // Entries written without keys (the packed index keeps none in the record): the snippet below is the check.
  if (record.search !== undefined && !matchesTerms(termsOfKeys(record.search), words)) return undefined;
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

