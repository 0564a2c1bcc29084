import { mediaParts } from '../core/media-parts.js';
import type { AttachmentSource, MediaSource, Message } from '../core/message.js';
import { fromBase64 } from '../store/attachments/base64.js';
import type { ConvologStore } from '../store/convolog-store.js';

/** The store method that keeps a UI file's bytes as an attachment. */
export type AttachmentPutter = Pick<ConvologStore, 'putAttachment'>;

// Object URLs `loadUIMessages` made, by URL: a chat that sends one back (an edited message keeps
// its pictures) stores the reference again, never the dead `blob:` URL. Strings, a few per picture
// shown; a revoked URL that is saved again still names bytes that are stored.
const objectUrls = new Map<string, AttachmentSource>();

/** Remembers that `url` shows the attachment `source` (see {@link storedSource}). @internal */
export function rememberObjectUrl(url: string, source: AttachmentSource): void {
  objectUrls.set(url, source);
}

/**
 * The messages with every base64 image or file (a UI file part's data URL) stored as an
 * attachment and named by reference, and every object URL made by `loadUIMessages` named by its
 * reference again. Messages without either are returned as they are; the input is not mutated.
 * The puts commit before the append that names them: if the append then fails, they are
 * unreferenced puts, which the store collects after its grace period (DESIGN §18).
 * @internal
 */
export async function storeUIMedia(store: AttachmentPutter, messages: readonly Message[]): Promise<Message[]> {
  const stored: Message[] = [];
  for (const message of messages) {
    let content: unknown[] | undefined;
    for (const [index, part] of mediaParts(message)) {
      const source = await storedSource(store, part.source, part.type === 'file' ? part.filename : undefined);
      if (source === part.source) continue;
      content ??= [...(message.content as readonly unknown[])];
      content[index] = { ...part, source };
    }
    stored.push(content === undefined ? message : ({ ...message, content } as Message));
  }
  return stored;
}

async function storedSource(store: AttachmentPutter, source: MediaSource, filename: string | undefined): Promise<MediaSource> {
  if (source.kind === 'url') return objectUrls.get(source.url) ?? source;
  if (source.kind !== 'base64') return source;
  return store.putAttachment(fromBase64(source.data), filename === undefined ? { mediaType: source.mediaType } : { mediaType: source.mediaType, filename });
}
