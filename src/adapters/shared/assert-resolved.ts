import { ConvologError } from '../../core/error.js';
import { mediaParts } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';

/**
 * Refuses a context that still names stored bytes (`attachment` sources): the adapters are pure
 * and never read the store, so the caller resolves them first (`unresolved_attachment`). One
 * check for every adapter, in `prepareContext`; kept short, as every provider's bundle carries it.
 * @internal
 */
export function assertResolved(messages: readonly Message[]): void {
  messages.forEach((message, messageIndex) => {
    for (const [index, part] of mediaParts(message)) {
      if (part.source.kind === 'attachment') {
        throw new ConvologError({
          code: 'unresolved_attachment',
          path: [messageIndex, 'content', index, 'source'],
          message: 'An attachment source was not resolved; nothing was sent. Call resolveAttachments(store, messages) first.',
        });
      }
    }
  });
}
