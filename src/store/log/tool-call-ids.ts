import type { Message } from '../../core/message.js';

/**
 * The client tool call ids of a message, each once: what the `toolCalls` index holds. Provider
 * tool calls are not the client's to answer and are left out.
 * @internal
 */
export function toolCallIds(message: Message): string[] {
  if (message.role !== 'assistant') return [];
  const ids = new Set<string>();
  for (const block of message.content) if (block.type === 'tool_call') ids.add(block.id);
  return [...ids];
}
