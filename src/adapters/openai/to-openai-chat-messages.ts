import type {
  AssistantBlock, AssistantMessage, FilePart, ImagePart, Message, ToolMessage, UserMessage, UserPart,
} from '../../core/message.js';
import type { Warning } from '../../core/warning.js';
import { systemPrompt, type AdapterOptions } from '../shared/adapter-options.js';
import { prepareContext, type ConversionContext } from '../shared/conversion-context.js';
import { convertEach } from '../shared/convert-each.js';
import { decodeBase64Text } from '../shared/decode-base64-text.js';
import { itemName } from '../shared/item-name.js';
import { isWebImage, type MediaRule } from '../shared/media-rule.js';
import { dataUrl, type ResolvedSource } from '../shared/media.js';
import { ownState, withOwnState } from '../shared/own-state.js';
import { toolResultText } from '../shared/tool-result-text.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import type {
  OpenAIChatAssistantMessage, OpenAIChatContentPart, OpenAIChatMessage, OpenAIChatToolCall, OpenAIChatToolMessage,
  OpenAIChatUserMessage,
} from './openai-types.js';

/** What {@link toOpenAIChatMessages} returns: a `body` to spread into the request, and what it could not carry. */
export interface OpenAIChatRequest {
  body: { messages: OpenAIChatMessage[] };
  warnings: Warning[];
}

const API = 'OpenAI Chat Completions';

/**
 * Converts a `sendable` context to a Chat Completions `messages` array (what OpenAI, llama.cpp,
 * Ollama, vLLM and OpenRouter accept). Throws `ConvologError` `invalid_message` (with `path`) for
 * a malformed message and `pairing` for a context that is not `sendable`, before converting
 * anything; never mutates its input.
 *
 * - The system prompt comes from `options.system` only, as a leading `system` message.
 * - Each assistant message carrying calls is followed by one `tool` message per call (the
 *   history's own order, which `sendable` guarantees). Tool results have no error flag: the
 *   result text says it. Tool content is text: several text parts are joined with a newline.
 * - Assistant text blocks are joined into one `content` string; refusals into `refusal`.
 * - Reasoning, images in assistant or tool messages, provider tool blocks, files given by URL and
 *   `other` items not of origin `openai` have no place in a request: each is left out with a
 *   `dropped_block` warning.
 * - Media data (what `resolveAttachments` gives): PNG, JPEG, GIF and WebP images (also given as
 *   files) as `image_url` data URLs; PDFs as `file` parts (`filename` defaults to `document.pdf`);
 *   text files (`text/*`) as their text; WAV and MP3 as `input_audio`. Anything else in the latest
 *   user message is refused with `unsupported_media_type` (`path` names the part); earlier in the
 *   history it is left out with a `dropped_block` warning, so a stored file never wedges a chat.
 * - Only `providerData.openai` is sent (other namespaces go, with warnings): on a message it adds
 *   fields to the wire message, on a tool call to its `tool_calls` entry, on a user part to the
 *   wire part (on an image, to its `image_url`, e.g. `{ detail: 'high' }`). The adapter's own
 *   fields always win. State where the wire format has no place is left out with a warning.
 *
 * @example
 * const { body, warnings } = toOpenAIChatMessages(await store.context(id), { system: 'Be brief.' })
 * const response = await fetch(url, { method: 'POST', body: JSON.stringify({ model, ...body, stream: true }) })
 */
export function toOpenAIChatMessages(messages: readonly Message[], options: AdapterOptions = {}): OpenAIChatRequest {
  const context = prepareContext(messages, [OPENAI_NAMESPACE], MEDIA);
  const wire: OpenAIChatMessage[] = [];
  const system = systemPrompt(options);
  if (system !== undefined) wire.push({ role: 'system', content: system });
  context.messages.forEach((message, messageIndex) => wire.push(convertMessage(message, messageIndex, context)));
  return { body: { messages: wire }, warnings: context.warnings };
}

function convertMessage(message: Message, messageIndex: number, context: ConversionContext): OpenAIChatMessage {
  const wire = message.role === 'user' ? convertUser(message, messageIndex, context)
    : message.role === 'assistant' ? convertAssistant(message, messageIndex, context)
    : convertTool(message, messageIndex, context);
  return withOwnState<OpenAIChatMessage>(wire, ownState(message.providerData, OPENAI_NAMESPACE));
}

function convertUser(message: UserMessage, messageIndex: number, context: ConversionContext): OpenAIChatUserMessage {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  return { role: 'user', content: convertEach(message.content, (part, blockIndex) => convertUserPart(part, messageIndex, blockIndex, context)) };
}

function convertUserPart(
  part: UserPart, messageIndex: number, blockIndex: number, context: ConversionContext,
): OpenAIChatContentPart | undefined {
  const state = ownState(part.providerData, OPENAI_NAMESPACE);
  switch (part.type) {
    case 'text':
      return withOwnState<OpenAIChatContentPart>({ type: 'text', text: part.text }, state);
    case 'image':
      return convertImage(part, state, messageIndex, blockIndex, context);
    case 'file':
      return convertFile(part, state, messageIndex, blockIndex, context);
    case 'other':
      if (part.origin === OPENAI_NAMESPACE) return part.value as OpenAIChatContentPart;
      context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${API} replays raw items only of origin \`openai\``);
      return undefined;
  }
}

