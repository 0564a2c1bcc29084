// The files of a message being sent, stored as attachments (DESIGN §18): each put once (the
// same bytes twice are stored once), and the message names them by reference. A put never
// appended (the append then failed) is collected by the store after its grace period.
import type { ConvologStore, UserPart } from '../../src/index.js';
import type { PendingFile } from '../composer/attachment-rules.js';

/** Stores `files` and returns the image and file parts that reference them, in order. */
export async function storeAttachments(store: ConvologStore, files: readonly PendingFile[]): Promise<UserPart[]> {
  const parts: UserPart[] = [];
  for (const file of files) {
    const source = await store.putAttachment(file.file, { mediaType: file.mediaType, filename: file.name });
    parts.push(file.mediaType.startsWith('image/') ? { type: 'image', source } : { type: 'file', source, filename: file.name });
  }
  return parts;
}

/** The user message's content: the text first (when there is any), then the media. */
export function userContent(text: string, media: readonly UserPart[]): string | UserPart[] {
  if (media.length === 0) return text;
  return text.trim() === '' ? [...media] : [{ type: 'text', text }, ...media];
}
