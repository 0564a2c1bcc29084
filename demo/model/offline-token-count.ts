// How the offline assistant counts tokens for the usage it reports and for its context limit,
// the way a provider's tokenizer would and independently of convolog's estimate (so "measured"
// in the header means something): a token per CJK character, kana or Hangul syllable, two per
// emoji, a token per four other characters, a few per message, and a fixed system prompt.
import type { Message } from '../../src/index.js';

/** What the offline assistant's own instructions would cost, sent with every request. */
const SYSTEM_TOKENS = 60;
/** Role markers and separators per message. */
const MESSAGE_TOKENS = 4;

const WIDE = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;
const ASTRAL = /[\u{10000}-\u{10ffff}]/gu;

/** The tokens of `text` by the offline assistant's count. */
export function offlineTextTokens(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  const astral = text.match(ASTRAL)?.length ?? 0;
  const rest = text.length - wide - astral * 2;
  return wide + astral * 2 + Math.ceil(rest / 4);
}

/** The prompt tokens of a request for `messages`, by the offline assistant's count. */
export function offlinePromptTokens(messages: readonly Message[]): number {
  let total = SYSTEM_TOKENS;
  for (const message of messages) total += MESSAGE_TOKENS + offlineTextTokens(textOf(message));
  return total;
}

function textOf(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => {
    if ('text' in part && typeof part.text === 'string') return part.text;
    if (part.type === 'tool_call') return part.name + part.arguments;
    return '';
  }).join('\n');
}
