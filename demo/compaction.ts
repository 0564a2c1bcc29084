// "Compact": fold the older part of the open chat into a summary with compactConversation
// (offline: the extractive summarizer; with an endpoint: the model).
import {
  compactConversation, estimateMessageTokens,
  type CompactionEntry, type ConvologStore, type Message,
} from '../src/index.js';
import type { ChatModel } from './chat-model.js';

/** What a compaction did, with the estimated context size before and after. */
export interface CompactionOutcome {
  entry: CompactionEntry | null;
  tokensBefore: number;
  tokensAfter: number;
}

/** The share of the current context kept verbatim as the tail. */
const TAIL_SHARE = 0.3;
/** Never keep less than this (a tail of one short exchange). */
const MIN_TAIL_TOKENS = 40;

/**
 * Compacts the branch of `conversationId` that ends at `leafId` (the path on screen; absent:
 * the head's); `entry` is `null` when nothing was worth folding. Other branches are untouched.
 */
export async function compactChat(
  store: ConvologStore, conversationId: string, model: ChatModel, signal: AbortSignal, leafId?: string,
): Promise<CompactionOutcome> {
  const branch = leafId === undefined ? {} : { leafId };
  const tokensBefore = contextTokens(await store.context(conversationId, branch));
  // The demo's chats are short, so the tail is a share of what there is rather than a fixed
  // budget: Compact then always has something to show after a few turns.
  const tailTokens = Math.max(MIN_TAIL_TOKENS, Math.round(tokensBefore * TAIL_SHARE));
  const entry = await compactConversation(store, conversationId, {
    ...branch,
    summarize: (request) => model.summarize(request),
    tailTokens,
    words: model.kind === 'offline' ? 120 : 250,
    signal,
  });
  const tokensAfter = entry === null ? tokensBefore : contextTokens(await store.context(conversationId, { leafId: entry.id }));
  return { entry, tokensBefore, tokensAfter };
}

/** The estimated tokens of a context. */
export function contextTokens(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}
