import { toolResult } from './constructors.js';
import type { Message } from './message.js';
import { pendingTrailingWindow } from './pairing-pending-calls.js';
import type { Warning } from './warning.js';

/** The content of a settling result when no `reason` is given. */
export const DEFAULT_SETTLE_REASON = 'The tool call was interrupted before it returned a result.';

/** What {@link settle} returns. */
export interface SettleResult {
  /** The history with one error result appended per pending call (a new array). */
  messages: Message[];
  /** The tool call ids that were settled, in block order. */
  settled: string[];
  /** Nothing is removed or changed by settling, so this is empty; kept so all repairs read alike. */
  warnings: Warning[];
}

/**
 * Answers every unanswered tool call of the trailing window with an `isError: true` tool result
 * (named after the call's tool, content `reason` or else "The tool call was interrupted before it
 * returned a result."), appended at the end. Only appends, so the results can be written to an append-only log as they are. Idempotent;
 * when nothing is pending it returns a copy of the input array. It does not touch stray results
 * or calls left unanswered earlier in the history: that is `dropOrphans`.
 *
 * @example
 * const { messages, settled } = settle(history, { reason: 'The user closed the tab.' })
 * validate(messages, 'sendable') // [] unless the history was broken elsewhere too
 */
export function settle(messages: readonly Message[], options: { reason?: string } = {}): SettleResult {
  const pending = pendingTrailingWindow(messages);
  if (pending === null) return { messages: [...messages], settled: [], warnings: [] };
  // An empty result is refused by some providers, so an empty reason falls back to the default.
  const reason = options.reason !== undefined && options.reason !== '' ? options.reason : DEFAULT_SETTLE_REASON;
  const results = pending.calls.map((call) => toolResult(call.id, call.name, reason, { isError: true }));
  return { messages: [...messages, ...results], settled: pending.calls.map((call) => call.id), warnings: [] };
}
