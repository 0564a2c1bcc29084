import { ConvologError } from '../../core/error.js';
import type { AssistantBlock } from '../../core/message.js';
import { completedTurn } from '../shared/completed-turn.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { readResponse } from '../shared/read-response.js';
import { parseToolArguments } from '../shared/tool-arguments.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import { responsesItemBlocks } from './openai-responses-output-item.js';
import { OPENAI_RESPONSES_FINISH_REASONS, responsesFinishReason, responsesUsage } from './openai-responses-turn.js';
import type { OpenAIResponse } from './openai-responses-types.js';

/**
 * Converts a non-streamed Responses API response (`openai.responses.create(...)` or the parsed
 * body of `POST /v1/responses`) to the assistant message to append and its `TurnEnvelope` (from `convolog/core`):
 * the response `id`, `model`, usage as reported (`input_tokens` → `inputTokens`, `output_tokens`
 * → `outputTokens`, reasoning and cached tokens) and the finish reason, normalized (`completed`
 * → `stop`, or `tool_calls` with function calls; `max_output_tokens` → `length`), with the raw
 * word (`status`, or the `incomplete_details.reason`) in `finishReasonRaw`.
 *
 * Output items become blocks in order: messages keep their item `id`, `status` and `phase`;
 * reasoning keeps `id`, `summary` and `encrypted_content` (request it with
 * `include: ['reasoning.encrypted_content']` for stateless `store: false` use) so it replays in
 * place; a `function_call`'s `call_id` is the tool call id (its item id in `providerData.openai`);
 * built-in tool calls and other items are `other` blocks of origin `openai`. Writes no `appData`.
 *
 * Throws `invalid_message` for anything that is not a response, for a `failed` response, and for
 * a function call that is not whole (no `call_id`, cut off, or arguments that do not parse):
 * a half call is never stored.
 *
 * @example
 * const response = await openai.responses.create({ model, store: false, include: ['reasoning.encrypted_content'], ...body })
 * const { message, envelope } = fromOpenAIResponse(response)
 */
export function fromOpenAIResponse(json: unknown): ConvertedResponse {
  const response = readResponse(json, 'a Responses API response', (record) => Array.isArray(record.output)) as OpenAIResponse;
  if (response.status === 'failed') throw failedResponse(response);
  const blocks: AssistantBlock[] = [];
  for (const item of response.output ?? []) {
    if (typeof item !== 'object' || item === null) continue;
    const converted = responsesItemBlocks(item);
    if (converted.problem !== undefined) throw halfCall(response, converted.problem);
    blocks.push(...converted.blocks);
  }
  for (const block of blocks) {
    if (block.type === 'tool_call' && !parseToolArguments(block.arguments).ok) {
      throw halfCall(response, `the arguments of function call "${block.id}" (${block.name}) are not valid JSON`);
    }
  }
  return completedTurn(blocks, {
    provider: OPENAI_NAMESPACE,
    finishReasons: OPENAI_RESPONSES_FINISH_REASONS,
    id: response.id,
    model: response.model,
    usage: responsesUsage(response.usage),
    finishReasonRaw: responsesFinishReason(response),
  });
}

function failedResponse(response: OpenAIResponse): ConvologError {
  const error = response.error ?? undefined;
  const said = typeof error?.message === 'string' ? `: ${error.message}` : '';
  return new ConvologError({
    code: 'invalid_message',
    message: `The response failed${said}. Handle it as a failed request; nothing should be stored.`,
    details: { provider: OPENAI_NAMESPACE, responseId: response.id, ...(error === undefined ? {} : { error }) },
  });
}

function halfCall(response: OpenAIResponse, problem: string): ConvologError {
  return new ConvologError({
    code: 'invalid_message',
    message: `This response cannot be stored: ${problem}. Storing a half call would wedge the conversation; retry the request (with a larger max_output_tokens if it was cut off).`,
    details: { provider: OPENAI_NAMESPACE, responseId: response.id, status: response.status },
  });
}
