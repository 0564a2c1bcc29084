import { nonEmptyText } from '../../core/non-empty-text.js';
import type { AssistantBlock } from '../../core/message.js';
import type { TurnEnvelope } from '../../core/turn-envelope.js';
import { completedTurn } from '../shared/completed-turn.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { generateCallId } from '../shared/generate-call-id.js';
import { readResponse } from '../shared/read-response.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import { OPENAI_FINISH_REASONS, openAIUsage } from './openai-turn.js';
import type { OpenAIChatCompletion, OpenAIChatResponseMessage } from './openai-types.js';

/**
 * Converts a non-streamed Chat Completions response (choice 0) to the assistant message to append
 * and its {@link TurnEnvelope}: the response `id`, `model`, usage as reported
 * (`prompt_tokens` → `inputTokens`, `completion_tokens` → `outputTokens`, …) and the finish
 * reason, normalized, with the raw word in `finishReasonRaw`. Reasoning sent by compatible
 * servers (`reasoning_content`, `reasoning`) becomes a `reasoning` block; a call without an id
 * gets `call_` + a UUID v7. Writes no `appData`: storing the envelope is the application's choice.
 * Throws `invalid_message` for anything that is not a completion (an error body included).
 *
 * @example
 * const { message, envelope } = fromOpenAIChatCompletion(await response.json())
 * await store.append(id, [withAppData(message, TURN_ENVELOPE_KEY, envelope)])
 */
export function fromOpenAIChatCompletion(json: unknown): ConvertedResponse {
  const response = readResponse(json, 'a Chat Completions response', (record) => Array.isArray(record.choices)) as OpenAIChatCompletion;
  const choice = response.choices?.find((candidate) => (candidate.index ?? 0) === 0) ?? response.choices?.[0];
  const audioId = choice?.message?.audio?.id;
  return completedTurn(blocksOf(choice?.message ?? {}), {
    provider: OPENAI_NAMESPACE,
    finishReasons: OPENAI_FINISH_REASONS,
    id: response.id,
    model: response.model,
    usage: openAIUsage(response.usage),
    finishReasonRaw: choice?.finish_reason,
    // The audio of an earlier answer is replayed by id alone.
    providerData: typeof audioId === 'string' ? { [OPENAI_NAMESPACE]: { audio: { id: audioId } } } : undefined,
  });
}

function blocksOf(message: OpenAIChatResponseMessage): AssistantBlock[] {
  const blocks: AssistantBlock[] = [];
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (typeof reasoning === 'string' && reasoning !== '') blocks.push({ type: 'reasoning', text: reasoning });
  if (typeof message.content === 'string') blocks.push({ type: 'text', text: message.content });
  if (typeof message.refusal === 'string' && message.refusal !== '') blocks.push({ type: 'refusal', text: message.refusal });
  for (const call of message.tool_calls ?? []) {
    blocks.push({
      type: 'tool_call',
      id: nonEmptyText(call.id) ?? generateCallId(),
      name: call.function?.name ?? '',
      arguments: call.function?.arguments ?? '',
    });
  }
  const legacy = message.function_call;
  if (legacy !== undefined && legacy !== null) {
    blocks.push({ type: 'tool_call', id: generateCallId(), name: legacy.name ?? '', arguments: legacy.arguments ?? '' });
  }
  return blocks;
}
