import type { AttachmentSource } from '../../core/message.js';

/**
 * What `store.putAttachment` returns: the media source that names the stored bytes
 * (`{ kind: 'attachment', id, mediaType, size, filename? }`), ready to be an image's or a file's
 * `source`. `id` is the SHA-256 of the bytes in lowercase hex.
 */
export type AttachmentRef = AttachmentSource;

/** Options of `store.putAttachment`. */
export interface PutAttachmentOptions {
  /** The media type the reference carries (`image/png`, `application/pdf`). Stored as declared, never sniffed. */
  mediaType: string;
  /** A file name for the reference (file parts send it to providers that take one). */
  filename?: string;
  /** Aborting before the bytes are hashed and written rejects with `aborted`; nothing is stored. */
  signal?: AbortSignal;
}

/** Options of {@link resolveAttachments}. */
export interface ResolveAttachmentsOptions {
  /** The most bytes (decoded) to read for one call, over every distinct attachment; more throws `too_large` before any is read. */
  maxBytes?: number;
}
