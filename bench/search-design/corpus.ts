// A deterministic corpus of chat-like text for the search design measurements: words drawn from a
// synthetic vocabulary by Zipf's law (a few very common words, a long tail of rare ones).

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'sar', 'tu', 'vi', 'ren', 'do', 'pa', 'gu', 'shi', 'tor', 'el', 'an', 'ber', 'co', 'fi', 'ham', 'jo'];

/** `size` distinct words, most frequent first. */
export function vocabulary(size: number, next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 1 + Math.floor(next() * 4);
    let word = '';
    for (let index = 0; index < length; index++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Samples word ranks by Zipf's law (s = 1) over `size` words. */
export function zipf(size: number, next: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= size; rank++) cumulative.push((total += 1 / rank));
  return () => {
    const target = next() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** A message of `words` words of the vocabulary. */
export function sentence(words: readonly string[], rank: () => number, count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(words[rank()]!);
  return parts.join(' ');
}
