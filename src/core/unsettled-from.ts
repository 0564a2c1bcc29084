import type { Message } from './message.js';
import { pendingTrailingWindow } from './pairing-pending-calls.js';

/**
 * Where the trailing unsettled window begins: the index of the last assistant message when
 * nothing but tool messages follows it and at least one of its tool calls has no result yet.
 * `null` when nothing is pending. Such a history is `resumable` but not `sendable`;
 * `settle` answers the pending calls.
 *
 * @example
 * const from = unsettledFrom(history)
 * if (from !== null) history = settle(history).messages
 */
export function unsettledFrom(messages: readonly Message[]): number | null {
  return pendingTrailingWindow(messages)?.messageIndex ?? null;
}
