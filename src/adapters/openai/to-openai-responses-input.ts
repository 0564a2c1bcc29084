import { nonEmptyText } from '../../core/non-empty-text.js';
import type {
  AssistantBlock, AssistantMessage, FilePart, ImagePart, Message, ToolMessage, ToolResultPart, UserMessage,
} from '../../core/message.js';
import type { Warning } from '../../core/warning.js';
import { systemPrompt, type AdapterOptions } from '../shared/adapter-options.js';
import { prepareContext, type ConversionContext } from '../shared/conversion-context.js';
import { convertEach } from '../shared/convert-each.js';
import { itemName } from '../shared/item-name.js';
import { isWebImage, type MediaRule } from '../shared/media-rule.js';
import { dataUrl, type ResolvedSource } from '../shared/media.js';
import { ownState, withOwnState } from '../shared/own-state.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import { pairReasoning, withoutItemId, type PlacedItem } from './pair-reasoning.js';
import type {
  OpenAIResponsesAnnotation, OpenAIResponsesFunctionCallOutput, OpenAIResponsesInputContent, OpenAIResponsesInputImage, OpenAIResponsesInputItem,
  OpenAIResponsesOutputMessage, OpenAIResponsesUserMessage,
} from './openai-responses-types.js';

/** What {@link toOpenAIResponsesInput} returns: a `body` to spread into the request, and what it could not carry. */
export interface OpenAIResponsesRequest {
  body: { instructions?: string; input: OpenAIResponsesInputItem[] };
  warnings: Warning[];
}

type State = Record<string, unknown> | undefined;

const API = 'The OpenAI Responses API';
const IMAGE_DETAILS: ReadonlySet<unknown> = new Set(['low', 'high', 'auto', 'original']);
// Item-level state of a message's text blocks: it goes on the message item, not on its parts.
const MESSAGE_ITEM_KEYS: ReadonlySet<string> = new Set(['id', 'status', 'phase']);

/**
 * Converts a `sendable` context to a Responses API `input` (`POST /v1/responses`,
 * `openai.responses.create`). Throws `ConvologError` `invalid_message` (with `path`) for a
 * malformed message and `pairing` for a context that is not `sendable`, before converting
 * anything; never mutates its input.
 *
 * - The system prompt comes from `options.system` only, as `instructions`.
 * - A user message is a `message` item; a tool message is a `function_call_output` whose
 *   `call_id` is the tool call id (text as a string; with images or files, as content parts).
 *   Tool results have no error flag: the result text says it.
 * - An assistant message becomes its items, in its own order: text and refusals that came from
 *   the Responses API go back as their `message` item (id, status, phase, annotations); other
 *   text as a plain assistant message; each tool call as a `function_call` (`call_id` = tool call
 *   id, `id` = the item id in `providerData.openai`); reasoning as its `reasoning` item (`id`,
 *   `summary`, `encrypted_content`), in place, so stateless `store: false` reasoning works with
 *   `include: ['reasoning.encrypted_content']`; `other` items of origin `openai` (built-in tool
 *   calls, `item_reference`) as they came.
 * - Reasoning without an OpenAI item id, and reasoning not followed by the item it preceded
 *   (OpenAI refuses it: "provided without its required following item"), is left out with a
 *   warning; images, provider tool blocks and foreign raw items in assistant messages too.
 * - Media data (what `resolveAttachments` gives): PNG, JPEG, GIF and WebP images (also given as
 *   files) as `input_image` data URLs; any other file as `input_file` data (the API reads PDF,
 *   text, code, Office documents and spreadsheets, and checks the type itself). An image of
 *   another type in the latest user message is refused with `unsupported_media_type`; earlier in
 *   the history it is left out with a warning.
 * - Only `providerData.openai` is sent (other namespaces go, with warnings).
 *
 * @example
 * const { body } = toOpenAIResponsesInput(await store.context(id), { system: 'Be brief.' })
 * const response = await openai.responses.create({ model, store: false, include: ['reasoning.encrypted_content'], ...body })
 */
