import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../src/core/describe-issue.js';
import type { HistoryIssue } from '../../src/core/history-issue.js';

const issues: HistoryIssue[] = [
  { code: 'unanswered_tool_call', messageIndex: 3, toolCallId: 'call_u', toolName: 'get_weather' },
  { code: 'orphan_tool_result', messageIndex: 4, toolCallId: 'call_o' },
  { code: 'misplaced_tool_result', messageIndex: 7, toolCallId: 'call_m', callMessageIndex: 2 },
  { code: 'duplicate_tool_result', messageIndex: 8, toolCallId: 'call_d' },
  { code: 'duplicate_tool_call_id', messageIndex: 12, toolCallId: 'call_r', firstMessageIndex: 1 },
];

describe('describeIssue', () => {
  it.each(issues)('renders $code as one line naming the message index and the tool call id', (issue) => {
    const line = describeIssue(issue);
    expect(line).not.toContain('\n');
    expect(line).toContain(`message ${issue.messageIndex}`);
    expect(line).toContain(`"${issue.toolCallId}"`);
  });

  it('names the other message involved', () => {
    expect(describeIssue(issues[2]!)).toContain('message 2');
    expect(describeIssue(issues[4]!)).toContain('message 1');
  });

  it('names the tool of an unanswered call', () => {
    expect(describeIssue(issues[0]!)).toContain('get_weather');
  });

  it('tells the kinds apart', () => {
    const lines = issues.map((issue) => describeIssue({ ...issue, messageIndex: 0, toolCallId: 'same' } as HistoryIssue));
    expect(new Set(lines).size).toBe(issues.length);
  });
});
