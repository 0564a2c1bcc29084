import type { Entry } from '../../core/entry.js';
import type { FilePart, ImagePart, Message } from '../../core/message.js';

/**
 * The image and file parts of a message, each with its index: core's `mediaParts`, repeated here
 * on purpose. Importing that (or attachments/attachment-refs.ts) from this lazy code made the
 * bundler split the shared module out of openStore's entry chunk into a chunk of its own, each
 * time +100 to +177 B gzipped up front (measured, DESIGN §18).
 * @internal
 */
export function mediaPartsOf(message: Message): [index: number, part: ImagePart | FilePart][] {
  const found: [number, ImagePart | FilePart][] = [];
  if (typeof message.content === 'string') return found;
  message.content.forEach((part, index) => {
    if (part.type === 'image' || part.type === 'file') found.push([index, part]);
  });
  return found;
}

/** The distinct attachment ids the entries reference, in log order. @internal */
export function referencedAttachments(entries: readonly Entry[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    for (const [, part] of mediaPartsOf(entry.message)) if (part.source.kind === 'attachment') ids.add(part.source.id);
  }
  return ids;
}