export function toOpenAIResponsesInput(messages: readonly Message[], options: AdapterOptions = {}): OpenAIResponsesRequest {
  const context = prepareContext(messages, [OPENAI_NAMESPACE], MEDIA);
  const input: OpenAIResponsesInputItem[] = [];
  context.messages.forEach((message, messageIndex) => {
    const state = ownState(message.providerData, OPENAI_NAMESPACE);
    switch (message.role) {
      case 'user':
        input.push(withOwnState(convertUser(message, messageIndex, context), state));
        return;
      case 'tool':
        input.push(withOwnState(convertTool(message, messageIndex, context), state));
        return;
      case 'assistant':
        context.unplacedState(message.providerData, OPENAI_NAMESPACE, messageIndex, undefined, 'an assistant message is sent as its items');
        input.push(...pairReasoning(convertAssistant(message, messageIndex, context), messageIndex, context));
        return;
    }
  });
  const instructions = systemPrompt(options);
  return { body: instructions === undefined ? { input } : { instructions, input }, warnings: context.warnings };
}

function convertUser(message: UserMessage, messageIndex: number, context: ConversionContext): OpenAIResponsesUserMessage {
  if (typeof message.content === 'string') return { type: 'message', role: 'user', content: message.content };
  return { type: 'message', role: 'user', content: convertParts(message.content, messageIndex, context) };
}

function convertTool(message: ToolMessage, messageIndex: number, context: ConversionContext): OpenAIResponsesFunctionCallOutput {
  const output = typeof message.content === 'string' ? message.content : convertParts(message.content, messageIndex, context);
  // Text alone goes as one string, as most servers that speak this API expect.
  const text = Array.isArray(output) && output.every((part) => part.type === 'input_text') ? output.map((part) => part.text).join('\n') : output;
  return { type: 'function_call_output', call_id: message.toolCallId, output: text };
}

function convertParts(parts: readonly ToolResultPart[], messageIndex: number, context: ConversionContext): OpenAIResponsesInputContent[] {
  return convertEach(parts, (part, blockIndex) => {
    const state = ownState(part.providerData, OPENAI_NAMESPACE);
    switch (part.type) {
      case 'text':
        return withOwnState<OpenAIResponsesInputContent>({ type: 'input_text', text: part.text }, state);
      case 'image':
        return convertImage(part, state, messageIndex, blockIndex, context);
      case 'file':
        return convertFile(part, state, messageIndex, blockIndex, context);
      case 'other':
        if (part.origin === OPENAI_NAMESPACE) return part.value as OpenAIResponsesInputContent;
        context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${API} replays raw items only of origin \`openai\``);
        return undefined;
    }
  });
}

// What the Responses API reads as data: PNG, JPEG, GIF and WebP images; files of many types
// (PDF, text, code, Office documents, spreadsheets), which it checks itself.
const MEDIA: MediaRule = { api: API, takes: (part, mediaType, message) => message.role === 'assistant' || part.type === 'file' || isWebImage(mediaType) };

function convertImage(part: ImagePart, state: State, messageIndex: number, blockIndex: number, context: ConversionContext): OpenAIResponsesInputContent | undefined {
  const detail = (IMAGE_DETAILS.has(state?.detail) ? state!.detail : 'auto') as OpenAIResponsesInputImage['detail'];
  const source = part.source as ResolvedSource;
  switch (source.kind) {
    case 'url':
      return withOwnState<OpenAIResponsesInputContent>({ type: 'input_image', detail, image_url: source.url }, state);
    case 'base64':
      return withOwnState<OpenAIResponsesInputContent>({ type: 'input_image', detail, image_url: dataUrl(source) }, state);
    case 'provider_file':
      if (source.provider === OPENAI_NAMESPACE) return withOwnState<OpenAIResponsesInputContent>({ type: 'input_image', detail, file_id: source.fileId }, state);
      context.dropped(messageIndex, blockIndex, `an \`image\` part given as a \`${source.provider}\` file`, `${API} takes images by URL, as data or as OpenAI file ids`);
      return undefined;
  }
}

function convertFile(part: FilePart, state: State, messageIndex: number, blockIndex: number, context: ConversionContext): OpenAIResponsesInputContent | undefined {
  const source = part.source as ResolvedSource;
  let wire: OpenAIResponsesInputContent;
  switch (source.kind) {
    case 'url':
      wire = { type: 'input_file', file_url: source.url };
      break;
    case 'base64':
      // A picture given as a file is an image here (with the detail an image takes).
      if (isWebImage(source.mediaType)) return convertImage({ type: 'image', source }, state, messageIndex, blockIndex, context);
      wire = { type: 'input_file', file_data: dataUrl(source) };
      break;
    case 'provider_file':
      if (source.provider !== OPENAI_NAMESPACE) {
        context.dropped(messageIndex, blockIndex, `a \`file\` part given as a \`${source.provider}\` file`, `${API} takes files by URL, as data or as OpenAI file ids`);
        return undefined;
      }
      wire = { type: 'input_file', file_id: source.fileId };
      break;
  }
  if (part.filename !== undefined) wire.filename = part.filename;
  return withOwnState(wire, state);
}

