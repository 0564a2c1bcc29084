import { EntrySchema } from '../../core/entry.js';
import { matchesTerms, parseSearchQuery, type SearchWord } from '../../core/search-query.js';
import { searchSnippet } from '../../core/search-snippet.js';
import { searchableText } from '../../core/search-text.js';
import { throwIfAborted } from '../database/aborted-error.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { EntryRecord } from '../database/schema.js';
import { termsOfKeys } from '../database/search-keys.js';
import type { StoreContext } from '../database/store-context.js';
import type { SearchHit, SearchOptions, SearchResult } from '../types/search.js';
import { planSearch } from './plan-search.js';
import { PostingStream, type Posting } from './posting-stream.js';
import { decodeCursor, encodeCursor } from './search-position.js';

const OPERATION = 'The search';
const DEFAULT_LIMIT = 20;
/** Candidates read per round trip at most: a page of hits rarely needs more. */
const MAX_BATCH = 128;

/**
 * `store.search` (DESIGN §11): the entries whose indexed text contains every query word, newest
 * first. Walks the postings of the query's rarest word (see {@link planSearch}) newest first,
 * reads each candidate, checks its stored terms and then its text (which also gives the snippet),
 * and stops when the page is full: the index and the log are never read whole.
 * @internal
 */
export async function searchEntries(context: StoreContext, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  if (typeof query !== 'string') throw new TypeError(`search: the query must be a string; got ${query === null ? 'null' : typeof query}.`);
  const limit = checkOptions(options);
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  throwIfAborted(OPERATION, options.signal);
  const words = parseSearchQuery(query);
  const { conversationId, signal } = options;
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Searching', async (transaction) => {
    if (conversationId !== undefined) await readRecord(transaction, conversationId);
    if (words.length === 0) return { hits: [] };
    const terms = await planSearch(transaction, context.keyRange, words);
    const stream = await PostingStream.open(transaction, context.keyRange, terms, after);
    return collectHits(transaction, stream, words, { limit, conversationId, signal });
  });
}

interface PageOptions { limit: number; conversationId: string | undefined; signal: AbortSignal | undefined }

/** Reads candidates from `stream` in batches and keeps the hits until the page is full or the postings end. */
async function collectHits(
  transaction: Transaction<'readonly'>, stream: PostingStream, words: readonly SearchWord[], page: PageOptions,
): Promise<SearchResult> {
  const hits: SearchHit[] = [];
  const store = transaction.objectStore('entries');
  let batchSize = page.limit;
  for (;;) {
    throwIfAborted(OPERATION, page.signal);
    const batch = await nextBatch(stream, Math.min(batchSize, MAX_BATCH), page.conversationId);
    if (batch.length === 0) return { hits };
    const records = await Promise.all(batch.map((posting) => store.get(posting.key)));
    for (const [position, record] of records.entries()) {
      const hit = record === undefined ? undefined : toHit(record, words);
      if (hit === undefined) continue;
      hits.push(hit);
      if (hits.length === page.limit) return { hits, nextCursor: encodeCursor(batch[position]!) };
    }
    // Fewer hits than candidates: the words are rarer together than the walked one alone, read more at a time.
    batchSize *= 2;
  }
}

/** Up to `size` postings of the stream, only those of `conversationId` when given. */
async function nextBatch(stream: PostingStream, size: number, conversationId: string | undefined): Promise<Posting[]> {
  const batch: Posting[] = [];
  while (batch.length < size) {
    const posting = await stream.next();
    if (posting === undefined) break;
    if (conversationId === undefined || posting.conversationId === conversationId) batch.push(posting);
  }
  return batch;
}

/** The hit for a stored entry, or `undefined` when it does not contain every word (or no longer parses). */
function toHit(record: EntryRecord, words: readonly SearchWord[]): SearchHit | undefined {
  if (!matchesTerms(termsOfKeys(record.search), words as SearchWord[])) return undefined;
  const parsed = EntrySchema.safeParse(record);
  if (!parsed.success) return undefined;
  const entry = parsed.data;
  const found = searchSnippet(searchableText(entry), words as SearchWord[]);
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