function convertImage(
  part: ImagePart, state: Record<string, unknown> | undefined, messageIndex: number, blockIndex: number, context: ConversionContext,
): OpenAIChatContentPart | undefined {
  const source = part.source as ResolvedSource;
  if (source.kind === 'provider_file') {
    context.dropped(messageIndex, blockIndex, 'an `image` part given as a provider file', `${API} takes images by URL or as data only`);
    return undefined;
  }
  const url = source.kind === 'url' ? source.url : dataUrl(source);
  return { type: 'image_url', image_url: withOwnState({ url }, state) };
}


// The audio Chat Completions takes: WAV (audio/wav, x-wav, wave) and MP3 (audio/mpeg, mp3).
const AUDIO = /^audio\/(x-wav|wave?|mpeg|mp3)$/;

// What Chat Completions reads as data in user messages (tool results and assistant messages are
// text: their media are left out with warnings): images; as files only PDF, text and audio.
const MEDIA: MediaRule = {
  api: API,
  takes: (part, mediaType, message) => message.role !== 'user' || isWebImage(mediaType)
    || (part.type === 'file' && (mediaType === 'application/pdf' || mediaType.startsWith('text/') || AUDIO.test(mediaType))),
};

function convertFile(
  part: FilePart, state: Record<string, unknown> | undefined, messageIndex: number, blockIndex: number, context: ConversionContext,
): OpenAIChatContentPart | undefined {
  const source = part.source as ResolvedSource;
  if (source.kind === 'base64') {
    const { mediaType, data } = source;
    if (AUDIO.test(mediaType)) {
      return withOwnState<OpenAIChatContentPart>({ type: 'input_audio', input_audio: { data, format: mediaType.includes('wav') ? 'wav' : 'mp3' } }, state);
    }
    // A picture given as a file is an image here; a text file is its text, as OpenAI advises.
    if (isWebImage(mediaType)) return convertImage({ type: 'image', source }, state, messageIndex, blockIndex, context);
    if (mediaType.startsWith('text/')) return withOwnState<OpenAIChatContentPart>({ type: 'text', text: decodeBase64Text(data) }, state);
    // A PDF (MEDIA let nothing else through); Chat Completions wants a filename with file data.
    return withOwnState<OpenAIChatContentPart>({ type: 'file', file: { file_data: dataUrl(source), filename: part.filename ?? 'document.pdf' } }, state);
  }
  if (source.kind === 'provider_file' && source.provider === OPENAI_NAMESPACE) {
    return withOwnState<OpenAIChatContentPart>({ type: 'file', file: { file_id: source.fileId } }, state);
  }
  const given = source.kind === 'url' ? 'by URL' : `as a \`${source.provider}\` file`;
  context.dropped(messageIndex, blockIndex, `a \`file\` part given ${given}`, `${API} takes files as data or as OpenAI file ids only`);
  return undefined;
}

// Why each assistant block the wire format has no place for is left out.
const UNSENT_BLOCKS: Readonly<Record<Exclude<AssistantBlock['type'], 'text' | 'refusal' | 'tool_call'>, string>> = {
  reasoning: 'requests have no place for reasoning',
  image: 'takes no images in assistant messages',
  provider_tool_call: 'has no provider-run tools',
  provider_tool_result: 'has no provider-run tools',
  other: 'assistant messages take no raw items',
};

function convertAssistant(message: AssistantMessage, messageIndex: number, context: ConversionContext): OpenAIChatAssistantMessage {
  let text: string | undefined;
  let refusal: string | undefined;
  const toolCalls: OpenAIChatToolCall[] = [];
  message.content.forEach((block, blockIndex) => {
    switch (block.type) {
      case 'text':
        text = (text ?? '') + block.text;
        context.unplacedState(block.providerData, OPENAI_NAMESPACE, messageIndex, blockIndex, 'assistant text is sent as one string');
        return;
      case 'refusal':
        refusal = (refusal ?? '') + block.text;
        context.unplacedState(block.providerData, OPENAI_NAMESPACE, messageIndex, blockIndex, 'a refusal is sent as one string');
        return;
      case 'tool_call':
        toolCalls.push(withOwnState<OpenAIChatToolCall>(
          { id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } },
          ownState(block.providerData, OPENAI_NAMESPACE),
        ));
        return;
      default:
        context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} ${UNSENT_BLOCKS[block.type]}`);
    }
  });
  const wire: OpenAIChatAssistantMessage = {
    role: 'assistant',
    content: text ?? (toolCalls.length > 0 || refusal !== undefined ? null : ''),
  };
  if (refusal !== undefined) wire.refusal = refusal;
  if (toolCalls.length > 0) wire.tool_calls = toolCalls;
  return wire;
}

function convertTool(message: ToolMessage, messageIndex: number, context: ConversionContext): OpenAIChatToolMessage {
  return { role: 'tool', tool_call_id: message.toolCallId, content: toolResultText(message, messageIndex, context, API, OPENAI_NAMESPACE) };
}
