import type { HistoryIssue, ValidationMode } from './history-issue.js';
import type { Message } from './message.js';

// Answer states of a call in the open window. Small integers keep the window map monomorphic.
const PENDING = 0;
const ANSWERED = 1;

/**
 * One linear pass over a history. Exactly one window is open at a time: the calls of the latest
 * assistant message, answerable only by the run of tool messages directly after it. Any other
 * message closes the window, and its unanswered calls become issues.
 *
 * Written as a class with plain loops because `validate` runs on every append and load of
 * long histories: no allocation per message and no closures in the hot loop.
 */
class PairingScan {
  readonly issues: HistoryIssue[] = [];
  // Every client tool call id seen so far → the index of the first message that called it.
  private readonly firstCallAt = new Map<unknown, number>();
  // Calls of the open window → PENDING or ANSWERED. Empty when no window is open.
  private readonly windowState = new Map<unknown, number>();
  // The open window's calls in block order (one entry per distinct id), for unanswered issues.
  private readonly windowIds: unknown[] = [];
  private readonly windowNames: unknown[] = [];
  private windowIndex = -1;
  // Where the open window's unanswered issues belong: after the issues of its assistant message,
  // before the issues of its run (they are only known when the run ends).
  private windowIssueStart = 0;

  scan(messages: readonly Message[], mode: ValidationMode): HistoryIssue[] {
    const length = messages.length;
    for (let index = 0; index < length; index++) {
      const message = messages[index] as Partial<Message> | null | undefined;
      const role = typeof message === 'object' && message !== null ? message.role : undefined;
      if (role === 'tool') {
        this.result((message as { toolCallId?: unknown }).toolCallId, index);
        continue;
      }
      if (this.windowIds.length > 0) this.closeWindow(true);
      if (role === 'assistant') this.openWindow((message as { content?: unknown }).content, index);
    }
    // The trailing window may still wait for results when the history is only meant to be resumed.
    if (this.windowIds.length > 0) this.closeWindow(mode === 'sendable');
    return this.issues;
  }

  private openWindow(content: unknown, index: number): void {
    if (!Array.isArray(content)) return;
    const blocks = content as readonly unknown[];
    for (let blockIndex = 0; blockIndex < blocks.length; blockIndex++) {
      const block = blocks[blockIndex] as { type?: unknown; id?: unknown; name?: unknown } | null | undefined;
      if (typeof block !== 'object' || block === null || block.type !== 'tool_call') continue;
      this.call(block.id, block.name, index);
    }
    this.windowIndex = index;
    this.windowIssueStart = this.issues.length;
  }

  private call(id: unknown, name: unknown, index: number): void {
    const firstIndex = this.firstCallAt.get(id);
    if (firstIndex === undefined) {
      this.firstCallAt.set(id, index);
    } else {
      this.issues.push({ code: 'duplicate_tool_call_id', messageIndex: index, toolCallId: id as string, firstMessageIndex: firstIndex });
    }
    // A repeated id within one message is one call for answering purposes: a single result settles it.
    if (this.windowState.has(id)) return;
    this.windowState.set(id, PENDING);
    this.windowIds.push(id);
    this.windowNames.push(name);
  }

  private result(id: unknown, index: number): void {
    const state = this.windowState.get(id);
    if (state === PENDING) {
      this.windowState.set(id, ANSWERED);
      return;
    }
    if (state === ANSWERED) {
      this.issues.push({ code: 'duplicate_tool_result', messageIndex: index, toolCallId: id as string });
      return;
    }
    const callIndex = this.firstCallAt.get(id);
    if (callIndex === undefined) {
      this.issues.push({ code: 'orphan_tool_result', messageIndex: index, toolCallId: id as string });
      return;
    }
    this.issues.push({ code: 'misplaced_tool_result', messageIndex: index, toolCallId: id as string, callMessageIndex: callIndex });
  }

  private closeWindow(reportUnanswered: boolean): void {
    if (reportUnanswered) this.reportUnanswered();
    this.windowIds.length = 0;
    this.windowNames.length = 0;
    this.windowState.clear();
  }

  private reportUnanswered(): void {
    const issues = this.issues;
    // Issues of the run come after the assistant message in message order: set them aside.
    const runIssues = issues.length > this.windowIssueStart ? issues.splice(this.windowIssueStart) : undefined;
    const ids = this.windowIds;
    for (let position = 0; position < ids.length; position++) {
      const id = ids[position];
      if (this.windowState.get(id) !== PENDING) continue;
      issues.push({
        code: 'unanswered_tool_call', messageIndex: this.windowIndex, toolCallId: id as string, toolName: this.windowNames[position] as string,
      });
    }
    if (runIssues === undefined) return;
    for (let position = 0; position < runIssues.length; position++) issues.push(runIssues[position]!);
  }
}

/**
 * Checks the tool-call pairing invariant (DESIGN §3) and returns every break of it, in message
 * order; `[]` means the history is valid for `mode`.
 *
 * Every `tool_call` needs exactly one result in the run of tool messages directly after its
 * assistant message (in any order), and tool call ids are unique across the conversation.
 * `sendable` accepts no unanswered call; `resumable` accepts unanswered calls in the trailing
 * window only (the last assistant message when nothing but tool messages follows it). Stray results
 * inside that trailing run are still reported. `provider_tool_call`, `provider_tool_result` and
 * `other` content are not client tool calls and are ignored. Never throws, never mutates.
 *
 * @example
 * const issues = validate(history, 'sendable')
 * if (issues.length > 0) console.warn(issues.map(describeIssue).join('\n'))
 */
export function validate(messages: readonly Message[], mode: ValidationMode): HistoryIssue[] {
  if (!Array.isArray(messages)) return [];
  return new PairingScan().scan(messages, mode);
}
