import { nonEmptyText } from '../../core/non-empty-text.js';
import type { TurnUsage } from '../../core/turn-envelope.js';
import type { FinishReasonTable } from '../shared/finish-reason.js';
import { usageOf } from '../shared/usage-of.js';
import type { GeminiResponse, GeminiUsageMetadata } from './gemini-types.js';

/**
 * Gemini finish reasons (and prompt block reasons, which end a turn that never started). Gemini
 * says `STOP` for a turn that ends in function calls; that turn is reported as `tool_calls`.
 */
export const GEMINI_FINISH_REASONS: FinishReasonTable = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  IMAGE_PROHIBITED_CONTENT: 'content_filter',
  IMAGE_RECITATION: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
  TOO_MANY_TOOL_CALLS: 'error',
  LANGUAGE: 'other',
  OTHER: 'other',
  FINISH_REASON_UNSPECIFIED: 'other',
};

/** Gemini's usage counts, as reported, under the envelope's names. */
export function geminiUsage(usage: GeminiUsageMetadata | undefined): TurnUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  return usageOf({
    inputTokens: usage.promptTokenCount,
    outputTokens: usage.candidatesTokenCount,
    totalTokens: usage.totalTokenCount,
    reasoningTokens: usage.thoughtsTokenCount,
    cachedInputTokens: usage.cachedContentTokenCount,
    toolUsePromptTokens: usage.toolUsePromptTokenCount,
  });
}

/** Candidate 0 of a response (the one the adapters read), if any. */
export function firstCandidate(response: GeminiResponse): NonNullable<GeminiResponse['candidates']>[number] | undefined {
  const candidates = Array.isArray(response.candidates) ? response.candidates : [];
  return candidates.find((candidate) => (candidate.index ?? 0) === 0);
}

/** The finish reason of a response chunk: its candidate's, or the prompt's block reason. */
export function geminiFinishReason(response: GeminiResponse): string | undefined {
  const blocked = nonEmptyText(response.promptFeedback?.blockReason);
  return nonEmptyText(firstCandidate(response)?.finishReason) ?? (blocked === 'BLOCK_REASON_UNSPECIFIED' ? undefined : blocked);
}
