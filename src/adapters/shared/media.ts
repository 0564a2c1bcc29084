import type { AttachmentSource, MediaSource } from '../../core/message.js';

/**
 * A media source an adapter converts: `prepareContext` has refused `attachment` sources
 * (`unresolved_attachment`) before any conversion starts, so none reaches a converter.
 */
export type ResolvedSource = Exclude<MediaSource, AttachmentSource>;

/** A `data:` URL for base64 media: how OpenAI takes inline images and files. */
export function dataUrl(source: Extract<MediaSource, { kind: 'base64' }>): string {
  return `data:${source.mediaType};base64,${source.data}`;
}

