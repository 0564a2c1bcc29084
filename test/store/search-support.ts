// Shared by the search tests (not a test file itself).
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
