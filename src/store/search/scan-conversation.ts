import { matchesTerms, type SearchWord } from '../../core/search-query.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { termsOfKeys } from '../database/search-keys.js';
import type { SearchHit, SearchResult } from '../types/search.js';
import type { SearchPage } from './search-page.js';
import { comparePositions, encodeCursor, positionOf, type SearchPosition } from './search-position.js';

/** Entries read per request. */
const CHUNK = 500;

/**
 * A search scoped to a conversation with fewer entries than the query's rarest word has
 * postings: reads the conversation's entries a chunk at a time (every branch), keeps the
 * positions of those whose stored terms match, then checks their text newest first, only until
 * the page is full (and one more hit says whether there is a next page). Cheaper than walking
 * postings that are mostly elsewhere; holds positions, not entries.
 * @internal
 */
export async function scanConversation(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, conversation: ConversationRecord, words: readonly SearchWord[],
  toHit: (record: EntryRecord) => SearchHit | undefined, page: SearchPage,
): Promise<SearchResult> {
  const candidates: SearchPosition[] = [];
  const store = transaction.objectStore('entries');
  for (let from = 1; from <= conversation.lastSeq; from += CHUNK) {
    throwIfAborted('The search', page.signal);
    const records = await store.getAll(keyRange.bound([conversation.id, from], [conversation.id, from + CHUNK - 1]));
    for (const record of records) {
      const position = positionOf(record);
      if (page.after !== undefined && comparePositions(position, page.after) >= 0) continue;
      if (matchesTerms(termsOfKeys(record.search), words)) candidates.push(position);
    }
  }
  candidates.sort((left, right) => comparePositions(right, left));
  const hits: SearchHit[] = [];
  for (let start = 0; start < candidates.length; start += page.limit + 1) {
    const batch = candidates.slice(start, start + page.limit + 1);
    const records = await Promise.all(batch.map((position) => store.get([conversation.id, position.seq])));
    for (const record of records) {
      const hit = record === undefined ? undefined : toHit(record);
      if (hit === undefined) continue;
      if (hits.length === page.limit) return { hits, nextCursor: encodeCursor(positionOf(hits[hits.length - 1]!)) };
      hits.push(hit);
    }
  }
  return { hits };
}

