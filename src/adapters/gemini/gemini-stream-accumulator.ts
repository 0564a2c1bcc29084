import { nonEmptyText } from '../../core/non-empty-text.js';
import { StreamAccumulator } from '../shared/stream-accumulator.js';
import { appendGeminiPart } from './append-gemini-part.js';
import { GOOGLE_AI_NAMESPACE } from './gemini-namespace.js';
import { firstCandidate, GEMINI_FINISH_REASONS, geminiFinishReason, geminiUsage } from './gemini-turn.js';
import type { GeminiResponse } from './gemini-types.js';

/**
 * Assembles a streamed Gemini answer (`streamGenerateContent?alt=sse`, candidate 0). `push` each
 * parsed chunk (a `GenerateContentResponse`). Streamed text continues one block; a signature that
 * arrives on a later, empty part lands on the block it follows. Usage is taken from the latest
 * chunk that carries it (Gemini repeats running totals). The terminal event is a candidate
 * `finishReason` (or a prompt `blockReason`).
 *
 * @example
 * const accumulator = new GeminiStreamAccumulator()
 * for await (const data of sse) accumulator.push(JSON.parse(data))
 * const { message, envelope } = accumulator.finish()
 */
export class GeminiStreamAccumulator extends StreamAccumulator<GeminiResponse> {
  constructor() {
    super({ provider: GOOGLE_AI_NAMESPACE, terminalEvent: 'candidate `finishReason`', finishReasons: GEMINI_FINISH_REASONS });
  }

  push(chunk: GeminiResponse): void {
    if (typeof chunk !== 'object' || chunk === null) return;
    if ('error' in chunk) this.streamError = (chunk as { error: unknown }).error;
    this.responseId ??= nonEmptyText(chunk.responseId);
    this.model ??= nonEmptyText(chunk.modelVersion);
    const usage = geminiUsage(chunk.usageMetadata);
    if (usage !== undefined) this.usage = usage;
    for (const part of firstCandidate(chunk)?.content?.parts ?? []) appendGeminiPart(this.blocks, part);
    const raw = geminiFinishReason(chunk);
    if (raw !== undefined) {
      this.finishReasonRaw = raw;
      this.completed = true;
    }
  }
}
