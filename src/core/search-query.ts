import { foldForSearch } from './search-normalize.js';
import { cutTerm, runCharacters, searchWords } from './search-terms.js';

/**
 * One word of a search query. `prefix`: a word that must start some index term of the entry
 * (`wea` finds "weather"). `substring`: a run of Han, kana, Hangul, Thai, Lao, Khmer or Myanmar that must occur in the text;
 * every one of its `terms` (its bigrams, or its one character as a prefix) must be in the index,
 * and the snippet then checks the run itself.
 *
 * @internal
 */
export type SearchWord = { kind: 'prefix'; term: string } | { kind: 'substring'; text: string; terms: string[] };

function bigrams(run: string): string[] {
  const characters = runCharacters(run);
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/**
 * Splits a query into the words an entry must all contain, folded as the index is. A blank
 * query, or one without any letter or digit, has no words.
 *
 * @internal
 */
export function parseSearchQuery(query: string): SearchWord[] {
  const words: SearchWord[] = [];
  searchWords(foldForSearch(query), (word, _start, run) => {
    if (!run) {
      words.push({ kind: 'prefix', term: cutTerm(word) });
      return;
    }
    const terms = bigrams(word);
    words.push({ kind: 'substring', text: word, terms: terms.length > 0 ? terms : [word] });
  });
  return words;
}

/** The terms of `word` that an entry's index must hold, each as the start of one of its terms. @internal */
export function wordTerms(word: SearchWord): string[] {
  return word.kind === 'prefix' ? [word.term] : word.terms;
}

/**
 * Whether an entry's index terms satisfy every query word: each of its terms starts some index
 * term. A substring word passing here still needs `searchSnippet` to find it in the text.
 *
 * @internal
 */
export function matchesTerms(terms: readonly string[], words: readonly SearchWord[]): boolean {
  return words.every((word) => wordTerms(word).every((needle) => terms.some((term) => term.startsWith(needle))));
}
