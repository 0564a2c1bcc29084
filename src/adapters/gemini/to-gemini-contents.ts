import type {
  AssistantBlock, AssistantMessage, MediaSource, Message, ToolMessage, ToolResultPart, UserMessage,
} from '../../core/message.js';
import type { Warning } from '../../core/warning.js';
import { systemPrompt, type AdapterOptions } from '../shared/adapter-options.js';
import { prepareContext, type ConversionContext } from '../shared/conversion-context.js';
import { convertEach } from '../shared/convert-each.js';
import { itemName } from '../shared/item-name.js';
import { objectArguments } from '../shared/object-arguments.js';
import { ownState, withOwnState } from '../shared/own-state.js';
import { toolResultText } from '../shared/tool-result-text.js';
import { GOOGLE_AI_NAMESPACE } from './gemini-namespace.js';
import type { GeminiContent, GeminiPart } from './gemini-types.js';

/** What {@link toGeminiContents} returns: a `body` to spread into the request, and what it could not carry. */
export interface GeminiRequest {
  body: { systemInstruction?: { parts: { text: string }[] }; contents: GeminiContent[] };
  warnings: Warning[];
}

const API = 'Gemini';
type State = Record<string, unknown> | undefined;

/** A part on its way to the wire; a function response remembers its call's position in the window. */
interface PendingPart { part: GeminiPart; callPosition?: number }
interface Turn { role: 'user' | 'model'; parts: PendingPart[] }
/** The calls of the latest assistant message: id → position and name. */
type Window = Map<string, { position: number; name: string }>;

/**
 * Converts a `sendable` context to Gemini `contents` and `systemInstruction`. Throws
 * `ConvologError` `invalid_message` (with `path`) for a malformed message and `pairing` for a
 * context that is not `sendable`, before converting anything; never mutates its input.
 *
 * - The system prompt comes from `options.system` only, as `body.systemInstruction`.
 * - Roles are `user` and `model`; consecutive same-role turns are merged, and a message left with
 *   nothing to send is left out with a warning (Gemini refuses empty turns and empty text).
 * - The user turn after a model turn with `functionCall` parts starts with exactly one
 *   `functionResponse` per call, in the calls' order, named as the call, with `{ output: text }`
 *   or, for an error result, `{ error: text }`. Call ids are not sent: Gemini matches responses to
 *   calls by position and name, in every API version. Tool content is text (text parts joined with
 *   a newline); other parts are left out with a warning.
 * - `functionCall.args` is the parsed `arguments`; arguments that are not a JSON object are sent
 *   as `{}` with a `dropped_block` warning (throwing would wedge every later turn).
 * - Reasoning goes back as a thought part (`thought: true`). Only `providerData['google-ai']` is
 *   sent (other namespaces go, with warnings): on a block or part it adds fields to the wire part,
 *   so a `thoughtSignature` returns on the very part that carried it; on a tool message, to its
 *   `functionResponse` part. Provider tool blocks, `other` items not of origin `google-ai` and
 *   other providers' files are left out with warnings.
 *
 * @example
 * const { body } = toGeminiContents(await store.context(id), { system: 'Be brief.' })
 * await fetch(`${base}/models/${model}:generateContent`, { method: 'POST', headers, body: JSON.stringify(body) })
 */
export function toGeminiContents(messages: readonly Message[], options: AdapterOptions = {}): GeminiRequest {
  const context = prepareContext(messages, [GOOGLE_AI_NAMESPACE]);
  const turns: Turn[] = [];
  let window: Window = new Map();
  context.messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') window = windowOf(message);
    const parts = convertMessage(message, messageIndex, window, context);
    if (parts.length === 0) {
      context.dropped(messageIndex, undefined, 'what remained', `nothing in it can be sent, and ${API} refuses empty turns`);
      return;
    }
    const role = message.role === 'assistant' ? 'model' : 'user';
    const last = turns.at(-1);
    if (last !== undefined && last.role === role) last.parts.push(...parts);
    else turns.push({ role, parts });
  });
  const contents = turns.map(wireContent);
  const system = systemPrompt(options);
  const body: GeminiRequest['body'] = system === undefined ? { contents } : { systemInstruction: { parts: [{ text: system }] }, contents };
  return { body, warnings: context.warnings };
}

function windowOf(message: AssistantMessage): Window {
  const window: Window = new Map();
  for (const block of message.content) {
    if (block.type === 'tool_call') window.set(block.id, { position: window.size, name: block.name });
  }
  return window;
}

/** A user turn begins with its function responses, in the order of the calls they answer. */
function wireContent(turn: Turn): GeminiContent {
  const responses = turn.parts.filter((pending) => pending.callPosition !== undefined)
    .sort((first, second) => first.callPosition! - second.callPosition!);
  const others = turn.parts.filter((pending) => pending.callPosition === undefined);
  return { role: turn.role, parts: [...responses, ...others].map((pending) => pending.part) };
}

