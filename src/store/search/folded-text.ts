import type { Entry } from '../../core/entry.js';
import { foldForSearch } from '../../core/search-normalize.js';
import type { SearchWord } from '../../core/search-query.js';
import { searchableText } from '../../core/search-text.js';
import type { EntryRecord } from '../database/schema.js';

/**
 * The searchable text of a stored record folded as query words are, read before the record is
 * parsed; `undefined` when it does not have the shape (`readEntry` then decides). It depends on
 * the record alone, never on a query, so a search may keep it between queries (DESIGN §17.12).
 * @internal
 */
export function foldedTextOf(record: EntryRecord): string | undefined {
  let text: string;
  try {
    text = searchableText(record as unknown as Entry);
  } catch {
    return undefined;
  }
  // ASCII text folds by lowercasing alone (foldForSearch's own shortcut since DESIGN §17.13).
  return foldForSearch(text);
}

/**
 * Whether folded text may contain every query word: each word is in the folded text wherever it
 * matches (a word start or a substring), so a text without one of them is no hit. `undefined`
 * text: cannot tell. Most entries scanned fail this cheap test and are never parsed or segmented.
 * @internal
 */
export function mayContain(folded: string | undefined, words: readonly SearchWord[]): boolean {
  if (folded === undefined) return true;
  return words.every((word) => folded.includes(word.kind === 'prefix' ? word.term : word.text));
}
