import type {
  AssistantBlock, AssistantMessage, FilePart, ImagePart, Message, ToolMessage, ToolResultPart, UserMessage,
} from '../../core/message.js';
import type { Warning } from '../../core/warning.js';
import { systemPrompt, type AdapterOptions } from '../shared/adapter-options.js';
import { prepareContext, type ConversionContext } from '../shared/conversion-context.js';
import { convertEach } from '../shared/convert-each.js';
import { decodeBase64Text } from '../shared/decode-base64-text.js';
import { itemName } from '../shared/item-name.js';
import { isWebImage, type MediaRule } from '../shared/media-rule.js';
import { objectArguments } from '../shared/object-arguments.js';
import { ownState, withOwnState } from '../shared/own-state.js';
import { ANTHROPIC_NAMESPACE } from './anthropic-namespace.js';
import type {
  AnthropicContentBlock, AnthropicDocumentSource, AnthropicImageMediaType, AnthropicImageSource, AnthropicMessage, AnthropicRawBlock,
  AnthropicServerToolUseBlock, AnthropicToolResultBlock,
} from './anthropic-types.js';

/** What {@link toAnthropicMessages} returns: a `body` to spread into the request, and what it could not carry. */
export interface AnthropicRequest {
  body: { system?: string; messages: AnthropicMessage[] };
  warnings: Warning[];
}

const API = 'Anthropic Messages';
type State = Record<string, unknown> | undefined;

interface Turn {
  role: 'user' | 'assistant';
  blocks: AnthropicContentBlock[];
  /** The text of a turn made of one user message with string content: sent as a string. */
  plainText: string | undefined;
}

/**
 * Converts a `sendable` context to an Anthropic Messages `messages` array and `system`. Throws
 * `ConvologError` `invalid_message` (with `path`) for a malformed message and `pairing` for a
 * context that is not `sendable`, before converting anything; never mutates its input.
 *
 * - The system prompt comes from `options.system` only, as `body.system`.
 * - Tool messages become `tool_result` blocks (`is_error: true` for error results; a blank result
 *   says "(no output)", as Anthropic refuses an empty one) in the user turn after the calls, all of a window's results first, then any user text; consecutive
 *   same-role turns are merged. Empty or whitespace-only text is left out, and a message left
 *   with nothing to send is left out (with a warning): Anthropic refuses empty messages and
 *   blank text.
 * - `tool_use.input` is the parsed `arguments`. Arguments that are not a JSON object (the model
 *   wrote broken JSON) are sent as `{}` with a `dropped_block` warning instead of throwing: the
 *   call is stored for good, and an error here would wedge every later turn.
 * - A reasoning block is replayed only with the state Anthropic issued for it: `thinking` with
 *   `providerData.anthropic.signature`, `redacted_thinking` from `providerData.anthropic.redactedData`;
 *   thinking blocks go first in their turn. Reasoning without that state is left out with a warning.
 * - Only `providerData.anthropic` is sent (other namespaces go, with warnings). On a block or part
 *   it adds fields to the wire block (e.g. `cache_control`; the adapter's own fields win); on a
 *   tool message, to its `tool_result`. Refusals are sent as text. Images in assistant messages,
 *   provider tool blocks and `other` items not of origin `anthropic` are left out with warnings.
 * - Media data (what `resolveAttachments` gives): PNG, JPEG, GIF and WebP images (also given as
 *   files) as base64 `image` blocks; PDFs as base64 `document`s; any `text/*` file as a text
 *   `document` (the filename as its title). Anything else in the latest user message is refused
 *   with `unsupported_media_type`; earlier in the history it is left out with a warning.
 *
 * @example
 * const { body } = toAnthropicMessages(await store.context(id), { system: 'Be brief.' })
 * await fetch('https://api.anthropic.com/v1/messages', { method: 'POST', headers, body: JSON.stringify({ model, max_tokens: 1024, ...body }) })
 */
export function toAnthropicMessages(messages: readonly Message[], options: AdapterOptions = {}): AnthropicRequest {
  const context = prepareContext(messages, [ANTHROPIC_NAMESPACE], MEDIA);
  const turns: Turn[] = [];
  context.messages.forEach((message, messageIndex) => {
    const blocks = convertMessage(message, messageIndex, context);
    if (blocks.length === 0) {
      context.dropped(messageIndex, undefined, 'what remained', `nothing in it can be sent, and ${API} refuses empty messages`);
      return;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const last = turns.at(-1);
    if (last !== undefined && last.role === role) {
      last.blocks.push(...blocks);
      last.plainText = undefined;
      return;
    }
    const plainText = message.role === 'user' && typeof message.content === 'string' ? message.content : undefined;
    turns.push({ role, blocks, plainText });
  });
  const wire = turns.map(wireMessage);
  const system = systemPrompt(options);
  return { body: system === undefined ? { messages: wire } : { system, messages: wire }, warnings: context.warnings };
}

function wireMessage(turn: Turn): AnthropicMessage {
  if (turn.plainText !== undefined) return { role: turn.role, content: turn.plainText };
  // Anthropic wants a window's tool results before anything else in the user turn, and a
  // thinking block first in its assistant turn.
  const first = turn.role === 'user' ? isToolResult : isThinking;
  return { role: turn.role, content: [...turn.blocks.filter(first), ...turn.blocks.filter((block) => !first(block))] };
}

function isToolResult(block: AnthropicContentBlock): boolean {
  return block.type === 'tool_result';
}

function isThinking(block: AnthropicContentBlock): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking';
}

