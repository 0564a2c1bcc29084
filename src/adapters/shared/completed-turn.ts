import type { AssistantBlock, AssistantMessage, ProviderData } from '../../core/message.js';
import type { TurnEnvelope, TurnUsage } from '../../core/turn-envelope.js';
import type { Warning } from '../../core/warning.js';
import type { ConvertedResponse } from './converted-response.js';
import { normalizeFinishReason, type FinishReasonTable } from './finish-reason.js';

/** What a provider said about a turn besides its blocks, as read from its response or stream. @internal */
export interface TurnFacts {
  /** The namespace: the envelope's `provider`. */
  provider: string;
  /** The provider's finish-reason words. */
  finishReasons: FinishReasonTable;
  /** The response id; anything but a string is left out. */
  id?: unknown;
  /** The model; anything but a string is left out. */
  model?: unknown;
  usage?: TurnUsage | undefined;
  /** The provider's finish reason; anything but a string counts as none. */
  finishReasonRaw?: unknown;
  /** Message-level provider state. */
  providerData?: ProviderData | undefined;
  /** Set when the user stopped the turn: its finish reason is `aborted`, and these warnings go on the envelope. */
  stopped?: readonly Warning[];
}

/**
 * The assistant message to append and its {@link TurnEnvelope}, made the same way for a response
 * and for a stream: copies of the blocks (so nothing the caller holds is shared), empty text
 * without state left out, blank tool arguments as `{}`, and the finish reason normalized
 * (`tool_calls` when client calls came with a "stop"). @internal
 */
export function completedTurn(blocks: readonly AssistantBlock[], facts: TurnFacts): ConvertedResponse {
  const message = assistantMessage(completedBlocks(blocks), facts.providerData);
  const raw = stringOrUndefined(facts.finishReasonRaw);
  const { stopped } = facts;
  const hasToolCalls = message.content.some((block) => block.type === 'tool_call');
  // In the envelope's field order; a field with no value is left out, not set to `undefined`.
  const fields: TurnEnvelope = {
    provider: facts.provider,
    id: stringOrUndefined(facts.id),
    model: stringOrUndefined(facts.model),
    usage: facts.usage,
    finishReason: stopped === undefined ? normalizeFinishReason(raw, facts.finishReasons, hasToolCalls) : 'aborted',
    finishReasonRaw: raw,
    warnings: stopped !== undefined && stopped.length > 0 ? stopped.map((warning) => warning.message) : undefined,
  };
  const envelope = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as TurnEnvelope;
  return { message, envelope };
}

/**
 * An assistant message of copies of `blocks` and `providerData`, so nothing the caller holds is
 * shared: what a finished turn and a stream's `snapshot()` hand out. @internal
 */
export function assistantMessage(blocks: readonly AssistantBlock[], providerData: ProviderData | undefined): AssistantMessage {
  const message: AssistantMessage = { role: 'assistant', content: structuredClone(blocks) as AssistantBlock[] };
  if (providerData !== undefined) message.providerData = structuredClone(providerData);
  return message;
}

/** Empty text without provider state says nothing, and Anthropic and Gemini refuse empty text. */
function completedBlocks(blocks: readonly AssistantBlock[]): AssistantBlock[] {
  const result: AssistantBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && block.text === '' && block.providerData === undefined) continue;
    result.push(block.type === 'tool_call' && block.arguments.trim() === '' ? { ...block, arguments: '{}' } : block);
  }
  return result;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
