import { nonEmptyText } from '../../core/non-empty-text.js';
import type { TurnUsage } from '../../core/turn-envelope.js';
import type { FinishReasonTable } from '../shared/finish-reason.js';
import { usageOf } from '../shared/usage-of.js';
import type { OpenAIResponse, OpenAIResponsesUsage } from './openai-responses-types.js';

/**
 * Responses API finish words: the response `status`, or for an incomplete response its
 * `incomplete_details.reason`. A completed turn with function calls is reported as `tool_calls`.
 */
export const OPENAI_RESPONSES_FINISH_REASONS: FinishReasonTable = {
  completed: 'stop',
  max_output_tokens: 'length',
  content_filter: 'content_filter',
  failed: 'error',
  cancelled: 'aborted',
};

/** The finish word of a response: why it is incomplete, else its status. */
export function responsesFinishReason(response: OpenAIResponse | undefined): string | undefined {
  const status = response?.status;
  return nonEmptyText(response?.incomplete_details?.reason) ?? (typeof status === 'string' ? status : undefined);
}

/** The Responses API's usage counts, as reported, under the envelope's names. */
export function responsesUsage(usage: OpenAIResponsesUsage | null | undefined): TurnUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  return usageOf({
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    totalTokens: usage.total_tokens,
    reasoningTokens: usage.output_tokens_details?.reasoning_tokens,
    cachedInputTokens: usage.input_tokens_details?.cached_tokens,
  });
}
