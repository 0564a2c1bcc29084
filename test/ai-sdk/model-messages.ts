// What the AI SDK would send, checked the way a provider checks it (not a test file).
import type { ModelMessage } from 'ai';

/** Tool call ids in `messages` that have no tool result in the next tool message. */
export function unansweredToolCalls(messages: readonly ModelMessage[]): string[] {
  const unanswered: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    const next = messages[index + 1];
    const answered = new Set(next?.role === 'tool' ? next.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])) : []);
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.providerExecuted !== true && !answered.has(part.toolCallId)) unanswered.push(part.toolCallId);
    }
  });
  return unanswered;
}
