import type { AssistantBlock, UserPart } from '../../core/message.js';

/**
 * How a warning names a block or part: "a `reasoning` block", "an `image` part", "an `other`
 * part (type `web_search_call`)". @internal
 */
export function itemName(item: AssistantBlock | UserPart, noun: 'block' | 'part'): string {
  const article = /^[aeiou]/.test(item.type) ? 'an' : 'a';
  const detail = item.type === 'other' ? ` (type \`${item.typeName}\`)` : '';
  return `${article} \`${item.type}\` ${noun}${detail}`;
}
