/**
 * Text folded for search, with the way back: `offsets[i]` is where, in the original text, the
 * character that normalized unit `i` came from starts (UTF-16 units); `offsets[text.length]` is
 * the original length. Offsets never decrease and always sit on a code point boundary.
 *
 * @internal
 */
export interface NormalizedText {
  text: string;
  offsets: number[];
}

// Combining accents only: Devanagari matras, Hangul and kana voicing marks are not accents.
const ACCENTS = /[\u0300-\u036f]/g;
// What can compose with the character before it: combining marks, Hangul vowel and final jamo
// (compatibility jamo too), half-width kana voicing marks. Folded with that character, so that
// `e` + U+0301 is `é` before its accent goes, `ｶﾞ` is `ガ`, `ㄱㅏ` is `가`: as in one pass.
const MARK = /[\p{M}\u1160-\u11ff\u3131-\u318e\uff9e\uff9f]/u;
const CLUSTER = /[^][\p{M}\u1160-\u11ff\u3131-\u318e\uff9e\uff9f]*/uy;

// Code unit kinds, learned on first sight: SIMPLE folds to its lowercase, one unit for one, so a
// run of them folds with one toLowerCase (most text); MARK attaches to the character before it;
// OTHER (surrogates, compatibility forms, accented letters) is folded one cluster at a time.
const SIMPLE = 1;
const KIND_MARK = 2;
const OTHER = 3;
let kinds: Uint8Array | undefined;
let folds: Map<string, string> | undefined;

/**
 * `normalizeForSearch(text).text` in one pass of the platform's normalizer, without the map back:
 * what indexing needs, and all that the store loads up front.
 *
 * @internal
 */
export function foldForSearch(text: string): string {
  // ASCII is its own NFKD and NFC and has no accent or sigma: lowercasing is the whole fold, at
  // an eighth of the cost (a pasted 50 MB log: 0.2 s against 1.6 s in Node).
  if (!/[^\0-\x7f]/.test(text)) return text.toLowerCase();
  // Final sigma is sigma: `ΟΔΟΣ` folds letter by letter to `οδοσ`, and must find `οδος`.
  return text.normalize('NFKD').toLowerCase().replace(ACCENTS, '').replaceAll('ς', 'σ').normalize('NFC');
}

function kindOf(code: number): number {
  const character = String.fromCharCode(code);
  if (code >= 0xd800 && code < 0xe000) return OTHER;
  if (MARK.test(character)) return KIND_MARK;
  const lower = character.toLowerCase();
  // Capital sigma lowercases by context (to final ς), which a run must not depend on.
  return code !== 0x3a3 && lower.length === 1 && foldForSearch(character) === lower ? SIMPLE : OTHER;
}

function foldCluster(cluster: string): string {
  const cache = (folds ??= new Map());
  let folded = cache.get(cluster);
  if (folded !== undefined) return folded;
  folded = foldForSearch(cluster);
  if (cache.size >= 10_000) cache.clear();
  cache.set(cluster, folded);
  return folded;
}

/**
 * Folds text for search: NFKC (full-width `ＯＳＬＯ` is `oslo`, `ﬁ` is `fi`), lowercase, combining
 * accents (U+0300–U+036F) removed (`Café` is `cafe`) and final `ς` as `σ`. Each character is
 * folded with the marks that follow it, which keeps a map back to the original positions for
 * highlights, and makes the result the same however the text was cut.
 *
 * @internal
 */
export function normalizeForSearch(text: string): NormalizedText {
  const table = (kinds ??= new Uint8Array(0x10000));
  const offsets: number[] = [];
  let folded = '';
  let index = 0;
  while (index < text.length) {
    let end = index;
    let kind = SIMPLE;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      kind = table[code] || (table[code] = kindOf(code));
      if (kind !== SIMPLE) break;
      end++;
    }
    // The character before a mark folds with it.
    if (kind === KIND_MARK && end > index) end--;
    if (end > index) {
      folded += text.slice(index, end).toLowerCase();
      while (index < end) offsets.push(index++);
      continue;
    }
    CLUSTER.lastIndex = index;
    CLUSTER.test(text);
    const piece = foldCluster(text.slice(index, CLUSTER.lastIndex));
    folded += piece;
    for (let unit = 0; unit < piece.length; unit++) offsets.push(index);
    index = CLUSTER.lastIndex;
  }
  offsets.push(text.length);
  return { text: folded, offsets };
}
