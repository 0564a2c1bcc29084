import type { HistoryIssue } from '../../core/history-issue.js';

/**
 * The issue with every message index it holds (`messageIndex`, and `firstMessageIndex` or
 * `callMessageIndex`) passed through `map`: from positions in a validated array to the caller's
 * own numbering (positions in a batch, in an import's entries).
 * @internal
 */
export function mapIssueIndices(issue: HistoryIssue, map: (index: number) => number): HistoryIssue {
  const moved = { ...issue, messageIndex: map(issue.messageIndex) };
  if (moved.code === 'duplicate_tool_call_id') moved.firstMessageIndex = map(moved.firstMessageIndex);
  if (moved.code === 'misplaced_tool_result') moved.callMessageIndex = map(moved.callMessageIndex);
  return moved;
}
