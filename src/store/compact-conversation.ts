import { SUMMARY_PREFIX } from '../core/build-context.js';
import { buildCompactionDigest } from '../core/compaction-digest.js';
import type { CompactionEntry } from '../core/entry.js';
import { estimateMessageTokens, type TokenEstimator } from '../core/estimate-tokens.js';
import type { Message } from '../core/message.js';
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
  /** How many tokens of recent messages to keep verbatim (the rest is folded into the summary). */
  tailTokens: number;
  /** The summary's length budget, in words. Default 250. */
  words?: number;
  /** Aborting it stops the compaction (`aborted`); nothing is written. */
  signal?: AbortSignal;
  /** The token estimate per message. Default `estimateMessageTokens`. */
  estimate?: TokenEstimator;
  /** The branch to compact: its last entry. Default: the head's branch (as it is when the call starts). */
  leafId?: string;
}

/**
 * Folds the older part of a branch's context (the head's, or `leafId`'s) into a summary: plans the cut over the kept
 * tail, builds the digest of what is folded away, asks `summarize` (rolling the previous summary
 * in after a first compaction) and appends the compaction with `expectedLastSeq`, so a
 * conversation that moved on meanwhile throws `conflict` instead of losing messages. `null` when
 * nothing is worth folding. If `summarize` throws or the signal aborts (`aborted`), nothing is written.
 *
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
  const messages = entries.map((entry) => entry.message);
  const cut = planCut(messages, options.tailTokens, { estimate });
  if (cut === null) return null;
  const digest = buildCompactionDigest(entries.slice(0, cut));
  if (digest === null) return null;
  const prompt = previous === undefined ? digest : rollSummaryPrompt(previous.summary, digest, words);
  const summary = await summarizeOrAbort(options, { system: summarySystemPrompt(words), prompt, ...(signal ? { signal } : {}) });
  throwIfAborted(OPERATION, signal);
  return store.appendCompaction(id, {
    summary, firstKeptId: entries[cut]!.id, tokensBefore: contextTokens(previous?.summary, messages, estimate),
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

function contextTokens(previousSummary: string | undefined, messages: readonly Message[], estimate: TokenEstimator): number {
  let total = previousSummary === undefined ? 0 : estimate({ role: 'user', content: SUMMARY_PREFIX + previousSummary });
  for (const message of messages) total += estimate(message);
  return total;
}
