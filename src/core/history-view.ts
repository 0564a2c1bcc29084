import { DEFAULT_DIGEST_LABELS, type DigestLabels } from './compaction-digest.js';
import { contentText } from './content-text.js';
import type { MessageEntry } from './entry.js';
import { CHARS_PER_TOKEN } from './estimate-tokens.js';
import type { AssistantMessage, Message, ToolMessage } from './message.js';
import { toolResultIndex } from './tool-result-index.js';

/** Where an entry appears in a {@link HistoryView}: its 1-based page and its 0-based block. */
export interface HistoryLocation {
  page: number;
  block: number;
}

interface CallLine {
  line: string;
  results: string[];
}

interface Block {
  head: string;
  calls: CallLine[];
}

/**
 * A plain-text view of message entries (typically the part a compaction folded away) that an
 * app or a model can page through without anything being clipped.
 *
 * The text has one block per user or assistant message (`User: …`, `Assistant: …`, separated by
 * a blank line); an assistant's block lists its tool calls (`→ name(arguments)`) each followed
 * by its full result (`= …`), so a tool message has no block of its own and its id resolves to
 * the block of the call it answers. A tool result that answers no call in place (its call is
 * not among the entries, or it is not in the run right after it) gets a block of its own
 * (`Tool name: …`).
 *
 * Pages are measured in characters ÷ 4 (`CHARS_PER_TOKEN`) and tile the text exactly:
 * joined in order they give `text` back. A page ends on a line boundary, at the last blank line
 * that fits when that keeps the page at least half full, else at the last line that fits; a
 * single line longer than a page is a page of its own.
 *
 * @example
 * const view = HistoryView.render(entries.slice(0, cut))
 * for (let n = 1; n <= view.pageCount(2_000); n++) show(view.page(2_000, n))
 */
export class HistoryView {
  /** The whole rendered text: every page concatenated. */
  readonly text: string;
  private readonly blockStarts: readonly number[];
  private readonly blockById: ReadonlyMap<string, number>;
  private readonly pageStartsByBudget = new Map<number, readonly number[]>();

  private constructor(text: string, blockStarts: readonly number[], blockById: ReadonlyMap<string, number>) {
    this.text = text;
    this.blockStarts = blockStarts;
    this.blockById = blockById;
  }

  /**
   * Renders message entries in the order given. `labels` localizes the words around the
   * conversation's own text (the same labels as `buildCompactionDigest`).
   */
  static render(
    entries: readonly MessageEntry[],
    options: { labels?: Partial<DigestLabels> } = {},
  ): HistoryView {
    const labels = options.labels ? { ...DEFAULT_DIGEST_LABELS, ...options.labels } : DEFAULT_DIGEST_LABELS;
    const messages = entries.map((entry) => entry.message);
    const blocks: Block[] = [];
    const blockById = new Map<string, number>();
    // Tool messages shown under the call they answer: they get no block of their own.
    const folded = new Set<number>();
    entries.forEach((entry, index) => {
      const { message } = entry;
      if (message.role === 'tool' && folded.has(index)) return;
      const blockIndex = blocks.length;
      blockById.set(entry.id, blockIndex);
      if (message.role === 'tool') {
        blocks.push({ head: `${labels.tool} ${message.toolName}: ${resultText(message, labels)}`, calls: [] });
      } else if (message.role === 'user') {
        blocks.push({ head: withText(labels.user, contentText(message.content, labels)), calls: [] });
      } else {
        blocks.push(assistantBlock(messages, index, labels, (resultIndex) => {
          folded.add(resultIndex);
          blockById.set(entries[resultIndex]!.id, blockIndex);
        }));
      }
    });
    const { text, starts } = assemble(blocks);
    return new HistoryView(text, starts, blockById);
  }

  /** How many blocks the text has (one per user or assistant message, plus unanswerable results). */
  get blockCount(): number {
    return this.blockStarts.length;
  }

  /** How many pages of at most `pageTokens` estimated tokens the text makes; 0 for an empty view. */
  pageCount(pageTokens: number): number {
    return this.pageStarts(pageTokens).length;
  }

  /** Page `n` (1-based) of at most `pageTokens` estimated tokens; `undefined` out of range. */
  page(pageTokens: number, n: number): string | undefined {
    const starts = this.pageStarts(pageTokens);
    if (!Number.isInteger(n) || n < 1 || n > starts.length) return undefined;
    return this.text.slice(starts[n - 1], starts[n] ?? this.text.length);
  }

