// What the offline assistant knows about the files of a chat: for the newest user message that
// has any, each file's name, type and size from its reference, and an image's pixel size from
// the first bytes of the stored file. Bytes missing on this device are said to be missing.
import { isConvologError, type Message, type UserPart } from '../../src/index.js';
import { IMAGE_HEADER_BYTES, imageSize, type PixelSize } from './image-size.js';

/** Reads stored attachments (the store's `getAttachment`). */
export interface AttachmentReader { getAttachment(id: string): Promise<Blob> }

/** One file of a message, as the offline assistant describes it. */
export interface AttachmentFact {
  readonly kind: 'image' | 'file';
  readonly name: string | undefined;
  readonly mediaType: string;
  /** Bytes, when known (an attachment's or inline data's). */
  readonly size: number | undefined;
  readonly pixels: PixelSize | undefined;
  /** The reference names bytes this device does not have (not synced, or removed). */
  readonly missing: boolean;
}

type MediaPart = Extract<UserPart, { type: 'image' | 'file' }>;

/** The media parts of the newest user message that has any (none: []). */
export function latestMedia(messages: readonly Message[]): MediaPart[] {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role !== 'user' || typeof message.content === 'string') continue;
    const media = message.content.filter((part): part is MediaPart => part.type === 'image' || part.type === 'file');
    if (media.length > 0) return media;
  }
  return [];
}

/** The facts of the newest user message's files, reading no more than each image's header. */
export function attachmentFacts(messages: readonly Message[], reader: AttachmentReader): Promise<AttachmentFact[]> {
  return Promise.all(latestMedia(messages).map((part) => factOf(part, reader)));
}

/** The pixel size of inline base64 image data, from the header at its start. */
function inlineImageSize(data: string): PixelSize | undefined {
  try {
    // Four base64 characters are three bytes: decode only the header's worth.
    const binary = atob(data.slice(0, Math.ceil(IMAGE_HEADER_BYTES / 3) * 4));
    return imageSize(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined; // not base64: nothing to read
  }
}

async function factOf(part: MediaPart, reader: AttachmentReader): Promise<AttachmentFact> {
  const source = part.source;
  const base = { kind: part.type, mediaType: 'mediaType' in source ? source.mediaType ?? '' : '' } as const;
  if (source.kind !== 'attachment') {
    const name = part.type === 'file' ? part.filename : undefined;
    if (source.kind !== 'base64') return { ...base, name, size: undefined, pixels: undefined, missing: false };
    const pixels = part.type === 'image' ? inlineImageSize(source.data) : undefined;
    return { ...base, name, size: Math.floor((source.data.length * 3) / 4), pixels, missing: false };
  }
  const fact = { ...base, name: source.filename ?? (part.type === 'file' ? part.filename : undefined), size: source.size };
  try {
    const blob = await reader.getAttachment(source.id);
    const pixels = part.type === 'image' ? imageSize(new Uint8Array(await blob.slice(0, IMAGE_HEADER_BYTES).arrayBuffer())) : undefined;
    return { ...fact, pixels, missing: false };
  } catch (error) {
    // sync_failed: a lazily synced picture the server cannot give now; described like one not here.
    if (isConvologError(error, 'not_found') || isConvologError(error, 'sync_failed')) return { ...fact, pixels: undefined, missing: true };
    throw error;
  }
}
