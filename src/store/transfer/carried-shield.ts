import type { MediaSource, Message } from '../../core/message.js';
import { mediaPartsOf } from './referenced-attachments.js';

/** Hides references whose bytes are here from `retainPortableContent`, and puts them back after. @internal */
export interface CarriedShield {
  hide(message: Message): Message;
  restore(message: Message): Message;
}

/**
 * `retainPortableContent` drops every attachment reference: alone, a reference is not portable
 * (the bytes are not in the history). One whose bytes are here (carried by an import and checked
 * against the id, or stored in this store when a merge runs) is: it passes the trust boundary as a
 * url source under a tag no input can know, and comes back after. Core's rule stays as it is (its
 * size budget has no room for a list of kept ids), so the store wraps it.
 * @internal
 */
export function carriedShield(carried: ReadonlySet<string>): CarriedShield {
  const tag = `convolog-carried:${crypto.randomUUID()}:`;
  const held = new Map<string, MediaSource>();
  const swap = (message: Message, replace: (source: MediaSource) => MediaSource | undefined): Message => {
    const parts = mediaPartsOf(message).map(([index, part]) => [index, part, replace(part.source)] as const).filter(([, , source]) => source !== undefined);
    if (parts.length === 0) return message;
    const content = [...(message.content as readonly object[])];
    for (const [index, part, source] of parts) content[index] = { ...part, source };
    return { ...message, content } as Message;
  };
  return {
    hide: (message) => carried.size === 0 ? message : swap(message, (source) => {
      if (source.kind !== 'attachment' || !carried.has(source.id)) return undefined;
      const url = tag + String(held.size);
      held.set(url, source);
      return { kind: 'url', url };
    }),
    restore: (message) => held.size === 0 ? message : swap(message, (source) => source.kind === 'url' ? held.get(source.url) : undefined),
  };
}
