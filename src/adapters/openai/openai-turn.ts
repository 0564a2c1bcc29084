import type { TurnUsage } from '../../core/turn-envelope.js';
import type { FinishReasonTable } from '../shared/finish-reason.js';
import { usageOf } from '../shared/usage-of.js';
import type { OpenAIChatUsage } from './openai-types.js';

/** Chat Completions finish reasons (`function_call` is the legacy form of `tool_calls`; `error` comes from OpenRouter). */
export const OPENAI_FINISH_REASONS: FinishReasonTable = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
  error: 'error',
};

/** OpenAI's usage counts, as reported, under the envelope's names. */
export function openAIUsage(usage: OpenAIChatUsage | null | undefined): TurnUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  return usageOf({
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens,
    cachedInputTokens: usage.prompt_tokens_details?.cached_tokens,
  });
}