function convertMessage(message: Message, messageIndex: number, context: ConversionContext): AnthropicContentBlock[] {
  switch (message.role) {
    case 'user':
      context.unplacedState(message.providerData, ANTHROPIC_NAMESPACE, messageIndex, undefined, 'Anthropic messages carry no fields besides role and content');
      return convertUser(message, messageIndex, context);
    case 'assistant':
      context.unplacedState(message.providerData, ANTHROPIC_NAMESPACE, messageIndex, undefined, 'Anthropic messages carry no fields besides role and content');
      return convertAssistant(message, messageIndex, context);
    case 'tool':
      return [convertTool(message, messageIndex, context)];
  }
}

function convertUser(message: UserMessage, messageIndex: number, context: ConversionContext): AnthropicContentBlock[] {
  if (typeof message.content === 'string') return isBlank(message.content) ? [] : [{ type: 'text', text: message.content }];
  return convertParts(message.content, messageIndex, context, 'user messages');
}

function convertParts(
  parts: readonly ToolResultPart[], messageIndex: number, context: ConversionContext, where: string,
): AnthropicContentBlock[] {
  return convertEach(parts, (part, blockIndex) => convertPart(part, messageIndex, blockIndex, context, where));
}

function convertPart(
  part: ToolResultPart, messageIndex: number, blockIndex: number, context: ConversionContext, where: string,
): AnthropicContentBlock | undefined {
  const state = ownState(part.providerData, ANTHROPIC_NAMESPACE);
  switch (part.type) {
    case 'text':
      return textBlock(part.text, state, messageIndex, blockIndex, context);
    case 'image':
      return imageBlock(part, state, messageIndex, blockIndex, context);
    case 'file':
      return documentBlock(part, state, messageIndex, blockIndex, context);
    case 'other':
      if (part.origin === ANTHROPIC_NAMESPACE) return replayed(part.value);
      context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${API} ${where} replay raw items only of origin \`anthropic\``);
      return undefined;
  }
}

function textBlock(
  text: string, state: State, messageIndex: number, blockIndex: number, context: ConversionContext,
): AnthropicContentBlock | undefined {
  if (!isBlank(text)) return withOwnState<AnthropicContentBlock>({ type: 'text', text }, state);
  // Blank text says nothing, and Anthropic refuses it (a stored "\n\n" before a tool call would
  // wedge every later turn); only state on it would be lost.
  if (state !== undefined) context.unplacedState({ [ANTHROPIC_NAMESPACE]: state }, ANTHROPIC_NAMESPACE, messageIndex, blockIndex, `${API} refuses empty and whitespace-only text blocks`);
  return undefined;
}

/** Empty or whitespace-only: text Anthropic refuses ("text content blocks must contain non-whitespace text"). */
function isBlank(text: string): boolean {
  return text.trim() === '';
}

// What Anthropic reads as data: PNG, JPEG, GIF and WebP images; PDF and text documents.
const MEDIA: MediaRule = {
  api: API,
  takes: (part, mediaType, message) => message.role === 'assistant' || isWebImage(mediaType)
    || (part.type === 'file' && (mediaType === 'application/pdf' || mediaType.startsWith('text/'))),
};

function imageBlock(
  part: ImagePart, state: State, messageIndex: number, blockIndex: number, context: ConversionContext,
): AnthropicContentBlock | undefined {
  const source = imageSource(part.source);
  if (source !== undefined) return withOwnState<AnthropicContentBlock>({ type: 'image', source }, state);
  context.dropped(messageIndex, blockIndex, 'an `image` part from another provider\'s files', `${API} takes images as data, by URL or as Anthropic file ids`);
  return undefined;
}

function imageSource(source: ImagePart['source']): AnthropicImageSource | undefined {
  switch (source.kind) {
    case 'base64':
      // MEDIA let only JPEG, PNG, GIF and WebP through.
      return { type: 'base64', media_type: source.mediaType as AnthropicImageMediaType, data: source.data };
    case 'url':
      return { type: 'url', url: source.url };
    case 'provider_file':
      return source.provider === ANTHROPIC_NAMESPACE ? { type: 'file', file_id: source.fileId } : undefined;
  }
}

