import type { HistoryIssue, ValidationMode } from './history-issue.js';
import type { Message } from './message.js';

/**
 * One linear pass over a history. Exactly one window is open at a time: the calls of the latest
 * assistant message, answerable only by the run of tool messages directly after it. Any other
 * message closes the window, and its unanswered calls become issues.
 *
 * Written as a class with plain loops because `validate` runs on every append and load of
 * long histories: one map lookup per call and per result, no allocation per message or per
 * window, and no closures in the hot loop. Its members are `#private`, which a minifier may
 * rename (it keeps property names): every adapter bundles this scan.
 */
class PairingScan {
  readonly #issues: HistoryIssue[] = [];
  // Every client tool call id seen so far → (index of the assistant message that called it last) * 2
  // + 1 once a result in that message's run answered it. Comparing the index with the open window
  // tells a result in place from a misplaced one without a map per window of results.
  readonly #calls = new Map<unknown, number>();
  // First caller of the ids that were called again: rare, so kept apart from the hot map.
  readonly #firstCallOfReused = new Map<unknown, number>();
  // The open window's distinct call ids and tool names in block order; reused across windows.
  readonly #windowIds: unknown[] = [];
  readonly #windowNames: unknown[] = [];
  #windowSize = 0;
  // Index of the assistant message whose run is open, or -1 once a non-tool message ended it.
  #windowIndex = -1;
  // Where the open window's unanswered issues belong: after the issues of its assistant message,
  // before the issues of its run (they are only known when the run ends).
  #windowIssueStart = 0;

  scan(messages: readonly Message[], mode: ValidationMode): HistoryIssue[] {
    const length = messages.length;
    for (let index = 0; index < length; index++) {
      const message = messages[index] as Partial<Message> | null | undefined;
      const role = typeof message === 'object' && message !== null ? message.role : undefined;
      if (role === 'tool') {
        this.#result((message as { toolCallId?: unknown }).toolCallId, index);
        continue;
      }
      this.#closeWindow(true);
      if (role === 'assistant') this.#openWindow((message as { content?: unknown }).content, index);
    }
    // The trailing window may still wait for results when the history is only meant to be resumed.
    this.#closeWindow(mode === 'sendable');
    return this.#issues;
  }

  #openWindow(content: unknown, index: number): void {
    this.#windowIndex = index;
    if (!Array.isArray(content)) return;
    const blocks = content as readonly unknown[];
    for (let blockIndex = 0; blockIndex < blocks.length; blockIndex++) {
      const block = blocks[blockIndex] as { type?: unknown; id?: unknown; name?: unknown } | null | undefined;
      if (typeof block !== 'object' || block === null || block.type !== 'tool_call') continue;
      this.#call(block.id, block.name, index);
    }
    this.#windowIssueStart = this.#issues.length;
  }

  #call(id: unknown, name: unknown, index: number): void {
    const state = this.#calls.get(id);
    if (state !== undefined) {
      const firstIndex = this.#firstCallOfReused.get(id) ?? state >> 1;
      this.#issues.push({ code: 'duplicate_tool_call_id', messageIndex: index, toolCallId: id as string, firstMessageIndex: firstIndex });
      // A repeated id within one message is one call for answering purposes: a single result settles it.
      if (state >> 1 === index) return;
      if (!this.#firstCallOfReused.has(id)) this.#firstCallOfReused.set(id, firstIndex);
    }
    this.#calls.set(id, index * 2);
    this.#windowIds[this.#windowSize] = id;
    this.#windowNames[this.#windowSize] = name;
    this.#windowSize++;
  }

  #result(id: unknown, index: number): void {
    const state = this.#calls.get(id);
    if (state === undefined) {
      this.#issues.push({ code: 'orphan_tool_result', messageIndex: index, toolCallId: id as string });
      return;
    }
    if (state >> 1 !== this.#windowIndex) {
      const callIndex = this.#firstCallOfReused.get(id) ?? state >> 1;
      this.#issues.push({ code: 'misplaced_tool_result', messageIndex: index, toolCallId: id as string, callMessageIndex: callIndex });
      return;
    }
    if ((state & 1) === 1) {
      this.#issues.push({ code: 'duplicate_tool_result', messageIndex: index, toolCallId: id as string });
      return;
    }
    this.#calls.set(id, state | 1);
  }

  #closeWindow(reportUnanswered: boolean): void {
    if (reportUnanswered && this.#windowSize > 0) this.#reportUnanswered();
    this.#windowSize = 0;
    this.#windowIndex = -1;
  }

  #reportUnanswered(): void {
    const issues = this.#issues;
    // Issues of the run come after the assistant message in message order: set them aside.
    const runIssues = issues.length > this.#windowIssueStart ? issues.splice(this.#windowIssueStart) : undefined;
    for (let position = 0; position < this.#windowSize; position++) {
      const id = this.#windowIds[position];
      if (((this.#calls.get(id) as number) & 1) === 1) continue;
      issues.push({
        code: 'unanswered_tool_call', messageIndex: this.#windowIndex, toolCallId: id as string, toolName: this.#windowNames[position] as string,
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
