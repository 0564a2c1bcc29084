import { excerpt } from './excerpt.js';
import type { HistoryIssue } from './history-issue.js';

/**
 * One readable English line for a pairing issue, naming the message index and the tool call id.
 *
 * @example
 * describeIssue({ code: 'orphan_tool_result', messageIndex: 4, toolCallId: 'call_9' })
 * // 'message 4: the tool result for call "call_9" answers no earlier tool call'
 */
export function describeIssue(issue: HistoryIssue): string {
  const where = `message ${issue.messageIndex}`;
  // Ids and names come from the input: a hostile one can be megabytes long.
  const call = `call "${excerpt(String(issue.toolCallId))}"`;
  switch (issue.code) {
    case 'unanswered_tool_call':
      return `${where}: tool ${call} (${excerpt(String(issue.toolName))}) has no result in the tool messages right after it`;
    case 'orphan_tool_result':
      return `${where}: the tool result for ${call} answers no earlier tool call`;
    case 'misplaced_tool_result':
      return `${where}: the tool result for ${call} is not in the run of tool messages right after its call in message ${issue.callMessageIndex}`;
    case 'duplicate_tool_result':
      return `${where}: a second tool result for ${call} in the same run of tool messages`;
    case 'duplicate_tool_call_id':
      return `${where}: tool ${call} reuses an id first used in message ${issue.firstMessageIndex}`;
  }
}
