import { nonEmptyText } from '../../core/non-empty-text.js';
import { isJsonObject } from '../../core/is-json-object.js';
import type { AssistantBlock, ProviderData } from '../../core/message.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import type { OpenAIResponsesOutputItem } from './openai-responses-types.js';

/** A received item with the fields it may carry, each checked before use. @internal */
export type ReceivedItem = { type: string; [field: string]: unknown };

/** The blocks of one output item, or why the item cannot be stored. @internal */
export interface ItemBlocks {
  blocks: AssistantBlock[];
  /** Set when the item is not whole (a function call without `call_id`, or one that was cut off). */
  problem?: string;
}

// Separates the summaries of one reasoning item in its text.
const SUMMARY_SEPARATOR = '\n\n';

/**
 * One output item of a Responses answer as convolog blocks, keeping what replays it under
 * `providerData.openai`:
 * - a `message` gives a text block per `output_text` and a refusal block per `refusal`, each with
 *   the item's `id`, `status` and `phase` (and the part's non-empty `annotations`), so the item
 *   goes back whole;
 * - a `reasoning` item gives one reasoning block (its summaries joined; without summaries, its
 *   reasoning text) whose state is the whole item but its `type`: `id`, `summary`,
 *   `encrypted_content`, and what else it carried;
 * - a `function_call` gives a tool call whose id is the `call_id`, with the item `id` as state;
 * - any other item (built-in tool calls such as `web_search_call`, `file_search_call`,
 *   `code_interpreter_call`, items newer than this adapter) is an `other` block of origin
 *   `openai`, replayed as it came.
 * @internal
 */
export function responsesItemBlocks(received: OpenAIResponsesOutputItem): ItemBlocks {
  const item = received as ReceivedItem;
  switch (item.type) {
    case 'message':
      return { blocks: messageBlocks(item) };
    case 'reasoning':
      return { blocks: [reasoningBlock(item)] };
    case 'function_call':
      return functionCall(item);
    default:
      return { blocks: [{ type: 'other', typeName: String(item.type), value: structuredClone(item), origin: OPENAI_NAMESPACE }] };
  }
}

/** The item-level state a message's blocks carry: what replays the message item. @internal */
export function messageState(item: ReceivedItem): Record<string, unknown> | undefined {
  if (typeof item.id !== 'string' || item.id === '') return undefined;
  const state: Record<string, unknown> = { id: item.id, status: typeof item.status === 'string' ? item.status : 'completed' };
  if (typeof item.phase === 'string') state.phase = item.phase;
  return state;
}

function messageBlocks(item: ReceivedItem): AssistantBlock[] {
  const itemState = messageState(item);
  const blocks: AssistantBlock[] = [];
  for (const part of Array.isArray(item.content) ? item.content : []) {
    if (!isJsonObject(part)) continue;
    const block = messagePartBlock(part, itemState);
    if (block !== undefined) blocks.push(block);
  }
  // A message with no text still holds its place next to the reasoning that precedes it.
  if (blocks.length === 0 && itemState !== undefined) blocks.push(withState({ type: 'text', text: '' }, itemState));
  return blocks;
}

/** A text or refusal block for one part of a message item. @internal */
export function messagePartBlock(part: Record<string, unknown>, itemState: Record<string, unknown> | undefined): AssistantBlock | undefined {
  if (part.type === 'output_text') {
    const state = Array.isArray(part.annotations) && part.annotations.length > 0
      ? { ...itemState, annotations: structuredClone(part.annotations) }
      : itemState;
    return withState({ type: 'text', text: stringOf(part.text) }, state);
  }
  if (part.type === 'refusal') return withState({ type: 'refusal', text: stringOf(part.refusal) }, itemState);
  return undefined;
}

/** The reasoning block of a reasoning item: its state is the item, so it replays in place. @internal */
export function reasoningBlock(item: ReceivedItem): AssistantBlock {
  const { type: _type, ...state } = structuredClone(item);
  const block: AssistantBlock = { type: 'reasoning', text: reasoningText(item) };
  return typeof item.id === 'string' && item.id !== '' ? withState(block, state) : block;
}

function reasoningText(item: ReceivedItem): string {
  const summaries = texts(item.summary);
  return summaries.length > 0 ? summaries.join(SUMMARY_SEPARATOR) : texts(item.content).join(SUMMARY_SEPARATOR);
}

function texts(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.filter(isJsonObject).map((part) => stringOf(part.text)).filter((text) => text !== '');
}

function functionCall(item: ReceivedItem): ItemBlocks {
  const name = stringOf(item.name);
  const itemId = nonEmptyText(item.id);
  if (typeof item.call_id !== 'string' || item.call_id === '') {
    return { blocks: [], problem: `the function call ${itemId === undefined ? '' : `"${itemId}" `}(${name || 'no name'}) has no call_id, so its result could never be paired with it` };
  }
  const block: AssistantBlock = { type: 'tool_call', id: item.call_id, name, arguments: stringOf(item.arguments) };
  if (item.status === 'incomplete') return { blocks: [], problem: `the function call "${item.call_id}" (${name}) was cut off before its arguments were complete` };
  return { blocks: [itemId === undefined ? block : withState(block, { id: itemId })] };
}

function withState<Block extends AssistantBlock>(block: Block, state: Record<string, unknown> | undefined): Block {
  if (state === undefined) return block;
  const providerData: ProviderData = { [OPENAI_NAMESPACE]: state };
  return { ...block, providerData };
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
