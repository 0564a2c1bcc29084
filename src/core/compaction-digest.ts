import { contentText, type MediaLabels } from './content-text.js';
import { toolResultIndex } from './tool-result-index.js';
import type { MessageEntry } from './entry.js';
import type {
  AssistantBlock, AssistantMessage, Message, ProviderToolCallBlock, ToolCallBlock, ToolMessage,
} from './message.js';

/** The words a digest (and a `HistoryView`) writes around the conversation's own text; replace them to localize. */
export interface DigestLabels extends MediaLabels {
  /** Starts a user message's block: `User: …`. */
  user: string;
  /** Starts an assistant message's block: `Assistant: …`. */
  assistant: string;
  /** Starts the block of a tool result whose call is not in view: `Tool get_weather: …`. */
  tool: string;
  /** Marks a failed tool call's result: `= error: …`. */
  error: string;
}

/** The English labels every digest and view uses unless given others. */
export const DEFAULT_DIGEST_LABELS: Readonly<DigestLabels> = Object.freeze({
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool',
  error: 'error',
  image: 'image',
  file: 'file',
});

/** Options of {@link buildCompactionDigest}. */
export interface DigestOptions {
  /** The most code points of a tool call's arguments and of its result kept on its line (default 200). */
  clip?: number;
  /** Words to use instead of {@link DEFAULT_DIGEST_LABELS}; missing ones keep their default. */
  labels?: Partial<DigestLabels>;
}

const DEFAULT_CLIP = 200;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const LINE_BREAKS = /\s*[\n\r\u2028\u2029]\s*/g;

/**
 * A plain-text digest of the messages being compacted away, to hand to the summarizing model.
 *
 * One block per user or assistant message (`User: …`, `Assistant: …`, blocks separated by a
 * blank line), and in an assistant's block one line per tool call carrying its result:
 * `→ get_weather({"city":"Oslo"}) = {"temp":5}`. The result is found through the tool message
 * answering the call in the run right after it (provider tool results in the same message);
 * arguments and result are each clipped to `clip` code points, never splitting a surrogate
 * pair, with `…` appended when clipped, and their line breaks folded so a call stays one line.
 * Tool messages get no block of their own, reasoning is left out, blank messages without calls
 * are skipped. `null` when nothing substantive remains.
 *
 * Accepts plain messages or message entries. One pass, no copies of message text.
 *
 * @example
 * const cut = planCut(messages, 20_000)
 * const digest = cut === null ? null : buildCompactionDigest(messages.slice(0, cut))
 */
export function buildCompactionDigest(
  items: readonly (Message | MessageEntry)[],
  options: DigestOptions = {},
): string | null {
  const clip = options.clip ?? DEFAULT_CLIP;
  const labels = options.labels ? { ...DEFAULT_DIGEST_LABELS, ...options.labels } : DEFAULT_DIGEST_LABELS;
  const messages = items.map((item) => ('role' in item ? item : item.message));
  let digest = '';
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    let block = '';
    if (message.role === 'user') block = userBlock(contentText(message.content, labels), labels);
    else if (message.role === 'assistant') block = assistantBlock(messages, index, message, clip, labels);
    if (block === '') continue;
    digest = digest === '' ? block : digest + '\n\n' + block;
  }
  return digest === '' ? null : digest;
}

function userBlock(text: string, labels: DigestLabels): string {
  const trimmed = text.trim();
  return trimmed === '' ? '' : `${labels.user}: ${trimmed}`;
}

function assistantBlock(
  messages: readonly Message[],
  index: number,
  message: AssistantMessage,
  clip: number,
  labels: DigestLabels,
): string {
  const text = contentText(message.content, labels).trim();
  let block = text === '' ? `${labels.assistant}:` : `${labels.assistant}: ${text}`;
  let calls = 0;
  for (const content of message.content) {
    if (content.type !== 'tool_call' && content.type !== 'provider_tool_call') continue;
    const result = content.type === 'tool_call'
      ? clientResult(messages, index, content, clip, labels)
      : providerResult(message.content, content, clip);
    block += `\n→ ${content.name}(${clipLine(content.arguments, clip)})${result === undefined ? '' : ` = ${result}`}`;
    calls++;
  }
  return text === '' && calls === 0 ? '' : block;
}

/** The clipped result of a client tool call, from the run of tool messages after its message. */
function clientResult(
  messages: readonly Message[], callIndex: number, call: ToolCallBlock, clip: number, labels: DigestLabels,
): string | undefined {
  const resultIndex = toolResultIndex(messages, callIndex, call.id);
  return resultIndex === undefined ? undefined : toolResultLine(messages[resultIndex] as ToolMessage, clip, labels);
}

function toolResultLine(message: ToolMessage, clip: number, labels: DigestLabels): string {
  const result = clipLine(contentText(message.content, labels), clip);
  return message.isError === true ? `${labels.error}: ${result}` : result;
}

function providerResult(blocks: readonly AssistantBlock[], call: ProviderToolCallBlock, clip: number): string | undefined {
  for (const block of blocks) {
    if (block.type === 'provider_tool_result' && block.toolCallId === call.id) {
      return clipLine(JSON.stringify(block.value) ?? '', clip);
    }
  }
  return undefined;
}

/**
 * `text` trimmed, clipped to `clip` code points (a surrogate pair counts as one and is never
 * split) with `…` appended when clipped, and its line breaks folded into single spaces.
 * Only the kept head is scanned, so a huge result costs no more than a short one.
 */
function clipLine(text: string, clip: number): string {
  const trimmed = text.trim();
  // A text no longer in code units than `clip` has at most `clip` code points: nothing to clip.
  if (trimmed.length <= clip) return foldLineBreaks(trimmed);
  let end = 0;
  for (let count = 0; count < clip && end < trimmed.length; count++) {
    end += isSurrogatePairAt(trimmed, end) ? 2 : 1;
  }
  return foldLineBreaks(end >= trimmed.length ? trimmed : `${trimmed.slice(0, end)}…`);
}

function foldLineBreaks(text: string): string {
  // Testing first is cheaper than a replace that allocates, and most lines have no break.
  return LINE_BREAK.test(text) ? text.replace(LINE_BREAKS, ' ') : text;
}

function isSurrogatePairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}
