// The header's context meter: how much of the model's context window the next request fills,
// "~12.3k / 128k tokens" when estimated, "12.3k / 128k tokens · measured" when the provider's
// reported usage is the base (contextTokens). It turns amber past the auto-compact threshold.
import { contextTokens, type ContextTokens, type ConvologStore, type Entry } from '../../src/index.js';
import { h, replaceChildren } from '../shared/dom.js';

/** Entries the meter reads a request at a time, from the branch's end back. */
const METER_PAGE = 1000;
/** The most pages the meter reads: past them it says "at least" (a long chat's meter must not read it whole). */
const METER_PAGES = 8;

/** A context size as the meter shows it: `atLeast` when only the branch's end was read and it already fills the window. */
export interface MeterSize extends ContextTokens { atLeast?: boolean }

/**
 * The context of `conversationId`'s branch ending at `leafId` (default: the head's) as the next
 * request sends it, measured with the last reported usage.
 */
export async function measureContext(store: ConvologStore, conversationId: string, leafId?: string): Promise<ContextTokens> {
  const { compaction, entries } = await store.contextEntries(conversationId, leafId === undefined ? {} : { leafId });
  const context: Entry[] = compaction === undefined ? entries : [compaction, ...entries];
  return contextTokens(context);
}

/**
 * The meter's reading of the branch ending at `leafId`, read from its end back a page at a time
 * and no further than it must: to a reported usage (which covers everything before it), to the
 * compaction and the first message it keeps, to the branch's start, or until the estimate fills
 * `window` (then `atLeast`). Opening a 50,000-message chat read it whole in one request before.
 */
export async function measureContextTail(store: ConvologStore, conversationId: string, leafId: string | undefined, window: number): Promise<MeterSize> {
  let tail: Entry[] = [];
  for (let page = 0; page < METER_PAGES; page++) {
    const beforeSeq = tail[0]?.seq ?? Number.MAX_SAFE_INTEGER;
    const older = await store.entries(conversationId, { ...(leafId === undefined ? {} : { leafId }), beforeSeq, limit: METER_PAGE });
    tail = [...older, ...tail];
    const size = contextTokens(tail);
    if (older.length < METER_PAGE || size.measured || keepsFromInside(tail)) return size;
    if (window > 0 && size.tokens >= window) return { ...size, atLeast: true };
  }
  return { ...contextTokens(tail), atLeast: true };
}

/** Whether `tail` holds a compaction and the first message it keeps: the context starts inside it. */
function keepsFromInside(tail: readonly Entry[]): boolean {
  const compaction = [...tail].reverse().find((entry) => entry.type === 'compaction');
  return compaction?.type === 'compaction' && tail.some((entry) => entry.type === 'message' && entry.id === compaction.firstKeptId);
}

/** "850", "12.3k", "128k", "1.05M": a token count in a few characters. */
export function formatTokenCount(tokens: number): string {
  if (tokens < 1000) return String(Math.round(tokens));
  if (tokens < 1_000_000) return `${trim(tokens / 1000)}k`;
  return `${trim(tokens / 1_000_000)}M`;
}

function trim(value: number): string {
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return String(Number(value.toFixed(digits)));
}

/** The meter element and what it shows. */
export class ContextMeter {
  readonly element = h('span', { className: 'context-meter', testId: 'context-meter', attrs: { role: 'status' } });
  private size: MeterSize | undefined;
  private window = 0;
  private threshold = 0;

  /** Shows `size` (or hides the meter when `undefined`). */
  setSize(size: MeterSize | undefined): void {
    this.size = size;
    this.render();
  }

  /** The window to measure against and the auto-compact share of it (0..1; 0: off). */
  setWindow(window: number, threshold: number): void {
    this.window = window;
    this.threshold = threshold;
    this.render();
  }

  private render(): void {
    const { size, window } = this;
    this.element.hidden = size === undefined;
    if (size === undefined) return;
    const share = window > 0 ? size.tokens / window : 0;
    const text = `${size.atLeast === true ? '>' : size.measured ? '' : '~'}${formatTokenCount(size.tokens)} / ${formatTokenCount(window)} tokens`;
    replaceChildren(this.element, h('span', { className: 'context-meter-bar' }, h('span', {
      className: 'context-meter-fill', attrs: { style: `width: ${Math.min(100, Math.round(share * 100))}%` },
    })), h('span', { text }), size.measured ? h('span', { className: 'context-meter-measured', text: 'measured' }) : null);
    this.element.dataset.measured = String(size.measured);
    this.element.dataset.tokens = String(size.tokens);
    this.element.dataset.atLeast = String(size.atLeast === true);
    this.element.classList.toggle('is-near-limit', this.threshold > 0 && share >= this.threshold);
    this.element.title = size.atLeast === true
      ? 'At least this much, estimated from the newest messages: the chat is longer than the window. Compact it to send it.'
      : size.measured
        ? 'The provider\'s reported usage for the last reply, plus an estimate of what was said since.'
        : 'Estimated from the messages (no reply with reported usage since the last compaction).';
  }
}
