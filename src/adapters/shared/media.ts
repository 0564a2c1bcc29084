import type { MediaSource } from '../../core/message.js';

/** A `data:` URL for base64 media: how OpenAI takes inline images and files. */
export function dataUrl(source: Extract<MediaSource, { kind: 'base64' }>): string {
  return `data:${source.mediaType};base64,${source.data}`;
}