function documentBlock(
  part: FilePart, state: State, messageIndex: number, blockIndex: number, context: ConversionContext,
): AnthropicContentBlock | undefined {
  // A picture given as a file is an image here.
  if (part.source.kind === 'base64' && isWebImage(part.source.mediaType)) return imageBlock({ type: 'image', source: part.source }, state, messageIndex, blockIndex, context);
  const source = documentSource(part.source);
  if (source === undefined) {
    context.dropped(messageIndex, blockIndex, 'a `file` part from another provider\'s files', `${API} takes documents as PDF or text data, by URL or as Anthropic file ids`);
    return undefined;
  }
  const wire: AnthropicContentBlock = part.filename === undefined
    ? { type: 'document', source }
    : { type: 'document', source, title: part.filename };
  return withOwnState(wire, state);
}

function documentSource(source: FilePart['source']): AnthropicDocumentSource | undefined {
  switch (source.kind) {
    case 'base64':
      // MEDIA let only PDF and text through; any text type goes as plain text, the one Anthropic names.
      if (source.mediaType === 'application/pdf') return { type: 'base64', media_type: 'application/pdf', data: source.data };
      return { type: 'text', media_type: 'text/plain', data: decodeBase64Text(source.data) };
    case 'url':
      return { type: 'url', url: source.url };
    case 'provider_file':
      return source.provider === ANTHROPIC_NAMESPACE ? { type: 'file', file_id: source.fileId } : undefined;
  }
}

// What a blank tool result says instead: Anthropic refuses an empty one ("content cannot be
// empty"), and a tool that writes and returns nothing is common.
const NO_OUTPUT = '(no output)';

function convertTool(message: ToolMessage, messageIndex: number, context: ConversionContext): AnthropicContentBlock {
  const content = typeof message.content === 'string'
    ? message.content
    : convertParts(message.content, messageIndex, context, 'tool results') as AnthropicToolResultBlock['content'];
  const blank = typeof content === 'string' ? isBlank(content) : content.length === 0;
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: message.toolCallId, content: blank ? NO_OUTPUT : content };
  if (message.isError === true) block.is_error = true;
  return withOwnState(block, ownState(message.providerData, ANTHROPIC_NAMESPACE));
}

function convertAssistant(message: AssistantMessage, messageIndex: number, context: ConversionContext): AnthropicContentBlock[] {
  return convertEach(message.content, (block, blockIndex) => convertBlock(block, messageIndex, blockIndex, context));
}

function convertBlock(
  block: AssistantBlock, messageIndex: number, blockIndex: number, context: ConversionContext,
): AnthropicContentBlock | undefined {
  const state = ownState(block.providerData, ANTHROPIC_NAMESPACE);
  switch (block.type) {
    case 'text':
    case 'refusal':
      return textBlock(block.text, state, messageIndex, blockIndex, context);
    case 'reasoning':
      return thinkingBlock(block.text, state, messageIndex, blockIndex, context);
    case 'tool_call':
      return withOwnState<AnthropicContentBlock>(
        { type: 'tool_use', id: block.id, name: block.name, input: objectArguments(block, messageIndex, blockIndex, context, API) },
        state,
      );
    case 'provider_tool_call':
      if (block.origin !== ANTHROPIC_NAMESPACE) break;
      return replayed(withOwnState<AnthropicServerToolUseBlock>(
        { type: stringOr(state?.type, 'server_tool_use'), id: block.id, name: block.name, input: objectArguments(block, messageIndex, blockIndex, context, API) },
        state,
      ));
    case 'provider_tool_result':
      if (block.origin !== ANTHROPIC_NAMESPACE || typeof state?.type !== 'string') break;
      return replayed(withOwnState<AnthropicRawBlock>({ type: state.type, tool_use_id: block.toolCallId, content: block.value }, state));
    case 'other':
      if (block.origin !== ANTHROPIC_NAMESPACE) break;
      return replayed(block.value);
    case 'image':
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} takes no images in assistant messages`);
      return undefined;
  }
  context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} replays provider items only of origin \`anthropic\` with their state`);
  return undefined;
}

function thinkingBlock(
  text: string, state: State, messageIndex: number, blockIndex: number, context: ConversionContext,
): AnthropicContentBlock | undefined {
  if (typeof state?.redactedData === 'string') return { type: 'redacted_thinking', data: state.redactedData };
  if (typeof state?.signature === 'string') return { type: 'thinking', thinking: text, signature: state.signature };
  context.dropped(messageIndex, blockIndex, 'a `reasoning` block without an Anthropic signature', `${API} accepts thinking only with the signature it issued`);
  return undefined;
}

/**
 * A block Anthropic sent, going back as it came. It is one of Anthropic's own block types, which
 * {@link AnthropicContentBlock} does not spell out (see there).
 */
function replayed(block: unknown): AnthropicContentBlock {
  return block as AnthropicContentBlock;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
