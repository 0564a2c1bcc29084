// The offline summarizer used by "Compact" when no endpoint is configured: extractive, so
// the summary only ever holds sentences that were really said (no invented facts).

/**
 * Picks the most representative sentences of `prompt` (a compaction digest, possibly with a
 * previous summary), keeps them in their original order, and stops at about `words` words.
 * @example extractiveSummary(digest, 120)
 */
export function extractiveSummary(prompt: string, words: number): string {
  const sentences = splitSentences(prompt);
  if (sentences.length === 0) return 'An earlier part of this chat (no text to summarize).';
  const frequencies = wordFrequencies(sentences);
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, score: score(sentence, frequencies, index, sentences.length) }))
    .sort((left, right) => right.score - left.score || left.index - right.index);
  const chosen: typeof ranked = [];
  let total = 0;
  for (const candidate of ranked) {
    const count = wordCount(candidate.sentence);
    if (total + count > words && chosen.length > 0) continue;
    chosen.push(candidate);
    total += count;
    if (total >= words) break;
  }
  return chosen
    .sort((left, right) => left.index - right.index)
    .map((candidate) => candidate.sentence)
    .join('\n');
}

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have i if in into is it its me my of on or our so that the their them then there these this to was we were what when which who will with you your user assistant tool call result'.split(' '),
);

function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 2 && /\p{L}|\d/u.test(sentence))
    // Instruction lines of a summary prompt are not part of the conversation.
    .filter((sentence) => !/^(summari[sz]e|write|keep|update|you are|return|respond)\b/i.test(sentence));
}

function wordsOf(sentence: string): string[] {
  return sentence.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
}

function wordCount(sentence: string): number {
  return sentence.split(/\s+/).filter(Boolean).length;
}

function wordFrequencies(sentences: readonly string[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of wordsOf(sentence)) {
      if (STOP_WORDS.has(word) || word.length < 3) continue;
      frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    }
  }
  return frequencies;
}

function score(sentence: string, frequencies: ReadonlyMap<string, number>, index: number, total: number): number {
  const words = wordsOf(sentence).filter((word) => !STOP_WORDS.has(word));
  if (words.length === 0) return 0;
  const weight = words.reduce((sum, word) => sum + (frequencies.get(word) ?? 0), 0) / Math.sqrt(words.length);
  // Tool results carry the facts (numbers, places): favour them, and the opening of the chat.
  const facts = /\d/.test(sentence) ? 1.5 : 1;
  const position = index === 0 ? 1.3 : 1 + 0.2 * (index / Math.max(1, total));
  return weight * facts * position;
}
