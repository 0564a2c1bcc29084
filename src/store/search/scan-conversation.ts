import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import type { SearchHit, SearchResult } from '../types/search.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { SearchPage } from './search-page.js';
import { comparePositions, encodeCursor, type SearchPosition } from './search-position.js';

/** Entries read per request. */
const CHUNK = 500;

/**
 * A search scoped to a conversation with fewer entries than the query's rarest word has
 * postings: reads the conversation's entries a chunk at a time (every branch) and keeps only its
 * hits, then pages them newest first. Cheaper than walking postings that are mostly elsewhere.
 * @internal
 */
export async function scanConversation(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, conversation: ConversationRecord,
  toHit: (record: EntryRecord) => SearchHit | undefined, page: SearchPage,
): Promise<SearchResult> {
  const found: { hit: SearchHit; position: SearchPosition }[] = [];
  const store = transaction.objectStore('entries');
  for (let from = 1; from <= conversation.lastSeq; from += CHUNK) {
    throwIfAborted('The search', page.signal);
    const records = await store.getAll(keyRange.bound([conversation.id, from], [conversation.id, from + CHUNK - 1]));
    for (const record of records) {
      const position = { time: entryTime(record), seq: record.seq, conversationId: record.conversationId };
      if (page.after !== undefined && comparePositions(position, page.after) >= 0) continue;
      const hit = toHit(record);
      if (hit !== undefined) found.push({ hit, position });
    }
  }
  found.sort((left, right) => comparePositions(right.position, left.position));
  const hits = found.slice(0, page.limit);
  if (found.length <= page.limit) return { hits: hits.map(({ hit }) => hit) };
  return { hits: hits.map(({ hit }) => hit), nextCursor: encodeCursor(hits[hits.length - 1]!.position) };
}
