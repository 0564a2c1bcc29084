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
// A character and what composes with it: combining marks, Hangul vowel and final jamo, half-width
// kana voicing marks. Folded together so `e` + U+0301 and `ｶ` + `ﾞ` compose before folding.
const CLUSTER = /[^][\p{M}\u1160-\u11ff\uff9e\uff9f]*/uy;

let folds: Map<string, string> | undefined;

function fold(cluster: string): string {
  return cluster.normalize('NFKD').toLowerCase().replace(ACCENTS, '').normalize('NFC');
}

/**
 * Folds text for search: NFKC (full-width `ＯＳＬＯ` is `oslo`, `ﬁ` is `fi`), lowercase, and
 * combining accents (U+0300–U+036F) removed, so `Café` is `cafe`. Each character is folded with
 * the marks that follow it, which keeps a map back to the original positions for highlights.
 *
 * @internal
 */
export function normalizeForSearch(text: string): NormalizedText {
  const offsets: number[] = [];
  const cache = (folds ??= new Map());
  let folded = '';
  let index = 0;
  while (index < text.length) {
    const start = index;
    // ASCII folds to its lowercase, one unit for one: the common case, taken in runs.
    while (index < text.length && text.charCodeAt(index) < 0x80) offsets.push(index++);
    if (index > start) {
      folded += text.slice(start, index).toLowerCase();
      continue;
    }
    CLUSTER.lastIndex = index;
    CLUSTER.test(text);
    index = CLUSTER.lastIndex;
    const cluster = text.slice(start, index);
    let piece = cache.get(cluster);
    if (piece === undefined) {
      piece = fold(cluster);
      if (cache.size > 50_000) cache.clear();
      cache.set(cluster, piece);
    }
    folded += piece;
    for (let unit = 0; unit < piece.length; unit++) offsets.push(start);
  }
  offsets.push(text.length);
  return { text: folded, offsets };
}
