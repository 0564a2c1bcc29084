import type { Entry } from '../../core/entry.js';
import { indexTerms } from '../../core/index-terms.js';
import { searchableText } from '../../core/search-text.js';
import type { SearchKey } from './schema.js';
import { keysOfTerms } from './search-keys.js';

/**
 * The search keys of an entry: the index terms of its searchable text (DESIGN §11), as
 * {@link keysOfTerms}.
 * @internal
 */
export function searchKeysOf(entry: Entry): SearchKey[] {
  return keysOfTerms(entry, indexTerms(searchableText(entry)));
}
