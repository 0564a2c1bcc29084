import { isJsonObject } from '../core/is-json-object.js';
import type {
  AppData, AssistantBlock, AssistantMessage, Message, ToolMessage, UserMessage, UserPart,
} from '../core/message.js';
import type { Warning } from '../core/warning.js';
import {
  residue, UI_MESSAGE_ID_KEY, UI_METADATA_KEY, UI_PARTS_KEY, type BlockItem, type LayoutItem, type PartRecord,
} from './ui-layout.js';
import { checkUIMessages } from './check-ui-messages.js';
import { sourceOfUrl } from './ui-media.js';
import type { UIMessageLike } from './ui-message-types.js';

/** Options of {@link fromUIMessages}. */
export interface FromUIMessagesOptions {
  /**
   * What happens to a tool part that never finished (`input-streaming`, `input-available`,
   * `approval-requested`, `approval-responded`, or a preliminary output): `'settle'` (default)
   * stores the call with an error result saying so; `'drop'` leaves the call out, with a
   * `dropped_block` warning. Either way the stored history never holds an unanswered call.
   */
  pending?: 'settle' | 'drop';
  /** The error text of a settled call. */
  reason?: string;
}

/** What {@link fromUIMessages} returns. */
export interface FromUIMessagesResult {
  /** The messages to store, in order. */
  messages: Message[];
  /** What was left out: system UIMessages, dropped pending tool calls. */
  warnings: Warning[];
  /** The ids of the tool calls settled with an error result. */
  settled: string[];
}

const DEFAULT_REASON = 'The tool call did not complete.';
const DENIED = 'Tool call execution denied.';
const FINISHED = new Set(['output-available', 'output-error', 'output-denied']);

interface Conversion { pending: 'settle' | 'drop'; reason: string; warnings: Warning[]; settled: string[]; messageIndex: number }

/** One step of an assistant UIMessage: the blocks of one stored assistant message and its tool results. */
interface Step { blocks: AssistantBlock[]; layout: LayoutItem[]; results: ToolMessage[] }

/**
 * Converts AI SDK UIMessages (v5, v6 or v7) into messages to store, splitting each assistant
 * UIMessage into steps at its `step-start` parts as ai's `convertToModelMessages` does: one
 * assistant message per step, followed by the results of that step's tool calls. Tool parts that
 * never finished are settled or dropped (`pending`), never stored as unanswered calls.
 * Everything a model does not read (`data-*`, `source-*`, provider-run tools, the UIMessage `id`
 * and `metadata`, part fields such as `providerMetadata`) is kept in `appData`, so
 * `toUIMessages(fromUIMessages(ui).messages)` gives `ui` back. System UIMessages are left out with
 * a warning: set the system prompt on every request instead. Part types this version does not
 * know are kept verbatim (no warning: nothing is lost). Input that is not what `useChat` holds (not
 * an array, a message without `id`/`role`/`parts`, a part without `type`, a text part without
 * text, a tool part in no known state, a file part without `url`/`mediaType`, metadata or a part
 * that is not plain JSON) throws `invalid_message` with the `path` of the first problem.
 *
 * @example
 * const { messages, warnings } = fromUIMessages(chat.messages)
 * await store.append(conversationId, messages)
 */
export function fromUIMessages(ui: readonly UIMessageLike[], options: FromUIMessagesOptions = {}): FromUIMessagesResult {
  checkUIMessages(ui, 'fromUIMessages');
  return fromCheckedUIMessages(ui, options);
}

/** {@link fromUIMessages} of UIMessages `checkUIMessages` already accepted. @internal */
export function fromCheckedUIMessages(ui: readonly UIMessageLike[], options: FromUIMessagesOptions = {}): FromUIMessagesResult {
  const pending = options.pending ?? 'settle';
  if (pending !== 'settle' && pending !== 'drop') throw new RangeError(`pending must be 'settle' or 'drop', got ${String(pending)}`);
  const conversion: Conversion = { pending, reason: options.reason ?? DEFAULT_REASON, warnings: [], settled: [], messageIndex: 0 };
  const messages: Message[] = [];
  ui.forEach((message, messageIndex) => {
    conversion.messageIndex = messageIndex;
    const converted = convertMessage(message, conversion);
    if (converted.length === 0) return;
    converted[0] = tagged(converted[0]!, message);
    messages.push(...converted);
  });
  return { messages, warnings: conversion.warnings, settled: conversion.settled };
}

