import type { AssistantBlock } from '../../core/message.js';
import type { ConvertedResponse } from '../shared/converted-response.js';
import { normalizeFinishReason } from '../shared/finish-reason.js';
import { readResponse } from '../shared/read-response.js';
import { completedBlocks, turnEnvelope } from '../shared/turn-result.js';
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
  const content = completedBlocks(blocks);
  const raw = geminiFinishReason(response);
  const envelope = turnEnvelope({
    id: typeof response.responseId === 'string' ? response.responseId : undefined,
    model: typeof response.modelVersion === 'string' ? response.modelVersion : undefined,
    provider: GOOGLE_AI_NAMESPACE,
    usage: geminiUsage(response.usageMetadata),
    finishReason: normalizeFinishReason(raw, GEMINI_FINISH_REASONS, content.some((block) => block.type === 'tool_call')),
    finishReasonRaw: raw,
    warnings: [],
  });
  return { message: { role: 'assistant', content: structuredClone(content) }, envelope };
}

function isGeminiResponse(record: Record<string, unknown>): boolean {
  return Array.isArray(record.candidates) || (typeof record.promptFeedback === 'object' && record.promptFeedback !== null);
}
