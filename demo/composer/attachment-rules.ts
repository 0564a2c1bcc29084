// What the composer takes as an attachment: the images every vision model reads and PDFs, up to
// a size a provider's request still carries. Anything else is refused with a message that says
// what would be taken, before a byte is stored.
import { formatBytes } from '../shared/format.js';

/** The largest file the composer attaches: 20 MB, the per-file limit of the strictest common provider. */
export const MAX_ATTACHMENT_BYTES = 20_000_000;

/** Media type by file-name extension, for files the browser hands over without one (some drops, some OSes). */
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf',
};

/** The media types the composer takes. */
export const ACCEPTED_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];

/** A file the composer accepted, with the media type it will be stored under. */
export interface PendingFile { readonly file: Blob; readonly name: string; readonly mediaType: string }

/** The media type of `file`: as the browser declared it, else from its extension; '' when unknown. */
export function mediaTypeOf(file: File): string {
  if (file.type !== '') return file.type.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? '';
}

/** A pasted screenshot arrives as "image.png" at best: a name that tells it apart from the next one. */
function nameOf(file: File, mediaType: string): string {
  if (file.name !== '' && file.name !== 'image.png') return file.name;
  const extension = mediaType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '.');
  return `Pasted image ${stamp}.${extension}`;
}

/** `file` as the composer would attach it, or why it is refused (a sentence for the user). */
export function checkAttachment(file: File): PendingFile | { problem: string } {
  const mediaType = mediaTypeOf(file);
  const label = file.name === '' ? 'The pasted file' : `“${file.name}”`;
  if (!ACCEPTED_TYPES.includes(mediaType)) {
    return { problem: `${label} was not attached: only images (PNG, JPEG, GIF, WebP) and PDFs can be attached.` };
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return { problem: `${label} was not attached: it is ${formatBytes(file.size)}, and files can be at most ${formatBytes(MAX_ATTACHMENT_BYTES)}.` };
  }
  return { file, name: nameOf(file, mediaType), mediaType };
}
