import type { Entry } from '../../core/entry.js';
import type { HistoryIssue } from '../../core/history-issue.js';
import type { AssistantMessage } from '../../core/message.js';

/**
 * The pairing issues of a whole tree of entries, every branch checked as `validate(…,
 * 'resumable')` checks a linear history, in one pass in seq order (parents first): a tool result
 * must answer a call of the window open on its own branch, once; a user or assistant message
 * may not follow unanswered calls; client tool call ids are unique across the whole tree.
 * Compaction entries are transparent. Indices are positions in `entries`. Costs O(n) plus, per
 * tool result and per message closing a window, a walk up that window's run.
 * @internal
 */
export function branchPairingIssues(entries: readonly Entry[]): HistoryIssue[] {
  const position = new Map<string, number>();
  entries.forEach((entry, index) => position.set(entry.id, index));
  const parentOf = (index: number): number => {
    const parentId = entries[index]!.parentId;
    return parentId === null ? -1 : position.get(parentId) ?? -1;
  };
  // The position of the assistant message whose window is open at the end of each entry's branch, or -1.
  const windowAt: number[] = [];
  const callOwner = new Map<string, number>();
  const issues: HistoryIssue[] = [];
  entries.forEach((entry, index) => {
    const parent = parentOf(index);
    const open = parent < 0 ? -1 : windowAt[parent]!;
    if (entry.type === 'compaction') {
      windowAt[index] = open;
      return;
    }
    const { message } = entry;
    if (message.role === 'tool') {
      checkResult(index, message.toolCallId, parent, open);
      windowAt[index] = open;
      return;
    }
    if (open >= 0) reportUnanswered(parent, open);
    const calls = message.role === 'assistant' ? callIds(message) : [];
    for (const id of calls) {
      const first = callOwner.get(id);
      if (first !== undefined) issues.push({ code: 'duplicate_tool_call_id', messageIndex: index, toolCallId: id, firstMessageIndex: first });
      else callOwner.set(id, index);
    }
    windowAt[index] = calls.length > 0 ? index : -1;
  });
  return issues.sort((left, right) => left.messageIndex - right.messageIndex);

  function checkResult(index: number, toolCallId: string, parent: number, open: number): void {
    const calledIn = callOwner.get(toolCallId);
    if (open < 0 || calledIn !== open) {
      issues.push(calledIn === undefined
        ? { code: 'orphan_tool_result', messageIndex: index, toolCallId }
        : { code: 'misplaced_tool_result', messageIndex: index, toolCallId, callMessageIndex: calledIn });
      return;
    }
    if (answeredInRun(parent, open).has(toolCallId)) issues.push({ code: 'duplicate_tool_result', messageIndex: index, toolCallId });
  }

  function reportUnanswered(last: number, open: number): void {
    const answered = answeredInRun(last, open);
    const assistant = entries[open]! as Entry & { message: AssistantMessage };
    const names = new Map<string, string>();
    for (const block of assistant.message.content) if (block.type === 'tool_call' && !names.has(block.id)) names.set(block.id, block.name);
    for (const [toolCallId, toolName] of names) {
      if (!answered.has(toolCallId)) issues.push({ code: 'unanswered_tool_call', messageIndex: open, toolCallId, toolName });
    }
  }

  /** The call ids answered by the tool messages from `last` up to (not including) the window's assistant message `open`. */
  function answeredInRun(last: number, open: number): Set<string> {
    const answered = new Set<string>();
    for (let at = last; at >= 0 && at !== open; at = parentOf(at)) {
      const entry = entries[at]!;
      if (entry.type === 'message' && entry.message.role === 'tool') answered.add(entry.message.toolCallId);
    }
    return answered;
  }
}

function callIds(message: AssistantMessage): string[] {
  const ids: string[] = [];
  for (const block of message.content) if (block.type === 'tool_call') ids.push(block.id);
  return ids;
}
