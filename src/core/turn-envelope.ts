import { z } from 'zod/mini';

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

// One literal schema of the reasons rather than z.enum: the same check, without bundling zod's enum.
const finishReason = /* @__PURE__ */ z.literal(['stop', 'length', 'tool_calls', 'content_filter', 'error', 'aborted', 'other']);

/**
 * Reads a {@link TurnEnvelope} tolerantly: unknown fields are ignored, and a field of the wrong
 * type is dropped instead of failing the whole envelope (it was written by another version).
 */
export const TurnEnvelopeSchema: z.ZodMiniType<TurnEnvelope> = /* @__PURE__ */ z.object({
  id: z.catch(z.optional(z.string()), undefined),
  requestId: z.catch(z.optional(z.string()), undefined),
  model: z.catch(z.optional(z.string()), undefined),
  provider: z.catch(z.optional(z.string()), undefined),
  usage: z.catch(z.optional(z.looseObject({
    inputTokens: z.catch(z.optional(z.number()), undefined),
    outputTokens: z.catch(z.optional(z.number()), undefined),
    totalTokens: z.catch(z.optional(z.number()), undefined),
    reasoningTokens: z.catch(z.optional(z.number()), undefined),
    cachedInputTokens: z.catch(z.optional(z.number()), undefined),
  })), undefined),
  finishReason: z.catch(z.optional(finishReason), 'other'),
  finishReasonRaw: z.catch(z.optional(z.string()), undefined),
  warnings: z.catch(z.optional(z.array(z.string())), undefined),
}) as z.ZodMiniType<TurnEnvelope>;