/** The message item being filled by consecutive text and refusal blocks of the same item id. */
interface OpenMessage { item: OpenAIResponsesOutputMessage | undefined; text: string; blockIndex: number }

function convertAssistant(message: AssistantMessage, messageIndex: number, context: ConversionContext): PlacedItem[] {
  const placed: PlacedItem[] = [];
  let open: OpenMessage | undefined;
  // Set when reasoning was left out: the item after it must not name the reasoning it followed.
  let reasoningLeftOut = false;
  const place = (item: OpenAIResponsesInputItem, blockIndex: number): void => {
    placed.push({ item: reasoningLeftOut ? withoutItemId(item) : item, blockIndex });
    reasoningLeftOut = false;
  };
  const close = (): void => {
    if (open === undefined) return;
    if (open.item !== undefined) place(open.item, open.blockIndex);
    else if (open.text !== '') place({ type: 'message', role: 'assistant', content: open.text }, open.blockIndex);
    open = undefined;
  };
  message.content.forEach((block, blockIndex) => {
    const state = ownState(block.providerData, OPENAI_NAMESPACE);
    if (block.type === 'text' || block.type === 'refusal') {
      const itemId = nonEmptyText(state?.id);
      if (open === undefined || open.item?.id !== itemId) {
        close();
        open = { item: itemId === undefined ? undefined : messageItem(itemId, state!), text: '', blockIndex };
      }
      if (open.item === undefined) open.text += block.text;
      else open.item.content.push(block.type === 'text' ? outputText(block.text, state) : { type: 'refusal', refusal: block.text });
      return;
    }
    close();
    const item = convertBlock(block, state, messageIndex, blockIndex, context);
    if (item !== undefined) place(item, blockIndex);
    else if (block.type === 'reasoning') reasoningLeftOut = true;
  });
  close();
  return placed;
}

function messageItem(id: string, state: Record<string, unknown>): OpenAIResponsesOutputMessage {
  const status = state.status === 'in_progress' || state.status === 'incomplete' ? state.status : 'completed';
  const item: OpenAIResponsesOutputMessage = { type: 'message', role: 'assistant', id, status, content: [] };
  if (state.phase === 'commentary' || state.phase === 'final_answer') item.phase = state.phase;
  return item;
}

function outputText(text: string, state: State): OpenAIResponsesOutputMessage['content'][number] {
  // Annotations are kept as the API sent them (see messagePartBlock).
  const annotations = (Array.isArray(state?.annotations) ? state.annotations : []) as OpenAIResponsesAnnotation[];
  const partState = state === undefined ? undefined : Object.fromEntries(Object.entries(state).filter(([key]) => !MESSAGE_ITEM_KEYS.has(key)));
  return withOwnState({ type: 'output_text', text, annotations }, partState);
}

function convertBlock(
  block: Exclude<AssistantBlock, { type: 'text' | 'refusal' }>, state: State, messageIndex: number, blockIndex: number, context: ConversionContext,
): OpenAIResponsesInputItem | undefined {
  switch (block.type) {
    case 'reasoning':
      if (typeof state?.id === 'string' && state.id !== '') {
        const summary = Array.isArray(state.summary) ? state.summary : block.text === '' ? [] : [{ type: 'summary_text', text: block.text }];
        return withOwnState<OpenAIResponsesInputItem>({ type: 'reasoning', id: state.id, summary }, state);
      }
      context.dropped(messageIndex, blockIndex, 'a `reasoning` block without an OpenAI item id', `${API} replays reasoning only as the item it issued`);
      return undefined;
    case 'tool_call':
      return withOwnState<OpenAIResponsesInputItem>({ type: 'function_call', call_id: block.id, name: block.name, arguments: block.arguments }, state);
    case 'other':
      if (block.origin === OPENAI_NAMESPACE) return block.value as OpenAIResponsesInputItem;
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} replays raw items only of origin \`openai\``);
      return undefined;
    case 'image':
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} takes no images in assistant messages`);
      return undefined;
    case 'provider_tool_call':
    case 'provider_tool_result':
      context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} replays its built-in tool calls as the raw items it sent (\`other\` blocks)`);
      return undefined;
  }
}
