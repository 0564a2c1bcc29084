import { mediaParts } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';

/**
 * The default `inlineMediaLimit`: none, until attachment bytes travel with sync, exports and the
 * journal (DESIGN §18): moved by default, a picture would be lost wherever the chat went. @internal
 */
export const DEFAULT_INLINE_MEDIA_LIMIT = Number.POSITIVE_INFINITY;

/** The decoded size of base64 text (whitespace aside), without decoding it. @internal */
export function decodedSize(data: string): number {
  const length = data.replace(/\s/g, '').length;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((length * 3) / 4) - padding;
}

/** Whether any inline base64 media of `batch` is over `limit` decoded bytes: only then is the mover loaded. @internal */
export function hasLargeInlineMedia(batch: readonly Message[], limit: number): boolean {
  return batch.some((message) => mediaParts(message).some(([, part]) => part.source.kind === 'base64' && decodedSize(part.source.data) > limit));
}
