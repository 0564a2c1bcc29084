import type { Entry } from '../core/entry.js';
import { mediaParts } from '../core/media-parts.js';
import type { AttachmentSource, MediaSource, Message } from '../core/message.js';
import { toBase64 } from '../store/attachments/base64.js';
import type { ConvologStore } from '../store/convolog-store.js';
import { toUIMessages } from './to-ui-messages.js';
import { rememberObjectUrl } from './ui-attachments.js';
import type { UIMessage } from './ui-message-types.js';

/** The store methods {@link loadUIMessages} uses. */
export type UIMessageSource = Pick<ConvologStore, 'entries' | 'getAttachment'>;

/** Options of {@link loadUIMessages}. */
export interface LoadUIMessagesOptions {
  /**
   * How stored attachments come back in file parts: `'data'` (default) as `data:` URLs, which
   * `useChat` sends as they are; `'object'` as `blob:` object URLs, light in memory and in React
   * state, which the caller revokes (`URL.revokeObjectURL`) when the chat is closed. Saving a chat
   * that holds either stores the same reference again, never the bytes twice.
   */
  urls?: 'data' | 'object';
}

/**
 * The conversation's current branch as AI SDK UIMessages, as `toUIMessages(await
 * store.entries(id))` gives them, with every stored attachment read and given back as a URL (a
 * `data:` URL, or an object URL with `{ urls: 'object' }`): what `saveUIMessages` stored from
 * file parts with data URLs comes back as it was sent. Each distinct attachment is read once;
 * `not_found` when one is not stored.
 *
 * @example
 * const chat = useChat({
 *   id, messages: await loadUIMessages(store, id),
 *   onFinish: ({ messages }) => saveUIMessages(store, id, messages),
 * })
 */
export async function loadUIMessages<MESSAGE = UIMessage>(
  store: UIMessageSource, conversationId: string, options: LoadUIMessagesOptions = {},
): Promise<MESSAGE[]> {
  const entries = await store.entries(conversationId);
  const urls = new Map<string, MediaSource>();
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    for (const [, part] of mediaParts(entry.message)) {
      if (part.source.kind === 'attachment' && !urls.has(part.source.id)) urls.set(part.source.id, await urlSource(store, part.source, options));
    }
  }
  return toUIMessages<MESSAGE>(urls.size === 0 ? entries : entries.map((entry) => withUrls(entry, urls)));
}

async function urlSource(store: UIMessageSource, source: AttachmentSource, options: LoadUIMessagesOptions): Promise<MediaSource> {
  const blob = await store.getAttachment(source.id);
  if (options.urls !== 'object') return { kind: 'base64', mediaType: source.mediaType, data: toBase64(new Uint8Array(await blob.arrayBuffer())) };
  const url = URL.createObjectURL(blob);
  rememberObjectUrl(url, source);
  return { kind: 'url', url, mediaType: source.mediaType };
}

function withUrls(entry: Entry, urls: ReadonlyMap<string, MediaSource>): Entry {
  if (entry.type !== 'message') return entry;
  const parts = mediaParts(entry.message).filter(([, part]) => part.source.kind === 'attachment');
  if (parts.length === 0) return entry;
  const content = [...(entry.message.content as readonly unknown[])];
  for (const [index, part] of parts) content[index] = { ...part, source: urls.get((part.source as AttachmentSource).id) };
  return { ...entry, message: { ...entry.message, content } as Message };
}
