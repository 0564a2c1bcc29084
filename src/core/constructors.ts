import type {
  AssistantBlock, AssistantMessage, ToolCallBlock, ToolMessage, ToolResultPart, UserMessage, UserPart,
} from './message.js';

/**
 * A user message.
 * @example user('What is the weather in Oslo?')
 */
export function user(content: string | readonly UserPart[]): UserMessage {
  return { role: 'user', content: typeof content === 'string' ? content : [...content] };
}

/**
 * An assistant message; a string becomes one text block.
 * @example assistant([toolCall('call_1', 'get_weather', { city: 'Oslo' })])
 */
export function assistant(content: string | readonly AssistantBlock[]): AssistantMessage {
  return { role: 'assistant', content: typeof content === 'string' ? [{ type: 'text', text: content }] : [...content] };
}

/**
 * A client tool call block. Arguments given as an object are written as JSON text;
 * a string is kept exactly as given (the model's own text).
 */
export function toolCall(id: string, name: string, args: string | Record<string, unknown> = {}): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

/** The result of the tool call `toolCallId`. `isError` marks a failed call (the model sees it as an error). */
export function toolResult(
  toolCallId: string,
  toolName: string,
  content: string | readonly ToolResultPart[],
  options: { isError?: boolean } = {},
): ToolMessage {
  const result: ToolMessage = {
    role: 'tool',
    toolCallId,
    toolName,
    content: typeof content === 'string' ? content : [...content],
  };
  if (options.isError !== undefined) result.isError = options.isError;
  return result;
}
