import { z } from 'zod';

/** Where the library stores a turn's {@link TurnEnvelope} in a message's `appData`. */
export const TURN_ENVELOPE_KEY = 'convolog.turn';

/** Why a turn ended, normalized across providers. The provider's own word is `finishReasonRaw`. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'aborted' | 'other';

/** Token counts as the provider reported them. */
export interface TurnUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  [key: string]: unknown;
}

/** What a provider said about one turn besides its content: ids, model, usage, finish reason. */
export interface TurnEnvelope {
  id?: string;
  requestId?: string;
  model?: string;
  provider?: string;
  usage?: TurnUsage;
  finishReason?: FinishReason;
  finishReasonRaw?: string;
  warnings?: string[];
}

const finishReason = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'error', 'aborted', 'other']);

/**
 * Reads a {@link TurnEnvelope} tolerantly: unknown fields are ignored, and a field of the wrong
 * type is dropped instead of failing the whole envelope (it was written by another version).
 */
export const TurnEnvelopeSchema: z.ZodType<TurnEnvelope> = z.object({
  id: z.string().optional().catch(undefined),
  requestId: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  provider: z.string().optional().catch(undefined),
  usage: z.looseObject({
    inputTokens: z.number().optional().catch(undefined),
    outputTokens: z.number().optional().catch(undefined),
    totalTokens: z.number().optional().catch(undefined),
    reasoningTokens: z.number().optional().catch(undefined),
    cachedInputTokens: z.number().optional().catch(undefined),
  }).optional().catch(undefined),
  finishReason: finishReason.optional().catch('other'),
  finishReasonRaw: z.string().optional().catch(undefined),
  warnings: z.array(z.string()).optional().catch(undefined),
}) as z.ZodType<TurnEnvelope>;
