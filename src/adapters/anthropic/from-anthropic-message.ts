import type { AssistantMessage } from '../../core/message.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { normalizeFinishReason } from '../shared/finish-reason.js';
import { readResponse } from '../shared/read-response.js';
import { completedBlocks, turnEnvelope } from '../shared/turn-result.js';
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
  const content = completedBlocks((response.content ?? []).map(anthropicResponseBlock));
  const message: AssistantMessage = { role: 'assistant', content: structuredClone(content) };
  const raw = typeof response.stop_reason === 'string' ? response.stop_reason : undefined;
  const envelope = turnEnvelope({
    id: typeof response.id === 'string' ? response.id : undefined,
    model: typeof response.model === 'string' ? response.model : undefined,
    provider: ANTHROPIC_NAMESPACE,
    usage: anthropicUsage(response.usage),
    finishReason: normalizeFinishReason(raw, ANTHROPIC_FINISH_REASONS, content.some((block) => block.type === 'tool_call')),
    finishReasonRaw: raw,
    warnings: [],
  });
  return { message, envelope };
}
