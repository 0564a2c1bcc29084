import type { MessageEntry } from '../../core/entry.js';
import type { HistoryIssue } from '../../core/history-issue.js';
import type { Message } from '../../core/message.js';
import { validate } from '../../core/validate.js';
import { mapIssueIndices } from './map-issue-indices.js';
import { toolCallIds } from './tool-call-ids.js';

/** What {@link pairingIssues} checks. @internal */
export interface PairingInput {
  /** The trailing window as stored (message entries from `windowStartSeq` on). */
  window: readonly MessageEntry[];
  /** The messages about to be appended. */
  batch: readonly Message[];
  /** The conversation's last seq before the batch. */
  lastSeq: number;
  /** Call ids looked up in the `toolCalls` index → the seq of the message that made the call. */
  storedCalls: ReadonlyMap<string, number>;
}

/**
 * The pairing issues the log would have after appending `batch`, found from the trailing window,
 * the batch and the call-id index only. `messageIndex` (and `firstMessageIndex`,
 * `callMessageIndex`) count from the first message of the batch; stored messages get negative
 * indices by seq (-1 is the entry just before the batch).
 * @internal
 */
export function pairingIssues(input: PairingInput): HistoryIssue[] {
  const { window, batch, lastSeq, storedCalls } = input;
  const offset = window.length;
  const toRelative = (index: number): number =>
    index < offset ? window[index]!.seq - (lastSeq + 1) : index - offset;
  const storedRelative = (seq: number): number => seq - (lastSeq + 1);
  const windowCalls = new Set(window.flatMap((entry) => toolCallIds(entry.message)));
  const issues: HistoryIssue[] = [];
  for (const issue of validate([...window.map((entry) => entry.message), ...batch], 'resumable')) {
    const relative = mapIssueIndices(issue, toRelative);
    const callSeq = storedCalls.get(issue.toolCallId);
    // A result for a call made before the window is misplaced, not an orphan: say where the call is.
    if (relative.code === 'orphan_tool_result' && callSeq !== undefined) {
      issues.push({ code: 'misplaced_tool_result', messageIndex: relative.messageIndex, toolCallId: issue.toolCallId, callMessageIndex: storedRelative(callSeq) });
      continue;
    }
    issues.push(relative);
  }
  batch.forEach((message, index) => {
    for (const id of toolCallIds(message)) {
      const callSeq = storedCalls.get(id);
      if (callSeq === undefined || windowCalls.has(id)) continue;
      issues.push({ code: 'duplicate_tool_call_id', messageIndex: index, toolCallId: id, firstMessageIndex: storedRelative(callSeq) });
    }
  });
  return issues.sort((left, right) => left.messageIndex - right.messageIndex);
}

/** The ids the index must be asked about: every call id of the batch and every result id. @internal */
export function idsToLookUp(batch: readonly Message[]): string[] {
  const ids = new Set<string>();
  for (const message of batch) {
    if (message.role === 'tool') ids.add(message.toolCallId);
    for (const id of toolCallIds(message)) ids.add(id);
  }
  return [...ids];
}