function convertMessage(message: UIMessageLike, conversion: Conversion): Message[] {
  if (message.role === 'user') return [convertUser(message.parts as readonly PartRecord[])];
  if (message.role === 'assistant') return convertAssistant(message.parts as readonly PartRecord[], conversion);
  conversion.warnings.push({
    code: 'dropped_block',
    message: `UIMessage "${message.id}" has role "${message.role}", which a stored history does not hold; left out (set the system prompt on every request instead)`,
    messageIndex: conversion.messageIndex,
  });
  return [];
}

/** The first stored message of a UIMessage carries its id and metadata. */
function tagged<M extends Message>(message: M, ui: UIMessageLike): M {
  const appData: AppData = { ...message.appData, [UI_MESSAGE_ID_KEY]: ui.id };
  if (ui.metadata !== undefined) appData[UI_METADATA_KEY] = ui.metadata;
  return { ...message, appData };
}

function withLayout<M extends Message>(message: M, layout: LayoutItem[], isDefault: boolean): M {
  return isDefault ? message : { ...message, appData: { [UI_PARTS_KEY]: layout } };
}

function blockItem(block: number, extra: Record<string, unknown> | undefined): LayoutItem {
  return extra === undefined ? { block } : { block, extra };
}

function isPlainBlockItem(item: LayoutItem, index: number): boolean {
  return 'block' in item && item.block === index && item.extra === undefined && item.json === undefined && item.noInput === undefined;
}

function convertUser(parts: readonly PartRecord[]): UserMessage {
  const content: UserPart[] = [];
  const layout: LayoutItem[] = [];
  for (const part of parts) {
    const converted = userPart(part);
    if (converted === undefined) {
      layout.push({ part });
      continue;
    }
    layout.push(blockItem(content.length, residue(part, converted.represented)));
    content.push(converted.block);
  }
  const isDefault = layout.every(isPlainBlockItem);
  const only = content[0];
  if (isDefault && content.length === 1 && only?.type === 'text') return { role: 'user', content: only.text };
  return withLayout({ role: 'user', content }, layout, isDefault);
}

interface Converted<B> { block: B; represented: readonly string[] }

function userPart(part: PartRecord): Converted<UserPart> | undefined {
  if (part.type === 'text' && typeof part.text === 'string') return { block: { type: 'text', text: part.text }, represented: ['type', 'text'] };
  if (part.type !== 'file' || typeof part.url !== 'string' || typeof part.mediaType !== 'string') return undefined;
  const source = sourceOfUrl(part.url, part.mediaType);
  if (part.mediaType.startsWith('image/') && part.filename === undefined) {
    return { block: { type: 'image', source }, represented: ['type', 'url', 'mediaType'] };
  }
  if (typeof part.filename === 'string') return { block: { type: 'file', source, filename: part.filename }, represented: ['type', 'url', 'mediaType', 'filename'] };
  return { block: { type: 'file', source }, represented: ['type', 'url', 'mediaType'] };
}

function convertAssistant(parts: readonly PartRecord[], conversion: Conversion): Message[] {
  const steps: Step[] = [{ blocks: [], layout: [], results: [] }];
  parts.forEach((part, partIndex) => {
    let step = steps.at(-1)!;
    // A step that produced no content yet (only data or source parts) takes the next one in.
    if (part.type === 'step-start' && step.blocks.length > 0) steps.push((step = { blocks: [], layout: [], results: [] }));
    addPart(step, part, partIndex, conversion);
  });
  const last = steps.at(-1)!;
  if (steps.length > 1 && last.blocks.length === 0) steps[steps.length - 2]!.layout.push(...steps.pop()!.layout);
  return steps.flatMap((step) => [assistantOf(step), ...step.results]);
}

