import { describeIssue } from './describe-issue.js';
import { ConvologError } from './error.js';
import type { HistoryIssue, ValidationMode } from './history-issue.js';
import type { Message } from './message.js';
import { validate } from './validate.js';

// Enough to recognize the problem; the full list is on `error.issues`.
const SHOWN_ISSUES = 3;

/**
 * Throws `ConvologError` with code `pairing` and every issue on `error.issues` when
 * `validate(messages, mode)` finds any; returns nothing otherwise. The message summarizes the
 * first issues and names the repair.
 *
 * @example
 * assertValid(history, 'sendable') // before sending a request to a provider
 */
export function assertValid(messages: readonly Message[], mode: ValidationMode): void {
  const issues = validate(messages, mode);
  if (issues.length === 0) return;
  throw new ConvologError({ code: 'pairing', issues, message: pairingMessage(issues, mode, trailingWindowOf(messages)) });
}

/**
 * Where `settle` repairs: the last message that is not a tool result. An unanswered call reported
 * there is pending at the end of the history (the window `unsettledFrom` names), without the
 * second pass over that window `unsettledFrom` makes: the issues already say which calls wait.
 */
function trailingWindowOf(messages: readonly Message[]): number {
  let index = messages.length - 1;
  while (index >= 0 && (messages[index] as Partial<Message> | null | undefined)?.role === 'tool') index--;
  return index;
}

function pairingMessage(issues: readonly HistoryIssue[], mode: ValidationMode, trailingWindow: number): string {
  const count = `${issues.length} tool-call pairing issue${issues.length === 1 ? '' : 's'}`;
  const shown = issues.slice(0, SHOWN_ISSUES).map(describeIssue).join('; ');
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more (see error.issues)` : '';
  return `The history is not ${mode}: ${count}: ${shown}${more}. ${repairHint(issues, trailingWindow)}`;
}

// Names only the repairs that fix the issues at hand: settle for the trailing window,
// dropOrphans for everything before it, neither for reused ids.
function repairHint(issues: readonly HistoryIssue[], trailingWindow: number): string {
  let pendingAtEnd = false;
  let strayEarlier = false;
  let reusedIds = false;
  for (const issue of issues) {
    if (issue.code === 'duplicate_tool_call_id') reusedIds = true;
    else if (issue.code === 'unanswered_tool_call' && issue.messageIndex === trailingWindow) pendingAtEnd = true;
    else strayEarlier = true;
  }
  const hints: string[] = [];
  if (pendingAtEnd) hints.push('settle(messages) answers the calls still pending at the end with error results');
  if (strayEarlier) hints.push('dropOrphans(messages) removes stray tool results and calls left unanswered earlier in the history');
  if (reusedIds) hints.push('give every tool call its own id (ids must be unique across the conversation)');
  return `To repair it: ${hints.join('; ')}.`;
}
