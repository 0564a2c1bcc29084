import type { ToolMessage } from '../../core/message.js';
import type { ConversionContext } from './conversion-context.js';
import { itemName } from './item-name.js';

/**
 * A tool message's result as the one text a wire format that carries text only takes: string
 * content as it is, text parts joined with a newline. Every other part is left out with a
 * `dropped_block` warning naming `api`; with a `namespace`, state of it on a text part (which has
 * no place in one text) is reported too. @internal
 */
export function toolResultText(
  message: ToolMessage, messageIndex: number, context: ConversionContext, api: string, namespace?: string,
): string {
  if (typeof message.content === 'string') return message.content;
  const texts: string[] = [];
  message.content.forEach((part, blockIndex) => {
    if (part.type !== 'text') {
      context.dropped(messageIndex, blockIndex, itemName(part, 'part'), `${api} tool results carry text only`);
      return;
    }
    texts.push(part.text);
    if (namespace !== undefined) context.unplacedState(part.providerData, namespace, messageIndex, blockIndex, 'a tool result is sent as one text');
  });
  return texts.join('\n');
}
