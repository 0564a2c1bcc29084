import { buildCompactionDigest } from '../core/compaction-digest.js';
import { contextTokens } from '../core/context-tokens.js';
import type { CompactionEntry, Entry } from '../core/entry.js';
import { estimateMessageTokens, type TokenEstimator } from '../core/estimate-tokens.js';
import { planCut } from '../core/plan-cut.js';
import { rollSummaryPrompt, summarySystemPrompt } from '../core/summary-prompts.js';
import { throwIfAborted } from './database/aborted-error.js';
import type { ConvologStore } from './convolog-store.js';
import { notFound } from './database/read-record.js';

const OPERATION = 'The compaction';

/** What {@link compactConversation} hands the summarizing model. */
export interface SummarizeRequest { system: string; prompt: string; signal?: AbortSignal }

/** Options of {@link compactConversation}. */
export interface CompactConversationOptions {
  /** Calls the model; resolves with the summary text. */
  summarize: (request: SummarizeRequest) => Promise<string>;
  /**
   * How many tokens of recent messages to keep verbatim (the rest is folded into the summary).
   * Alone, it compacts whenever there is something worth folding. With `contextWindow` it is what
   * a compaction folds down to; it then defaults to a quarter of the window.
   */
  tailTokens?: number;
  /**
   * The model's context window in tokens. Given, the conversation is compacted only once its
   * context (`contextTokens`: the provider's last reported usage plus an estimate of what
   * followed) passes `threshold × contextWindow`; below that the call returns `null`.
   */
  contextWindow?: number;
  /** The share of `contextWindow` past which to compact, in (0, 1]. Default 0.8. Needs `contextWindow`. */
  threshold?: number;
  /** The summary's length budget, in words. Default 250. */
  words?: number;
  /** Aborting it stops the compaction (`aborted`); nothing is written. */
  signal?: AbortSignal;
  /** The token estimate per message. Default `estimateMessageTokens`. */
  estimate?: TokenEstimator;
  /** The branch to compact: its last entry. Default: the head's branch (as it is when the call starts). */
  leafId?: string;
}

/** The share of the window a compaction folds down to when `contextWindow` is given without `tailTokens`. */
const DEFAULT_TAIL_SHARE = 0.25;
/** Compact past this share of `contextWindow` unless told otherwise. */
const DEFAULT_THRESHOLD = 0.8;

/**
 * Folds the older part of a branch's context (the head's, or `leafId`'s) into a summary: plans the cut over the kept
 * tail, builds the digest of what is folded away, asks `summarize` (rolling the previous summary
 * in after a first compaction) and appends the compaction with `expectedLastSeq`, so a
 * conversation that moved on meanwhile throws `conflict` instead of losing messages. `null` when
 * nothing is worth folding. If `summarize` throws or the signal aborts (`aborted`), nothing is written.
 *
 * With `contextWindow`, it first measures the context (`contextTokens`, calibrated by the last
 * turn's reported usage) and returns `null` unless it passes `threshold` (default 0.8) of the
 * window; then it folds down to `tailTokens` (default: a quarter of the window). The compaction
 * records that measured size as `tokensBefore`.
 *
 * @example
 * // Before each turn: compact only when the context passed 80% of a 128k window.
 * await compactConversation(store, id, { contextWindow: 128_000, threshold: 0.8, summarize })
 * @example
 * const compaction = await compactConversation(store, id, {
 *   tailTokens: 8_000,
 *   summarize: ({ system, prompt, signal }) => callModel({ system, messages: [user(prompt)], signal }),
 * })
 */
export async function compactConversation(
  store: ConvologStore, id: string, options: CompactConversationOptions,
): Promise<CompactionEntry | null> {
  const { signal } = options;
  const budget = budgetOf(options);
  const estimate = options.estimate ?? estimateMessageTokens;
  const words = options.words ?? 250;
  throwIfAborted(OPERATION, signal);
  const conversation = await store.getConversation(id);
  if (conversation === undefined) throw notFound(id);
  // The branch is pinned now: a switch of branches meanwhile (another tab) must not move the compaction onto another one.
  const leafId = options.leafId ?? conversation.headId;
  if (leafId === null) return null;
  // Read after the seq it is checked against: anything appended meanwhile makes the append conflict.
  const { compaction: previous, entries } = await store.contextEntries(id, { leafId });
  const context: Entry[] = previous === undefined ? entries : [previous, ...entries];
  const { tokens } = contextTokens(context, { estimate });
  if (budget.compactAbove !== undefined && tokens <= budget.compactAbove) return null;
  const cut = planCut(entries.map((entry) => entry.message), budget.tailTokens, { estimate });
  if (cut === null) return null;
  const digest = buildCompactionDigest(entries.slice(0, cut));
  if (digest === null) return null;
  const prompt = previous === undefined ? digest : rollSummaryPrompt(previous.summary, digest, words);
  const summary = await summarizeOrAbort(options, { system: summarySystemPrompt(words), prompt, ...(signal ? { signal } : {}) });
  throwIfAborted(OPERATION, signal);
  return store.appendCompaction(id, {
    summary, firstKeptId: entries[cut]!.id, tokensBefore: tokens,
  }, { expectedLastSeq: conversation.lastSeq, parentId: leafId });
}

async function summarizeOrAbort(options: CompactConversationOptions, request: SummarizeRequest): Promise<string> {
  let summary: unknown;
  try {
    summary = await options.summarize(request);
  } catch (error) {
    // A summarizer stopped by our signal reports it its own way; callers match one code.
    throwIfAborted(OPERATION, options.signal);
    throw error;
  }
  if (typeof summary !== 'string') {
    throw new TypeError(`summarize must resolve with the summary text (a string), got ${summary === null ? 'null' : typeof summary}.`);
  }
  if (summary.trim() === '') {
    // An empty summary would silently drop everything folded away; nothing is written.
    throw new TypeError('summarize resolved with an empty summary; nothing was compacted. Return the summary text, or throw.');
  }
  return summary;
}

interface Budget {
  tailTokens: number;
  /** Compact only when the context is larger than this; `undefined`: always. */
  compactAbove?: number;
}

function budgetOf(options: CompactConversationOptions): Budget {
  const { tailTokens, contextWindow, threshold } = options;
  if (tailTokens !== undefined && (typeof tailTokens !== 'number' || Number.isNaN(tailTokens))) {
    throw new TypeError(`tailTokens must be a number of tokens, got ${String(tailTokens)}.`);
  }
  if (contextWindow === undefined) {
    if (threshold !== undefined) throw new TypeError('threshold is a share of contextWindow: pass contextWindow too.');
    if (tailTokens === undefined) throw new TypeError('compactConversation needs tailTokens, contextWindow, or both.');
    return { tailTokens };
  }
  if (typeof contextWindow !== 'number' || !Number.isFinite(contextWindow) || contextWindow <= 0) {
    throw new RangeError(`contextWindow must be a positive number of tokens, got ${String(contextWindow)}.`);
  }
  const share = threshold ?? DEFAULT_THRESHOLD;
  if (typeof share !== 'number' || !(share > 0 && share <= 1)) {
    throw new RangeError(`threshold must be a share of the window in (0, 1], got ${String(threshold)}.`);
  }
  return { tailTokens: tailTokens ?? Math.floor(contextWindow * DEFAULT_TAIL_SHARE), compactAbove: contextWindow * share };
}
