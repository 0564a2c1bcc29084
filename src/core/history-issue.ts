/**
 * One break of the tool-call pairing invariant, as data (DESIGN §3).
 * `describeIssue` renders one readable line.
 */
export type HistoryIssue =
  | { code: 'unanswered_tool_call'; messageIndex: number; toolCallId: string; toolName: string }
  | { code: 'orphan_tool_result'; messageIndex: number; toolCallId: string }
  | { code: 'misplaced_tool_result'; messageIndex: number; toolCallId: string; callMessageIndex: number }
  | { code: 'duplicate_tool_result'; messageIndex: number; toolCallId: string }
  | { code: 'duplicate_tool_call_id'; messageIndex: number; toolCallId: string; firstMessageIndex: number };

/** Validation modes: `sendable` (a provider accepts it) or `resumable` (the trailing window may wait for results). */
export type ValidationMode = 'sendable' | 'resumable';
