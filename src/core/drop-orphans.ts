import type { HistoryIssue } from './history-issue.js';
import type { AssistantMessage, Message } from './message.js';
import { validate } from './validate.js';
import type { Warning } from './warning.js';

/** What {@link dropOrphans} returns. */
export interface DropOrphansResult {
  /** The repaired history (a new array; untouched messages are the same objects). */
  messages: Message[];
  /** The tool call ids of every removed result and call, in message order. */
  dropped: string[];
  /** One `dropped_block` warning per removed tool result or tool call, indexed into the input. */
  warnings: Warning[];
}

/**
 * The read-side repair of a wedged history: removes every tool result that no call in place
 * answers (orphan, misplaced and duplicate results) and every tool call left unanswered before
 * the trailing window (its result is gone, so no provider would accept the call). An assistant
 * message left with no content by that is removed too. Pending calls of the trailing window are
 * kept: `settle` answers them. Afterwards the history is `resumable` unless tool call ids repeat.
 *
 * @example
 * const { messages, dropped, warnings } = dropOrphans(loaded)
 * const sendable = settle(messages).messages
 */
export function dropOrphans(messages: readonly Message[]): DropOrphansResult {
  const issues = validate(messages, 'resumable');
  const droppedResults = new Map<number, HistoryIssue>();
  const droppedCalls = new Map<number, Set<string>>();
  for (const issue of issues) {
    if (issue.code === 'duplicate_tool_call_id') continue;
    if (issue.code !== 'unanswered_tool_call') {
      droppedResults.set(issue.messageIndex, issue);
      continue;
    }
    const calls = droppedCalls.get(issue.messageIndex) ?? new Set<string>();
    calls.add(issue.toolCallId);
    droppedCalls.set(issue.messageIndex, calls);
  }
  if (droppedResults.size === 0 && droppedCalls.size === 0) return { messages: [...messages], dropped: [], warnings: [] };

  const result: DropOrphansResult = { messages: [], dropped: [], warnings: [] };
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    const strayResult = droppedResults.get(index);
    const unanswered = droppedCalls.get(index);
    if (strayResult !== undefined) {
      dropResult(result, strayResult);
    } else if (unanswered === undefined) {
      result.messages.push(message);
    } else {
      const kept = dropCalls(result, message as AssistantMessage, index, unanswered);
      // An assistant message with nothing left says nothing, and providers refuse empty content.
      if (kept.length > 0) result.messages.push({ ...message, content: kept } as AssistantMessage);
    }
  }
  return result;
}

function dropResult(result: DropOrphansResult, issue: HistoryIssue): void {
  result.dropped.push(issue.toolCallId);
  result.warnings.push({ code: 'dropped_block', messageIndex: issue.messageIndex, message: `Removed the tool result in ${resultReason(issue)}.` });
}

function resultReason(issue: HistoryIssue): string {
  const where = `message ${issue.messageIndex} for call "${issue.toolCallId}"`;
  switch (issue.code) {
    case 'misplaced_tool_result':
      return `${where}: it is not right after its call in message ${issue.callMessageIndex}`;
    case 'duplicate_tool_result':
      return `${where}: the call already has a result`;
    default:
      return `${where}: no earlier tool call has that id`;
  }
}

function dropCalls(
  result: DropOrphansResult, message: AssistantMessage, index: number, unanswered: ReadonlySet<string>,
): AssistantMessage['content'] {
  const kept: AssistantMessage['content'] = [];
  for (let blockIndex = 0; blockIndex < message.content.length; blockIndex++) {
    const block = message.content[blockIndex]!;
    if (block.type !== 'tool_call' || !unanswered.has(block.id)) {
      kept.push(block);
      continue;
    }
    result.dropped.push(block.id);
    result.warnings.push({
      code: 'dropped_block', messageIndex: index, blockIndex,
      message: `Removed tool call "${block.id}" (${block.name}) in message ${index}: it has no result right after it.`,
    });
  }
  return kept;
}
