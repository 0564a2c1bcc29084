// 0.2's search keys of an entry (DESIGN §11): what the multiEntry layout this folder's benches
// compare against stored in each entry. The store no longer writes them (migration 3 creates the
// index empty; migration 4 deletes it), so they live here, beside the benches that use them.
import type { Entry } from '../../src/core/entry.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { searchableText } from '../../src/core/search-text.js';
import type { SearchKey } from '../../src/store/database/schema.js';
import { entryTime, TIME_TERM } from '../../src/store/database/search-keys.js';

/** The search keys of an entry: the index terms of its searchable text, as {@link keysOfTerms}. */
export function searchKeysOf(entry: Entry): SearchKey[] {
  return keysOfTerms(entry, indexTerms(searchableText(entry)));
}

/**
 * The keys an entry with these index terms stores (DESIGN §11): one `[term, time, seq]` per term,
 * plus the time posting; none without terms. The multiEntry index over them lists each term's
 * entries in time order, so a query walks a term newest first and stops when its page is full.
 */
export function keysOfTerms(entry: Pick<Entry, 'timestamp' | 'seq'>, terms: readonly string[]): SearchKey[] {
  if (terms.length === 0) return [];
  const time = entryTime(entry);
  const keys: SearchKey[] = [[TIME_TERM, time, entry.seq]];
  for (const term of terms) keys.push([term, time, entry.seq]);
  return keys;
}