  /** The page (1-based) on which the block of entry `entryId` starts, and that block (0-based). */
  locate(pageTokens: number, entryId: string): HistoryLocation | undefined {
    const block = this.blockById.get(entryId);
    if (block === undefined) return undefined;
    const offset = this.blockStarts[block] as number;
    const starts = this.pageStarts(pageTokens);
    return { page: lastAtOrBefore(starts, offset) + 1, block };
  }

  /** The 0-based order of the block showing entry `entryId` (a tool result: its call's block). */
  orderOf(entryId: string): number | undefined {
    return this.blockById.get(entryId);
  }

  private pageStarts(pageTokens: number): readonly number[] {
    const cached = this.pageStartsByBudget.get(pageTokens);
    if (cached) return cached;
    const starts = paginate(this.text, pageTokens * CHARS_PER_TOKEN);
    this.pageStartsByBudget.set(pageTokens, starts);
    return starts;
  }
}

function withText(label: string, text: string): string {
  return text === '' ? `${label}:` : `${label}: ${text}`;
}

/** The block of the assistant message at `index`, each call followed by its result; `fold` hears of every tool message shown. */
function assistantBlock(
  messages: readonly Message[], index: number, labels: DigestLabels, fold: (resultIndex: number) => void,
): Block {
  const message = messages[index] as AssistantMessage;
  const calls: CallLine[] = [];
  for (const content of message.content) {
    if (content.type === 'tool_call') {
      const resultIndex = toolResultIndex(messages, index, content.id);
      if (resultIndex !== undefined) fold(resultIndex);
      const results = resultIndex === undefined ? [] : [resultLine(messages[resultIndex] as ToolMessage, labels)];
      calls.push({ line: `→ ${content.name}(${content.arguments})`, results });
    } else if (content.type === 'provider_tool_call') {
      calls.push({ line: `→ ${content.name}(${content.arguments})`, results: providerResults(message, content.id) });
    }
  }
  return { head: withText(labels.assistant, contentText(message.content, labels)), calls };
}

function providerResults(message: AssistantMessage, callId: string): string[] {
  const results: string[] = [];
  for (const block of message.content) {
    if (block.type === 'provider_tool_result' && block.toolCallId === callId) {
      results.push(`= ${JSON.stringify(block.value) ?? ''}`);
    }
  }
  return results;
}

function resultText(message: ToolMessage, labels: DigestLabels): string {
  const text = contentText(message.content, labels);
  return message.isError === true ? `${labels.error}: ${text}` : text;
}

function resultLine(message: ToolMessage, labels: DigestLabels): string {
  return `= ${resultText(message, labels)}`;
}

function assemble(blocks: readonly Block[]): { text: string; starts: number[] } {
  const parts: string[] = [];
  const starts: number[] = [];
  let offset = 0;
  for (const block of blocks) {
    let text = block.head;
    for (const call of block.calls) {
      text += `\n${call.line}`;
      for (const result of call.results) text += `\n${result}`;
    }
    starts.push(offset);
    parts.push(text);
    offset += text.length + 2;
  }
  return { text: parts.join('\n\n'), starts };
}

/**
 * The start offsets of the pages of `text`, each at most `maxChars` long where lines allow.
 * Every page ends on a line boundary: the last blank line that fits if it fills at least half
 * the page, else the last line that fits; a line longer than a page is a page by itself.
 */
function paginate(text: string, maxChars: number): number[] {
  const starts: number[] = [];
  let start = 0;
  while (start < text.length) {
    starts.push(start);
    start = pageEnd(text, start, maxChars);
  }
  return starts;
}

function pageEnd(text: string, start: number, maxChars: number): number {
  const limit = start + maxChars;
  if (limit >= text.length) return text.length;
  let lastLine = -1;
  let lastBlank = -1;
  let newline = text.indexOf('\n', start);
  while (newline !== -1 && newline + 1 <= limit) {
    lastLine = newline + 1;
    if (newline > 0 && text.charCodeAt(newline - 1) === 10) lastBlank = lastLine;
    newline = text.indexOf('\n', lastLine);
  }
  if (lastLine === -1) return newline === -1 ? text.length : newline + 1;
  if (lastBlank !== -1 && lastBlank - start >= maxChars / 2) return lastBlank;
  return lastLine;
}

/** The index of the last element of ascending `sorted` that is at most `value` (0 when none). */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sorted[middle] as number) <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