function convertMessage(message: Message, messageIndex: number, window: Window, context: ConversionContext): PendingPart[] {
  switch (message.role) {
    case 'user':
      context.unplacedState(message.providerData, GOOGLE_AI_NAMESPACE, messageIndex, undefined, 'Gemini contents carry no fields besides role and parts');
      return plain(convertUser(message, messageIndex, context));
    case 'assistant':
      context.unplacedState(message.providerData, GOOGLE_AI_NAMESPACE, messageIndex, undefined, 'Gemini contents carry no fields besides role and parts');
      return plain(convertAssistant(message, messageIndex, context));
    case 'tool':
      return [convertTool(message, messageIndex, window, context)];
  }
}

function plain(parts: GeminiPart[]): PendingPart[] {
  return parts.map((part) => ({ part }));
}

function convertUser(message: UserMessage, messageIndex: number, context: ConversionContext): GeminiPart[] {
  if (typeof message.content === 'string') return message.content === '' ? [] : [{ text: message.content }];
  return convertEach(message.content, (part, blockIndex) => convertPart(part, messageIndex, blockIndex, context));
}

function convertPart(part: ToolResultPart, messageIndex: number, blockIndex: number, context: ConversionContext): GeminiPart | undefined {
  const state = ownState(part.providerData, GOOGLE_AI_NAMESPACE);
  switch (part.type) {
    case 'text':
      return textPart(part.text, state);
    case 'image':
    case 'file':
      return mediaPart(part.source, state, messageIndex, blockIndex, context, itemName(part, 'part'));
    case 'other':
      if (part.origin === GOOGLE_AI_NAMESPACE) return part.value as GeminiPart;
      context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${API} replays raw items only of origin \`google-ai\``);
      return undefined;
  }
}

/** Empty text without state says nothing and Gemini refuses it; with a signature it must go back. */
function textPart(text: string, state: State, extra: Partial<GeminiPart> = {}): GeminiPart | undefined {
  if (text === '' && state === undefined) return undefined;
  return withOwnState<GeminiPart>({ text, ...extra }, state);
}

function mediaPart(
  source: MediaSource,
  state: State, messageIndex: number, blockIndex: number, context: ConversionContext, what: string,
): GeminiPart | undefined {
  switch (source.kind) {
    case 'base64':
      return withOwnState<GeminiPart>({ inlineData: { mimeType: source.mediaType, data: source.data } }, state);
    case 'url':
      return withOwnState<GeminiPart>({ fileData: source.mediaType === undefined ? { fileUri: source.url } : { mimeType: source.mediaType, fileUri: source.url } }, state);
    case 'provider_file':
      if (source.provider === GOOGLE_AI_NAMESPACE) return withOwnState<GeminiPart>({ fileData: { fileUri: source.fileId } }, state);
      context.dropped(messageIndex, blockIndex, `${what} from another provider's files`, `${API} takes media as data, by URI or as Gemini files`);
      return undefined;
  }
}

function convertTool(message: ToolMessage, messageIndex: number, window: Window, context: ConversionContext): PendingPart {
  const call = window.get(message.toolCallId);
  const text = toolResultText(message, messageIndex, context, API, GOOGLE_AI_NAMESPACE);
  const functionResponse = {
    name: call?.name ?? message.toolName,
    response: message.isError === true ? { error: text } : { output: text },
  };
  const part = withOwnState<GeminiPart>({ functionResponse }, ownState(message.providerData, GOOGLE_AI_NAMESPACE));
  return { part, callPosition: call?.position ?? 0 };
}

function convertAssistant(message: AssistantMessage, messageIndex: number, context: ConversionContext): GeminiPart[] {
  return convertEach(message.content, (block, blockIndex) => convertBlock(block, messageIndex, blockIndex, context));
}

function convertBlock(block: AssistantBlock, messageIndex: number, blockIndex: number, context: ConversionContext): GeminiPart | undefined {
  const state = ownState(block.providerData, GOOGLE_AI_NAMESPACE);
  switch (block.type) {
    case 'text':
    case 'refusal':
      return textPart(block.text, state);
    case 'reasoning':
      return textPart(block.text, state, { thought: true });
    case 'image':
      return mediaPart(block.source, state, messageIndex, blockIndex, context, itemName(block, 'block'));
    case 'tool_call':
      return withOwnState<GeminiPart>({ functionCall: { name: block.name, args: objectArguments(block, messageIndex, blockIndex, context, API) } }, state);
    case 'other':
      if (block.origin === GOOGLE_AI_NAMESPACE) return block.value as GeminiPart;
      break;
    case 'provider_tool_call':
    case 'provider_tool_result':
      break;
  }
  context.dropped(messageIndex, blockIndex, itemName(block, 'block'), `${API} replays provider items only as raw parts of origin \`google-ai\``);
  return undefined;
}
