import type { SearchWord } from './search-query.js';
import { normalizeForSearch } from './search-normalize.js';
import { searchWords } from './search-terms.js';

/** A piece of an entry's text around a search match, and where the matched words are in it. @internal */
export interface SearchSnippet {
  /** At most {@link SNIPPET_LENGTH} UTF-16 units of the original text, unchanged. */
  snippet: string;
  /** `[start, end)` into `snippet`, sorted, not overlapping: the matched words as written. */
  highlights: Array<[number, number]>;
}

/** The most UTF-16 units of a snippet (DESIGN §11). @internal */
export const SNIPPET_LENGTH = 200;
/** How much text a snippet shows before its first match, at most. */
const CONTEXT_BEFORE = 40;

/** Every `[start, end)` in the normalized text where `word` matches, or none. */
function occurrences(text: string, words: readonly SearchWord[]): Array<Array<[number, number]>> {
  const found = words.map((): Array<[number, number]> => []);
  searchWords(text, (word, start, run) => {
    words.forEach((query, index) => {
      if (query.kind === 'prefix') {
        if (!run && word.startsWith(query.term)) found[index]!.push([start, start + query.term.length]);
        return;
      }
      if (!run) return;
      for (let at = word.indexOf(query.text); at >= 0; at = word.indexOf(query.text, at + 1)) {
        found[index]!.push([start + at, start + at + query.text.length]);
      }
    });
  });
  return found;
}

/** Where normalized position `end` (exclusive) ends in the original: after the whole character it came from. */
function originalEnd(offsets: readonly number[], end: number): number {
  const last = offsets[end - 1]!;
  while (offsets[end]! <= last) end++;
  return offsets[end]!;
}

function isLowSurrogate(text: string, index: number): boolean {
  return (text.charCodeAt(index) & 0xfc00) === 0xdc00;
}

/**
 * The snippet of a search hit: up to 200 UTF-16 units of `text` around the first match, with a
 * highlight on each occurrence of a query word inside it, never cutting a surrogate pair.
 * `undefined` when some word does not occur in `text` (or there are no words): the index only
 * says an entry may match, this confirms it.
 *
 * @internal
 */
export function searchSnippet(text: string, words: readonly SearchWord[]): SearchSnippet | undefined {
  if (words.length === 0) return undefined;
  const normalized = normalizeForSearch(text);
  const found = occurrences(normalized.text, words);
  if (found.some((list) => list.length === 0)) return undefined;
  const ranges = found.flat().map(([start, end]): [number, number] => [normalized.offsets[start]!, originalEnd(normalized.offsets, end)]);
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const first = ranges[0]![0];
  let start = Math.max(0, Math.min(first - CONTEXT_BEFORE, text.length - SNIPPET_LENGTH));
  const end = Math.min(text.length, start + SNIPPET_LENGTH) - (isLowSurrogate(text, start + SNIPPET_LENGTH) ? 1 : 0);
  if (isLowSurrogate(text, start)) start++;
  const highlights: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    const clipped: [number, number] = [Math.max(from, start) - start, Math.min(to, end) - start];
    if (clipped[0] >= clipped[1]) continue;
    const previous = highlights[highlights.length - 1];
    if (previous !== undefined && clipped[0] < previous[1]) previous[1] = Math.max(previous[1], clipped[1]);
    else highlights.push(clipped);
  }
  return { snippet: text.slice(start, end), highlights };
}
