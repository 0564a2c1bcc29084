import type { FilePart, ImagePart, Message } from './message.js';

/** A part or block that carries a media source. @internal */
export type MediaPart = ImagePart | FilePart;

/**
 * The image and file parts of a message (user parts, assistant blocks, tool result parts), each
 * with its index in the message's content, in content order.
 * @internal
 */
export function mediaParts(message: Message): [index: number, part: MediaPart][] {
  const found: [number, MediaPart][] = [];
  if (typeof message.content === 'string') return found;
  message.content.forEach((part, index) => {
    if (part.type === 'image' || part.type === 'file') found.push([index, part]);
  });
  return found;
}
