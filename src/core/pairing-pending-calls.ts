import type { Message, ToolCallBlock } from './message.js';

/** The calls of the trailing window that no tool message after it answers. @internal */
export interface PendingWindow {
  /** Index of the assistant message that begins the trailing window of tool calls. */
  messageIndex: number;
  /** Its unanswered client tool calls, in block order, one per distinct id. */
  calls: ToolCallBlock[];
}

/**
 * Finds the trailing window (the last assistant message, when nothing but tool messages follows
 * it) and its calls still waiting for a result. `null` when there is no such window or every call
 * of it is answered. Reads only the tail of the history, with the same window rules as `validate`.
 * @internal
 */
export function pendingTrailingWindow(messages: readonly Message[]): PendingWindow | null {
  if (!Array.isArray(messages)) return null;
  let windowIndex = messages.length - 1;
  while (windowIndex >= 0 && roleOf(messages[windowIndex]) === 'tool') windowIndex--;
  if (windowIndex < 0) return null;
  const assistant = messages[windowIndex];
  if (roleOf(assistant) !== 'assistant' || !Array.isArray(assistant?.content)) return null;

  const answered = new Set<unknown>();
  for (let index = windowIndex + 1; index < messages.length; index++) {
    answered.add((messages[index] as { toolCallId?: unknown }).toolCallId);
  }
  const calls: ToolCallBlock[] = [];
  const seen = new Set<unknown>();
  for (const block of assistant.content as readonly unknown[]) {
    if (!isToolCall(block) || answered.has(block.id) || seen.has(block.id)) continue;
    seen.add(block.id);
    calls.push(block);
  }
  return calls.length === 0 ? null : { messageIndex: windowIndex, calls };
}

function roleOf(message: unknown): unknown {
  return typeof message === 'object' && message !== null ? (message as { role?: unknown }).role : undefined;
}

function isToolCall(block: unknown): block is ToolCallBlock {
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'tool_call';
}