function assistantOf(step: Step): AssistantMessage {
  const [first, ...rest] = step.layout;
  const isDefault = first !== undefined && 'part' in first && Object.keys(first.part).length === 1 && first.part.type === 'step-start'
    && rest.every(isPlainBlockItem);
  return withLayout({ role: 'assistant', content: step.blocks }, step.layout, isDefault);
}

function addPart(step: Step, part: PartRecord, partIndex: number, conversion: Conversion): void {
  const converted = assistantPart(part);
  if (converted !== undefined) {
    step.layout.push(blockItem(step.blocks.length, residue(part, converted.represented)));
    step.blocks.push(converted.block);
    return;
  }
  const tool = toolCall(part);
  if (tool === undefined || part.providerExecuted === true) {
    // Provider-run tools carry their result inline and replay only to their own provider: kept as they are.
    step.layout.push({ part });
    return;
  }
  addToolPart(step, part, tool, partIndex, conversion);
}

function assistantPart(part: PartRecord): Converted<AssistantBlock> | undefined {
  if ((part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string') {
    return { block: { type: part.type, text: part.text }, represented: ['type', 'text'] };
  }
  if (part.type === 'file' && typeof part.url === 'string' && typeof part.mediaType === 'string' && part.mediaType.startsWith('image/')) {
    return { block: { type: 'image', source: sourceOfUrl(part.url, part.mediaType) }, represented: ['type', 'url', 'mediaType'] };
  }
  return undefined;
}

interface ToolIdentity { id: string; name: string; dynamic: boolean }

function toolCall(part: PartRecord): ToolIdentity | undefined {
  if (typeof part.toolCallId !== 'string' || part.toolCallId === '' || typeof part.state !== 'string') return undefined;
  if (part.type === 'dynamic-tool' && typeof part.toolName === 'string' && part.toolName !== '') return { id: part.toolCallId, name: part.toolName, dynamic: true };
  if (part.type.startsWith('tool-') && part.type.length > 5) return { id: part.toolCallId, name: part.type.slice(5), dynamic: false };
  return undefined;
}

function addToolPart(step: Step, part: PartRecord, tool: ToolIdentity, partIndex: number, conversion: Conversion): void {
  const finished = FINISHED.has(part.state as string) && part.preliminary !== true;
  if (!finished && conversion.pending === 'drop') {
    conversion.warnings.push({
      code: 'dropped_block',
      message: `tool call "${tool.id}" (${tool.name}) was left in state "${String(part.state)}" and never answered; dropped`,
      messageIndex: conversion.messageIndex,
      blockIndex: partIndex,
    });
    return;
  }
  const item: BlockItem = { block: step.blocks.length };
  // Fields the stored call and result carry; the rest (title, metadata, an approval) rides in the layout.
  const represented = ['type', 'toolCallId', 'input', 'output', 'errorText'];
  if (part.state === 'output-available' || part.state === 'output-error') represented.push('state');
  if (!finished) represented.push('state', 'approval', 'rawInput', 'inputEncoding', 'preliminary');
  const extra = residue(part, represented);
  if (extra !== undefined) item.extra = extra;
  if (tool.dynamic) item.extra = { ...item.extra, type: 'dynamic-tool' };
  if (part.input === undefined) item.noInput = true;
  step.blocks.push({ type: 'tool_call', id: tool.id, name: tool.name, arguments: JSON.stringify(part.input ?? {}) });
  step.layout.push(item);
  const result: ToolMessage = { role: 'tool', toolCallId: tool.id, toolName: tool.name, content: '' };
  if (!finished) {
    conversion.settled.push(tool.id);
    step.results.push({ ...result, content: conversion.reason, isError: true });
  } else if (part.state === 'output-available') {
    if (typeof part.output !== 'string' && part.output !== undefined) item.json = true;
    step.results.push({ ...result, content: typeof part.output === 'string' ? part.output : JSON.stringify(part.output) ?? '' });
  } else {
    const approvalReason = isJsonObject(part.approval) && typeof part.approval.reason === 'string' ? part.approval.reason : DENIED;
    step.results.push({ ...result, content: typeof part.errorText === 'string' ? part.errorText : approvalReason, isError: true });
  }
}
