// The search bench's chats: a deterministic history of `messages` messages in `conversations`
// conversations, each conversation generated on its own from its index (so the page never holds
// the whole history), mostly English with French, German, Russian and Chinese conversations and
// mixed-in messages. Two query words are planted a known number of times, so the rare-word
// figures know how many hits to expect; the common words come from the top of the Zipf ranks.
import { assistant, user, type Message } from '../../src/core/index.js';
import { seededRandom } from '../core/seeded-random.js';
import { vocabularyOf, type Language } from './vocabulary.js';

/** How big a history to generate. */
export interface CorpusSize {
  messages: number;
  conversations: number;
}

/** The scale: 200,000 messages in 2,000 conversations. */
export const FULL_SIZE: CorpusSize = { messages: 200_000, conversations: 2_000 };

/** A rare word, planted in exactly {@link PLANTED_COUNT} messages (and never generated). */
export const RARE_WORD = 'lofoten';
/** A rare Chinese word (Oslo), planted like {@link RARE_WORD}; its characters are not in the generated words. */
export const RARE_CHINESE = '奥斯陆';
/** How many messages hold each planted word. */
export const PLANTED_COUNT = 12;
/** Two common English words (ranks 21 and 22 of the English list), searched together. */
export const COMMON_QUERY = 'time file';

const PLANTED = new Set([RARE_WORD, RARE_CHINESE]);
const SEED = 20_261_202;

/** Each conversation's main language, by weight; a conversation also mixes in other languages. */
const LANGUAGES: readonly [Language, number][] = [['en', 0.62], ['fr', 0.1], ['de', 0.08], ['ru', 0.1], ['zh', 0.1]];
const MIXED_IN = 0.15;

function languageOf(draw: number): Language {
  let total = 0;
  for (const [language, weight] of LANGUAGES) {
    total += weight;
    if (draw < total) return language;
  }
  return 'en';
}

/** One sentence of `count` words in `language`: Chinese without spaces, the others with them. */
function sentence(language: Language, count: number, random: () => number): string {
  const vocabulary = vocabularyOf(language, PLANTED);
  const words: string[] = [];
  for (let index = 0; index < count; index += 1) words.push(vocabulary.word(random()));
  if (language === 'zh') return `${words.join('')}${random() < 0.2 ? '？' : '。'}`;
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  if (count > 8 && random() < 0.5) words[Math.floor(count / 2)] += ',';
  return `${words.join(' ')}${random() < 0.2 ? '?' : '.'}`;
}

/** Text of `wordCount` words in sentences of 4–16 words. */
export function paragraph(language: Language, wordCount: number, random: () => number): string {
  const sentences: string[] = [];
  let left = wordCount;
  while (left > 0) {
    const count = Math.min(left, 4 + Math.floor(random() * 13));
    sentences.push(sentence(language, count, random));
    left -= count;
  }
  return sentences.join(language === 'zh' ? '' : ' ');
}

/** Which planted words message `message` of conversation `conversation` holds: spread evenly over the history. */
function plantedIn(size: CorpusSize, conversation: number, message: number): string[] {
  const perConversation = messagesPerConversation(size);
  const total = perConversation * size.conversations;
  const here = conversation * perConversation + message;
  const planted: string[] = [];
  for (let index = 0; index < PLANTED_COUNT; index += 1) {
    const at = Math.floor(((index + 0.5) * total) / PLANTED_COUNT);
    if (at === here) planted.push(RARE_WORD);
    if ((at + 1) % total === here) planted.push(RARE_CHINESE);
  }
  return planted;
}

/** Messages per conversation (the remainder of an uneven split is dropped). */
export function messagesPerConversation(size: CorpusSize): number {
  return Math.max(2, Math.floor(size.messages / size.conversations));
}

/** User prompts are short (4–60 words), answers long (20–260 words): about 80 words a message. */
function wordCountOf(role: 'user' | 'assistant', random: () => number): number {
  const skewed = random() * random();
  return role === 'user' ? 4 + Math.floor(skewed * 112) : 20 + Math.floor(random() * 240);
}

/** Conversation `index` of the history: user and assistant messages in turn, the same in every run. */
export function conversationMessages(size: CorpusSize, index: number): Message[] {
  const random = seededRandom(SEED + index * 7919);
  const main = languageOf(random());
  const messages: Message[] = [];
  for (let position = 0; position < messagesPerConversation(size); position += 1) {
    const role = position % 2 === 0 ? 'user' : 'assistant';
    const language = random() < MIXED_IN ? languageOf(random()) : main;
    let text = paragraph(language, wordCountOf(role, random), random);
    for (const word of plantedIn(size, index, position)) text += word === RARE_CHINESE ? ` 我想去${word}旅行。` : ` Trip to ${capitalized(word)}?`;
    messages.push(role === 'user' ? user(text) : assistant(text));
  }
  return messages;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The `index`-th message of exactly `words` English words (the append figure's 300-word message); user and assistant in turn. */
export function longMessage(index: number, words = 300): Message {
  const text = paragraph('en', words, seededRandom(SEED - 1 - index));
  return index % 2 === 0 ? user(text) : assistant(text);
}
