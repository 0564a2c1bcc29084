// Shared by the search tests (not a test file itself).
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';
import { normalizeForSearch } from '../../src/core/search-normalize.js';
import { parseSearchQuery } from '../../src/core/search-query.js';
import { searchWords } from '../../src/core/search-terms.js';
import type { ConvologStore, SearchHit, SearchOptions } from '../../src/store/index.js';

/** Every hit of a query, page by page (`limit` a page), failing on a repeat. */
export async function allHits(store: ConvologStore, query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const result = await store.search(query, { ...options, ...(cursor === undefined ? {} : { cursor }) });
    hits.push(...result.hits);
    if (result.nextCursor === undefined) break;
    cursor = result.nextCursor;
  }
  const ids = hits.map((hit) => hit.entryId);
  if (new Set(ids).size !== ids.length) throw new Error(`a hit came twice: ${ids.join(', ')}`);
  return hits;
}

/** The highlighted pieces of a hit's snippet. */
export function highlighted(hit: SearchHit): string[] {
  return hit.highlights.map(([start, end]) => hit.snippet.slice(start, end));
}

/** Whether a text holds every word of the query: a prefix word starts a word, a Han/kana/Hangul word occurs in a run. */
export function naiveMatch(text: string, query: string): boolean {
  const folded = normalizeForSearch(text).text;
  const words: string[] = [];
  const runs: string[] = [];
  searchWords(folded, (word, _start, run) => {
    (run ? runs : words).push(word);
  });
  return parseSearchQuery(query).every((word) => (word.kind === 'prefix'
    ? words.some((candidate) => candidate.startsWith(word.term))
    : runs.some((run) => run.includes(word.text))));
}

/** Hit order: newest first by timestamp, then seq, then conversation id. */
export function newestFirst(left: Entry, right: Entry): number {
  return Date.parse(right.timestamp) - Date.parse(left.timestamp) || right.seq - left.seq ||
    (right.conversationId < left.conversationId ? -1 : right.conversationId > left.conversationId ? 1 : 0);
}

/** How many entry records IndexedDB handed out (`get` and `getAll` of the `entries` store) since the last `take`. */
export function countEntryReads(): { take: () => number; restore: () => void } {
  let count = 0;
  const restores: Array<() => void> = [];
  for (const method of ['get', 'getAll'] as const) {
    const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
      const request = original.apply(this, args);
      if (this.name === 'entries') {
        request.addEventListener('success', () => {
          const { result } = request as IDBRequest<unknown>;
          count += Array.isArray(result) ? result.length : result === undefined ? 0 : 1;
        });
      }
      return request;
    } as never;
    restores.push(() => { IDBObjectStore.prototype[method] = original as never; });
  }
  return { take: () => { const taken = count; count = 0; return taken; }, restore: () => restores.forEach((restore) => restore()) };
}

/** `count` messages, every `every`-th about `word`, the others about filler. */
export function turns(count: number, word: string, every = 10): Message[] {
  return Array.from({ length: count }, (_, index) => {
    const text = index % every === 0 ? `message ${index} about ${word}` : `message ${index} about nothing much`;
    return index % 2 === 0 ? user(text) : assistant(text);
  });
}
