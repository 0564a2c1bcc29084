import type { ConversionContext } from '../shared/conversion-context.js';
import type { OpenAIResponsesInputItem } from './openai-responses-types.js';

/** An item of an assistant message, with the block it came from (what warnings point at). @internal */
export interface PlacedItem {
  item: OpenAIResponsesInputItem;
  blockIndex: number;
}

/**
 * The items of one assistant message with every reasoning item that would be refused left out
 * (with a warning): the Responses API takes a reasoning item only together with the item that
 * followed it, by that item's id ("Item 'rs_…' of type 'reasoning' was provided without its
 * required following item"). A reasoning item that ends its message (a turn stopped or cut off
 * while reasoning), or precedes another reasoning item or an item without an id, would fail every
 * later request. @internal
 */
export function pairReasoning(placed: readonly PlacedItem[], messageIndex: number, context: ConversionContext): OpenAIResponsesInputItem[] {
  const kept: OpenAIResponsesInputItem[] = [];
  placed.forEach(({ item, blockIndex }, position) => {
    if (item.type === 'reasoning' && !isFollowingItem(placed[position + 1]?.item)) {
      context.dropped(messageIndex, blockIndex, 'a `reasoning` block', 'the Responses API takes a reasoning item only with the item that followed it, and no item with an item id follows it here');
      return;
    }
    kept.push(item);
  });
  return kept;
}

/**
 * The item without its item id, for an item whose reasoning was left out: the Responses API
 * refuses an item id whose reasoning item is missing ("… was provided without its required
 * 'reasoning' item"). A message item becomes plain assistant text. @internal
 */
export function withoutItemId(item: OpenAIResponsesInputItem): OpenAIResponsesInputItem {
  if (item.type === 'message' && item.role === 'assistant' && typeof item.content !== 'string') {
    const text = item.content.map((part) => (part.type === 'output_text' ? part.text : part.refusal)).join('');
    return { type: 'message', role: 'assistant', content: text };
  }
  if (item.type === 'function_call' && item.id !== undefined) {
    const { id: _id, ...rest } = item;
    return rest;
  }
  return item;
}

/** An item a reasoning item can go back with: one with an item id, not reasoning itself. */
function isFollowingItem(item: OpenAIResponsesInputItem | undefined): boolean {
  return item !== undefined && item.type !== 'reasoning' && typeof (item as { id?: unknown }).id === 'string';
}
