// "Compact": fold the older part of the open chat into a summary with compactConversation
// (offline: the extractive summarizer; with an endpoint: the model). Before a turn, the same
// happens on its own once the context passes the auto-compact share of the model's window.
// Both work on the branch on screen: other branches are untouched.
import { compactConversation, type CompactionEntry, type ContextTokens, type ConvologStore } from '../../src/index.js';
import type { ChatModel } from '../model/chat-model.js';
import { measureContext } from '../transcript/context-meter.js';

/** What a compaction did, with the context's size before and after. */
export interface CompactionOutcome {
  entry: CompactionEntry | null;
  before: ContextTokens;
  after: ContextTokens;
}

/** The model's window and the share of it past which a turn compacts first (0..1; 0: never). */
export interface ContextBudget {
  contextWindow: number;
  threshold: number;
}

/** The share of the current context kept verbatim as the tail. */
const TAIL_SHARE = 0.3;
/** Never keep less than this (a tail of one short exchange). */
const MIN_TAIL_TOKENS = 40;

/**
 * Compacts the branch of `conversationId` that ends at `leafId` (the path on screen; absent: the
 * head's) now, for the Compact button; `entry` is `null` when nothing was worth folding.
 */
export async function compactChat(
  store: ConvologStore, conversationId: string, model: ChatModel, signal: AbortSignal, leafId?: string,
): Promise<CompactionOutcome> {
  const branch = leafId === undefined ? {} : { leafId };
  const before = await measureContext(store, conversationId, leafId);
  // The demo's chats are short, so the tail is a share of what there is rather than a fixed
  // budget: Compact then always has something to show after a few turns.
  const tailTokens = Math.max(MIN_TAIL_TOKENS, Math.round(before.tokens * TAIL_SHARE));
  const entry = await compactConversation(store, conversationId, {
    ...branch, summarize: (request) => model.summarize(request), tailTokens, words: wordsFor(model), signal,
  });
  return { entry, before, after: entry === null ? before : await measureContext(store, conversationId, entry.id) };
}

/**
 * Compacts the branch ending at `leafId` if its context (the user's new message included) passes
 * `budget.threshold` of the window; `null` when it does not, or auto-compaction is off. The rule
 * and the measuring are compactConversation's own (`contextWindow` + `threshold`): the demo only
 * reads back the size it recorded as the summary's `tokensBefore`.
 */
export async function compactBeforeTurn(
  store: ConvologStore, conversationId: string, model: ChatModel, budget: ContextBudget, signal: AbortSignal, leafId: string,
): Promise<CompactionOutcome | null> {
  if (!(budget.threshold > 0)) return null;
  const entry = await compactConversation(store, conversationId, {
    leafId, summarize: (request) => model.summarize(request),
    contextWindow: budget.contextWindow, threshold: budget.threshold, words: wordsFor(model), signal,
  });
  if (entry === null) return null;
  const after = await measureContext(store, conversationId, entry.id);
  // tokensBefore does not say whether usage was its base, so the notice calls it approximate.
  return { entry, before: { tokens: entry.tokensBefore ?? after.tokens, measured: false }, after };
}

function wordsFor(model: ChatModel): number {
  return model.kind === 'offline' ? 120 : 250;
}
