import type { AssistantBlock, Message, ToolResultPart, UserPart } from './message.js';

/**
 * Turns a message into an estimated token count. Every planner takes one through its
 * `estimate` option, so a real tokenizer can replace the default {@link estimateMessageTokens}.
 */
export type TokenEstimator = (message: Message) => number;

/**
 * Characters per token assumed by {@link estimateTokens}: about right for English prose and
 * code with current tokenizers, conservative enough for most other scripts.
 */
export const CHARS_PER_TOKEN = 4;

/** What a message costs beyond its content (role markers, separators) on the usual wire formats. */
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * What one image or file part is assumed to cost. Providers charge by resolution or page count,
 * which the stored message does not always know; a fixed mid-sized figure keeps planning honest.
 */
const MEDIA_TOKENS = 1000;

/**
 * A cheap estimate of the tokens in `text`: `ceil(length / 4)` in UTF-16 code units.
 * It is an estimate, not a tokenizer; pass a real one as `estimate` where precision matters.
 *
 * @example estimateTokens('Hello, world!') // 4
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * The estimated tokens a provider sees for `message`: the text of every block (reasoning and
 * refusals included), each tool call's name and arguments, tool results (text or parts), the
 * JSON of provider tool blocks and raw `other` items, a fixed 1000 tokens per image or
 * file, plus a small per-message overhead.
 *
 * @example estimateMessageTokens(user('What is the weather in Oslo?')) // 11
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
