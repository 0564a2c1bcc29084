import type { TurnEnvelope } from '../../core/turn-envelope.js';
import { completedTurn } from '../shared/completed-turn.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { readResponse } from '../shared/read-response.js';
import { ANTHROPIC_NAMESPACE } from './anthropic-namespace.js';
import { anthropicResponseBlock } from './anthropic-response-block.js';
import { ANTHROPIC_FINISH_REASONS, anthropicUsage } from './anthropic-turn.js';
import type { AnthropicResponse } from './anthropic-types.js';

/**
 * Converts a non-streamed Anthropic Messages response to the assistant message to append and its
 * {@link TurnEnvelope}: the message `id`, `model`, usage as reported (`input_tokens` →
 * `inputTokens`, `output_tokens` → `outputTokens`, cache counts) and `stop_reason`, normalized,
 * with the raw word in `finishReasonRaw`. Thinking keeps its signature at
 * `providerData.anthropic.signature` (redacted thinking: empty text and
 * `providerData.anthropic.redactedData`) so it replays next turn; server tool blocks become
 * provider tool blocks of origin `anthropic`; unknown blocks become `other` blocks of origin
 * `anthropic`. Writes no `appData`. Throws `invalid_message` for anything that is not a message
 * (an error body included).
 *
 * @example
 * const { message, envelope } = fromAnthropicMessage(await response.json())
 */
export function fromAnthropicMessage(json: unknown): ConvertedResponse {
  const response = readResponse(json, 'an Anthropic Messages response', (record) => Array.isArray(record.content)) as AnthropicResponse;
  return completedTurn((response.content ?? []).map(anthropicResponseBlock), {
    provider: ANTHROPIC_NAMESPACE,
    finishReasons: ANTHROPIC_FINISH_REASONS,
    id: response.id,
    model: response.model,
    usage: anthropicUsage(response.usage),
    finishReasonRaw: response.stop_reason,
  });
}
