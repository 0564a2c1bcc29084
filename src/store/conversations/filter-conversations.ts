import { foldForSearch } from '../../core/search-normalize.js';
import { parseSearchQuery } from '../../core/search-query.js';
import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { Conversation } from '../types/conversation.js';
import type { ListConversationsOptions } from '../types/options.js';
import { listConversations } from './list-conversations.js';
import { compareRows, TitleIndex, type TitleRow } from './title-index.js';
import { titleMatches } from './title-matches.js';
import { toConversation } from './to-conversation.js';

const INDEXES = new WeakMap<StoreContext, TitleIndex>();

/**
 * `store.listConversations({ titleQuery })` (DESIGN §20): one page of the conversations whose title
 * holds every word of the query by search's rules (§11), in the list's order. The candidates come
 * from the {@link TitleIndex}; the page reads each record again in one transaction and keeps it
 * only if it still exists, still matches and still sits after `startAfter`, so a rename or delete
 * by another tab that has not reached this one yet never shows a wrong chat.
 * @internal
 */
export async function filterConversations(
  context: StoreContext, titleQuery: string, options: ListConversationsOptions,
): Promise<Conversation[]> {
  const words = parseSearchQuery(titleQuery);
  if (words.length === 0) return listConversations(context, { ...options, titleQuery: '' });
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let index = INDEXES.get(context);
  if (index === undefined) INDEXES.set(context, (index = new TitleIndex(context)));
  const candidates = await index.candidates(words, options.startAfter);
  const page: Conversation[] = [];
  let next = 0;
  while (next < candidates.length && page.length < limit) {
    // A few more than the page needs: one that another tab renamed or deleted costs no second read.
    const wanted = Math.min(CHECKED, limit - page.length + SPARE);
    const batch: TitleRow[] = [];
    for (; next < candidates.length && batch.length < wanted; next++) {
      if (titleMatches(candidates[next]!, words)) batch.push(candidates[next]!);
    }
    if (batch.length === 0) break;
    page.push(...(await confirm(context, batch, words, options)).slice(0, limit - page.length));
  }
  return page;
}

/** Candidates confirmed per transaction, at most. */
const CHECKED = 256;
/** Candidates confirmed beyond what the page still needs. */
const SPARE = 4;

async function confirm(
  context: StoreContext, rows: readonly TitleRow[], words: ReturnType<typeof parseSearchQuery>, options: ListConversationsOptions,
): Promise<Conversation[]> {
  const records = await runTransaction(context, ['conversations'], 'readonly', 'Listing conversations', (transaction) => {
    const store = transaction.objectStore('conversations');
    return Promise.all(rows.map((row) => store.get(row.id)));
  });
  const confirmed: Conversation[] = [];
  for (const record of records) {
    if (record === undefined || !titleMatches({ title: record.title, folded: foldForSearch(record.title) }, words)) continue;
    if (options.startAfter !== undefined && compareRows(record, options.startAfter) <= 0) continue;
    confirmed.push(toConversation(record));
  }
  return confirmed.sort(compareRows);
}
