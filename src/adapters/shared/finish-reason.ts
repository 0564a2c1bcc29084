import type { FinishReason } from '../../core/turn-envelope.js';

/** A provider's finish-reason words mapped to the normalized {@link FinishReason}. */
export type FinishReasonTable = Readonly<Record<string, FinishReason>>;

/**
 * Normalizes a provider's finish reason. A word the table does not know is `other`; no word at
 * all is `other` too. Some providers (Gemini, several OpenAI-compatible servers) say "stop" for a
 * turn that ends in tool calls, so a turn with client tool calls that mapped to `stop` is
 * reported as `tool_calls`: that is what the application has to act on.
 */
export function normalizeFinishReason(
  raw: string | undefined, table: FinishReasonTable, hasToolCalls: boolean,
): FinishReason {
  const mapped = raw !== undefined && Object.hasOwn(table, raw) ? table[raw]! : 'other';
  return hasToolCalls && mapped === 'stop' ? 'tool_calls' : mapped;
}
