import type { TurnUsage } from '../../core/turn-envelope.js';
import type { FinishReasonTable } from '../shared/finish-reason.js';
import { usageOf } from '../shared/usage-of.js';
import type { AnthropicUsage } from './anthropic-types.js';

/** Anthropic stop reasons. `pause_turn` (a long server tool turn to continue) is `other`. */
export const ANTHROPIC_FINISH_REASONS: FinishReasonTable = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
  pause_turn: 'other',
};

/**
 * Anthropic's usage counts, as reported, under the envelope's names: `input_tokens` →
 * `inputTokens` (Anthropic's count excludes cached tokens), `cache_read_input_tokens` →
 * `cachedInputTokens`, `cache_creation_input_tokens` → `cacheCreationInputTokens`.
 */
export function anthropicUsage(usage: AnthropicUsage | null | undefined): TurnUsage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  return usageOf({
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cachedInputTokens: usage.cache_read_input_tokens,
    cacheCreationInputTokens: usage.cache_creation_input_tokens,
  });
}
