import type { AssistantBlock } from '../../core/message.js';
import type { TurnEnvelope } from '../../core/turn-envelope.js';
import { completedTurn } from '../shared/completed-turn.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { readResponse } from '../shared/read-response.js';
import { appendGeminiPart } from './append-gemini-part.js';
import { GOOGLE_AI_NAMESPACE } from './gemini-namespace.js';
import { firstCandidate, GEMINI_FINISH_REASONS, geminiFinishReason, geminiUsage } from './gemini-turn.js';
import type { GeminiResponse } from './gemini-types.js';

/**
 * Converts a non-streamed Gemini `GenerateContentResponse` (candidate 0) to the assistant message
 * to append and its {@link TurnEnvelope}: `responseId`, `modelVersion`, usage as reported
 * (`promptTokenCount` → `inputTokens`, `candidatesTokenCount` → `outputTokens`, …) and the finish
 * reason, normalized (`STOP` with function calls is `tool_calls`), with the raw word in
 * `finishReasonRaw`; a blocked prompt reports its `blockReason`. Thought parts become reasoning
 * blocks; each `thoughtSignature` is kept at `providerData['google-ai'].thoughtSignature` on the
 * block of the part that carried it. Function calls without an id (Gemini rarely sends one) get
 * `call_` + a UUID v7. Writes no `appData`. Throws `invalid_message` for anything that is not a
 * response (an error body included).
 *
 * @example
 * const { message, envelope } = fromGeminiResponse(await response.json())
 */
export function fromGeminiResponse(json: unknown): ConvertedResponse {
  const response = readResponse(json, 'a Gemini generateContent response', isGeminiResponse) as GeminiResponse;
  const blocks: AssistantBlock[] = [];
  for (const part of firstCandidate(response)?.content?.parts ?? []) appendGeminiPart(blocks, part);
  return completedTurn(blocks, {
    provider: GOOGLE_AI_NAMESPACE,
    finishReasons: GEMINI_FINISH_REASONS,
    id: response.responseId,
    model: response.modelVersion,
    usage: geminiUsage(response.usageMetadata),
    finishReasonRaw: geminiFinishReason(response),
  });
}

function isGeminiResponse(record: Record<string, unknown>): boolean {
  return Array.isArray(record.candidates) || (typeof record.promptFeedback === 'object' && record.promptFeedback !== null);
}
