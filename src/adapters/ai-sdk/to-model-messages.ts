import type {
  AssistantBlock, AssistantMessage, MediaSource, Message, ToolMessage, UserMessage, UserPart,
} from '../../core/message.js';
import type { Warning } from '../../core/warning.js';
import { systemPrompt, type AdapterOptions } from '../shared/adapter-options.js';
import { prepareContext, type ConversionContext } from '../shared/conversion-context.js';
import { convertEach } from '../shared/convert-each.js';
import { itemName } from '../shared/item-name.js';
import type { ResolvedSource } from '../shared/media.js';
import { parseToolArguments } from '../shared/tool-arguments.js';
import { toolResultText } from '../shared/tool-result-text.js';
import type {
  AssistantModelMessage, ModelFilePart, ModelImagePart, ModelMessage, ModelToolResultPart, UserModelMessage,
} from './model-message-types.js';

/** What {@link toModelMessages} returns: a `body` to spread into an AI SDK call, and what it could not carry. */
export interface ModelMessagesRequest {
  /**
   * `system` is the system prompt, when one was given: ai@7 refuses a system message inside
   * `messages`, and v5, v6 and v7 all take `system` beside them.
   */
  body: { system?: string; messages: ModelMessage[] };
  warnings: Warning[];
}

const API = 'AI SDK ModelMessage';

/**
 * Converts a `sendable` context to Vercel AI SDK `ModelMessage`s (v5 parts). Throws
 * `ConvologError` `invalid_message` (with `path`) for a malformed message and `pairing` for a
 * context that is not `sendable`, before converting anything; never mutates its input.
 *
 * - The system prompt comes from `options.system` only, as `body.system` (never a message: ai@7's
 *   `generateText` refuses system messages inside `messages`, and `system` works in v5, v6 and v7).
 * - Tool calls are `tool-call` parts with the parsed `input` (arguments that do not parse are sent
 *   as `{}` with a `dropped_block` warning); the results of one window are `tool-result` parts of
 *   one `tool` message, with `output: { type: 'text' | 'error-text', value }` (text parts joined
 *   with a newline; other parts left out with a warning).
 * - Provider data is not carried: every `providerData` object loses its namespaces with a
 *   `dropped_provider_data` warning each, and reasoning whose state was entirely a provider's is
 *   left out (it cannot be replayed without it). Provider tool blocks, `other` items and
 *   provider files are left out with warnings. Refusals are sent as text; assistant images as
 *   `file` parts.
 *
 * @example
 * const { body } = toModelMessages(await store.context(id), { system: 'Be brief.' })
 * const result = streamText({ model, ...body }) // body is { system, messages }
 */
export function toModelMessages(messages: readonly Message[], options: AdapterOptions = {}): ModelMessagesRequest {
  const context = prepareContext(messages, []);
  const wire: ModelMessage[] = [];
  context.messages.forEach((message, messageIndex) => {
    switch (message.role) {
      case 'user':
        wire.push(convertUser(message, messageIndex, context));
        return;
      case 'assistant':
        wire.push(convertAssistant(message, messageIndex, context));
        return;
      case 'tool': {
        const part = convertTool(message, messageIndex, context);
        const last = wire.at(-1);
        // One tool message per window, as the AI SDK itself writes them.
        if (last?.role === 'tool') last.content.push(part);
        else wire.push({ role: 'tool', content: [part] });
        return;
      }
    }
  });
  const system = systemPrompt(options);
  return { body: system === undefined ? { messages: wire } : { system, messages: wire }, warnings: context.warnings };
}

function convertUser(message: UserMessage, messageIndex: number, context: ConversionContext): UserModelMessage {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  return { role: 'user', content: convertEach(message.content, (part, blockIndex) => convertUserPart(part, messageIndex, blockIndex, context)) };
}

function convertUserPart(
  part: UserPart, messageIndex: number, blockIndex: number, context: ConversionContext,
): Exclude<UserModelMessage['content'], string>[number] | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return imagePart(part.source as ResolvedSource) ?? dropProviderFile(messageIndex, blockIndex, context, itemName(part, 'part'));
    case 'file':
      return filePart(part.source as ResolvedSource, part.filename, 'application/octet-stream') ?? dropProviderFile(messageIndex, blockIndex, context, itemName(part, 'part'));
    case 'other':
      context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${API} has no place for raw provider items`);
      return undefined;
  }
}

function imagePart(source: ResolvedSource): ModelImagePart | undefined {
  switch (source.kind) {
    case 'base64':
      return { type: 'image', image: source.data, mediaType: source.mediaType };
    case 'url':
      return source.mediaType === undefined ? { type: 'image', image: source.url } : { type: 'image', image: source.url, mediaType: source.mediaType };
    case 'provider_file':
      return undefined;
  }
}

function filePart(source: ResolvedSource, filename: string | undefined, fallbackMediaType: string): ModelFilePart | undefined {
  if (source.kind === 'provider_file') return undefined;
  const part: ModelFilePart = source.kind === 'base64'
    ? { type: 'file', data: source.data, mediaType: source.mediaType }
    : { type: 'file', data: source.url, mediaType: source.mediaType ?? fallbackMediaType };
  if (filename !== undefined) part.filename = filename;
  return part;
}

function dropProviderFile(messageIndex: number, blockIndex: number, context: ConversionContext, what: string): undefined {
  context.dropped(messageIndex, blockIndex, `${what} given as a provider file`, `${API} takes media as data or by URL`);
  return undefined;
}

function convertAssistant(message: AssistantMessage, messageIndex: number, context: ConversionContext): AssistantModelMessage {
  return { role: 'assistant', content: convertEach(message.content, (block, blockIndex) => convertBlock(block, messageIndex, blockIndex, context)) };
}

function convertBlock(
  block: AssistantBlock, messageIndex: number, blockIndex: number, context: ConversionContext,
): Exclude<AssistantModelMessage['content'], string>[number] | undefined {
  switch (block.type) {
    case 'text':
    case 'refusal':
      return { type: 'text', text: block.text };
    case 'reasoning':
      return { type: 'reasoning', text: block.text };
    case 'image':
      return filePart(block.source as ResolvedSource, undefined, 'image/*') ?? dropProviderFile(messageIndex, blockIndex, context, itemName(block, 'block'));
    case 'tool_call':
      return { type: 'tool-call', toolCallId: block.id, toolName: block.name, input: toolInput(block.arguments, block.id, messageIndex, blockIndex, context) };
    case 'provider_tool_call':
    case 'provider_tool_result':
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} replays no provider-run tools without their provider's state`);
      return undefined;
    case 'other':
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} has no place for raw provider items`);
      return undefined;
  }
}

function toolInput(text: string, id: string, messageIndex: number, blockIndex: number, context: ConversionContext): unknown {
  const parsed = parseToolArguments(text);
  if (parsed.ok) return parsed.value;
  context.dropped(messageIndex, blockIndex, `the arguments of tool call "${id}"`, `they are not valid JSON, and ${API} takes tool input as a value; sent as {}`);
  return {};
}

function convertTool(message: ToolMessage, messageIndex: number, context: ConversionContext): ModelToolResultPart {
  const value = toolResultText(message, messageIndex, context, API);
  return {
    type: 'tool-result',
    toolCallId: message.toolCallId,
    toolName: message.toolName,
    output: message.isError === true ? { type: 'error-text', value } : { type: 'text', value },
  };
}
