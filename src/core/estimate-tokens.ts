import type { AssistantBlock, Message, ToolResultPart, UserPart } from './message.js';
import { buildTokenTable, COST_SHIFT, ROW_MASK, TRANSITION_COUNT, UNITS_PER_TOKEN } from './script-token-table.js';

/**
 * Turns a message into an estimated token count. Every planner takes one through its
 * `estimate` option, so a real tokenizer can replace the default {@link estimateMessageTokens}.
 */
export type TokenEstimator = (message: Message) => number;

/**
 * Characters per token of the 0.1 estimate (`ceil(length / 4)`). {@link estimateTokens} no longer
 * uses it; `HistoryView` still sizes its pages with it (a page is for reading, not a budget).
 */
export const CHARS_PER_TOKEN = 4;

/** What a message costs beyond its content (role markers, separators) on the usual wire formats. */
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * What one image or file part is assumed to cost. Providers charge by resolution or page count,
 * which the stored message does not always know. Anthropic caps an image near 1,600 tokens,
 * OpenAI charges 765 for a 1024×1024 image at high detail, Gemini 258 per image tile: the
 * highest of these keeps planning from undercounting.
 */
const MEDIA_TOKENS = 1600;

// The tables are module-level constants, filled on first use, rather than fields of an object
// built on first use: V8's optimizing compiler then knows the arrays themselves and stops
// reloading their length and data pointer for every code unit (measured 1.5× faster). The cost
// is 75 KB of zeroed memory from import on, whether or not anything is estimated.
const kinds = /* @__PURE__ */ new Uint8Array(65536);
const transitions = /* @__PURE__ */ new Int32Array(TRANSITION_COUNT);
let built = false;

// Called through `call` rather than as `text.charCodeAt`: the method lookup on the string then
// cannot turn megamorphic when texts of many string representations pass by (seen to make the
// loop 4–5× slower once short tool names and ids mixed with long texts).
const charCodeAt = String.prototype.charCodeAt;

/**
 * A cheap estimate of the tokens in `text`, meant never to undercount by much whatever the
 * script: on a corpus of chat text it lands between 1.0× and 1.5× of what OpenAI's o200k
 * tokenizer counts for English, code, JSON, Markdown, Chinese, Japanese, Korean, Russian,
 * Arabic, Hindi, emoji-heavy text and base64, and for indented JSON, YAML, logs, stack traces,
 * Markdown tables, diffs, minified code, CSV and indented Python, on samples it was fitted on
 * and on samples held out (see `bench/RESULTS.md` for the table).
 *
 * It is not a tokenizer: one pass over the UTF-16 code units classifies each by Unicode range
 * (Latin letters, digits, punctuation, spaces, CJK ideographs, kana, Hangul, Cyrillic, Arabic,
 * Indic scripts, emoji) and a small state machine charges words, digit groups, punctuation
 * runs, indentation, CJK characters and emoji what tokenizers typically make of them; a Latin
 * run that keeps switching case and digits (base64, hex, keys) is charged per character. It
 * costs about 2.5–5 ms of CPU time per MB of text in Node 20 (10 MB of chat messages in 25–50 ms
 * of CPU time on a shared, loaded 2-core machine: about 0.5–0.75× `JSON.stringify` of the same
 * messages, where a bare `charCodeAt` loop over them is 0.46–0.5×), allocates nothing, and fills
 * its tables (64 KB of code-unit classes, 11 KB of transitions, allocated at import) on first use.
 * Pass a real tokenizer as `estimate` where exact counts matter.
 *
 * @example estimateTokens('Hello, world!') // 5 (o200k: 4)
 */
export function estimateTokens(text: string): number {
  if (!built) {
    buildTokenTable(kinds, transitions);
    built = true;
  }
  // Imported bindings copied into locals: an unbundled module (vitest, Vite's dev server) reads
  // an import through a getter, which the loop below must not pay per code unit.
  const rowMask = ROW_MASK;
  const costShift = COST_SHIFT;
  // `row` is the current state's row in `transitions` (state << 5).
  let row = 0;
  let units = 0;
  let index = 0;
  const length = text.length;
  // Two code units a turn: the loop's own checks are paid once a pair (about 10% less CPU).
  for (; index + 1 < length; index += 2) {
    const first = transitions[row | (kinds[charCodeAt.call(text, index)] as number)] as number;
    const second = transitions[(first & rowMask) | (kinds[charCodeAt.call(text, index + 1)] as number)] as number;
    row = second & rowMask;
    units = (units + (first >> costShift) + (second >> costShift)) | 0;
  }
  if (index < length) units += (transitions[row | (kinds[charCodeAt.call(text, index)] as number)] as number) >> costShift;
  return Math.ceil(units / UNITS_PER_TOKEN);
}

/**
 * The estimated tokens a provider sees for `message`: the text of every block (reasoning and
 * refusals included), each tool call's name and arguments, tool results (text or parts), the
 * JSON of provider tool blocks and raw `other` items, a fixed 1000 tokens per image or
 * file, plus a small per-message overhead.
 *
 * @example estimateMessageTokens(user('What is the weather in Oslo?')) // 12
 */
export function estimateMessageTokens(message: Message): number {
  if (message.role === 'assistant') return MESSAGE_OVERHEAD_TOKENS + assistantTokens(message.content);
  const content = contentTokens(message.content);
  if (message.role === 'user') return MESSAGE_OVERHEAD_TOKENS + content;
  return MESSAGE_OVERHEAD_TOKENS + estimateTokens(message.toolName) + content;
}

function contentTokens(content: string | readonly (UserPart | ToolResultPart)[]): number {
  if (typeof content === 'string') return estimateTokens(content);
  let total = 0;
  for (const part of content) total += partTokens(part);
  return total;
}

function partTokens(part: UserPart | ToolResultPart): number {
  switch (part.type) {
    case 'text': return estimateTokens(part.text);
    case 'image':
    case 'file': return MEDIA_TOKENS;
    case 'other': return jsonTokens(part.value);
  }
}

function assistantTokens(blocks: readonly AssistantBlock[]): number {
  let total = 0;
  for (const block of blocks) total += blockTokens(block);
  return total;
}

function blockTokens(block: AssistantBlock): number {
  switch (block.type) {
    case 'text':
    case 'reasoning':
    case 'refusal': return estimateTokens(block.text);
    case 'tool_call':
    case 'provider_tool_call': return estimateTokens(block.name) + estimateTokens(block.arguments);
    case 'provider_tool_result':
    case 'other': return jsonTokens(block.value);
    case 'image': return MEDIA_TOKENS;
  }
}

function jsonTokens(value: unknown): number {
  // Stored values are plain JSON; `undefined` (an absent value) stringifies to nothing.
  return estimateTokens(JSON.stringify(value) ?? '');
}
