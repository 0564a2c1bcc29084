import type { SearchWord } from './search-query.js';
import { normalizeForSearch } from './search-normalize.js';
import { searchWords } from './search-terms.js';

/** A piece of an entry's text around a search match, and where the matched words are in it. @internal */
export interface SearchSnippet {
  /** At most {@link SNIPPET_LENGTH} UTF-16 units of the original text, unchanged. */
  snippet: string;
  /** `[start, end)` into `snippet`, sorted and not overlapping: the matched text as written. */
  highlights: Array<[number, number]>;
}

/** The most UTF-16 units of a snippet (DESIGN §11). @internal */
export const SNIPPET_LENGTH = 200;
/** How much text a snippet shows before its first match, at most. */
const CONTEXT_BEFORE = 40;
/** How far a snippet's edges move to avoid starting or ending inside a word. */
const EDGE_SLACK = 20;

type Range = [start: number, end: number];

/** Where normalized position `end` (exclusive) ends in the original: after the whole character it came from. */
function originalEnd(offsets: readonly number[], end: number): number {
  const last = offsets[end - 1]!;
  while (offsets[end]! <= last) end++;
  return offsets[end]!;
}

/** The query words' matches in `text`, as original ranges, in text order; undefined when a word has none. */
function matches(text: string, words: readonly SearchWord[]): Range[] | undefined {
  const { text: folded, offsets } = normalizeForSearch(text);
  const ranges: Range[] = [];
  const found = new Set<SearchWord>();
  const add = (word: SearchWord, start: number, length: number): void => {
    found.add(word);
    ranges.push([offsets[start]!, originalEnd(offsets, start + length)]);
  };
  searchWords(folded, (word, start, run) => {
    // Every word found and the snippet's window passed: the rest of a long text cannot change it.
    if (found.size === words.length && offsets[start]! > ranges[0]![0] + SNIPPET_LENGTH) return true;
    for (const query of words) {
      if (query.kind === 'prefix') {
        if (!run && word.startsWith(query.term)) add(query, start, query.term.length);
        continue;
      }
      if (!run) continue;
      for (let at = word.indexOf(query.text); at >= 0; at = word.indexOf(query.text, at + 1)) add(query, start + at, query.text.length);
    }
  });
  return found.size === words.length ? ranges : undefined;
}

function isLowSurrogate(text: string, index: number): boolean {
  return (text.charCodeAt(index) & 0xfc00) === 0xdc00;
}

/** The snippet's `[start, end)` in `text`: around the first match, on word edges where near, never inside a surrogate pair. */
function snippetBounds(text: string, [first, firstEnd]: Range): Range {
  let start = Math.max(0, Math.min(first - CONTEXT_BEFORE, text.length - SNIPPET_LENGTH));
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (start > 0) {
    const space = text.slice(start, Math.min(first, start + EDGE_SLACK)).search(/\s/);
    start += space >= 0 ? space + 1 : isLowSurrogate(text, start) ? 1 : 0;
  }
  if (end < text.length) {
    const space = text.slice(end - EDGE_SLACK, end).search(/\s\S*$/);
    end -= space >= 0 && end - EDGE_SLACK + space >= firstEnd ? EDGE_SLACK - space : isLowSurrogate(text, end) ? 1 : 0;
  }
  return [start, end];
}

/**
 * The snippet of a search hit: up to 200 UTF-16 units of `text` around the first match, with a
 * highlight on each match of a query word inside it (`Café` for `cafe`, the `wea` of
 * "weather"); overlapping matches are one highlight, a match cut by the snippet's edge is cut too. Never cuts a surrogate pair.
 * `undefined` when some word does not occur in `text`, or there are no words: the index only
 * says that an entry may match, this confirms it.
 *
 * @internal
 */
export function searchSnippet(text: string, words: readonly SearchWord[]): SearchSnippet | undefined {
  if (words.length === 0) return undefined;
  const ranges = matches(text, words);
  if (ranges === undefined) return undefined;
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const [start, end] = snippetBounds(text, ranges[0]!);
  const highlights: Range[] = [];
  for (const [from, to] of ranges) {
    const clipped: Range = [Math.max(from, start) - start, Math.min(to, end) - start];
    if (clipped[0] >= clipped[1]) continue;
    const previous = highlights[highlights.length - 1];
    if (previous !== undefined && clipped[0] < previous[1]) previous[1] = Math.max(previous[1], clipped[1]);
    else highlights.push(clipped);
  }
  return { snippet: text.slice(start, end), highlights };
}
