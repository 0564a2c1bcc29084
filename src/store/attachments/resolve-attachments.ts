import { ConvologError } from '../../core/error.js';
import { mediaParts } from '../../core/media-parts.js';
import type { AttachmentSource, FilePart, Message } from '../../core/message.js';
import type { ResolveAttachmentsOptions } from './attachment-ref.js';
import { toBase64 } from './base64.js';

/**
 * The messages with every `attachment` source replaced by the stored bytes as a `base64`
 * source (DESIGN §18), for one request: what the adapters take (a file part without a filename
 * takes the reference's). The store is never written and
 * the input never mutated; messages without attachments are returned as they are. Each distinct
 * attachment is read once. `not_found` for an attachment that is not stored; `too_large` when
 * the distinct attachments add up to more than `maxBytes`, before any is read.
 *
 * @example
 * const messages = await resolveAttachments(store, await store.context(id), { maxBytes: 20_000_000 })
 * const { body } = toOpenAIChatMessages(messages, { system })
 */
export async function resolveAttachments(
  store: { getAttachment(id: string): Promise<Blob> }, messages: readonly Message[], options: ResolveAttachmentsOptions = {},
): Promise<Message[]> {
  const wanted = new Map<string, AttachmentSource>();
  for (const message of messages) {
    for (const [, part] of mediaParts(message)) if (part.source.kind === 'attachment') wanted.set(part.source.id, part.source);
  }
  if (wanted.size === 0) return [...messages];
  checkSize(wanted, options.maxBytes);
  const data = new Map<string, string>();
  for (const id of wanted.keys()) data.set(id, toBase64(new Uint8Array(await (await store.getAttachment(id)).arrayBuffer())));
  return messages.map((message) => withBase64(message, data));
}

function checkSize(wanted: ReadonlyMap<string, AttachmentSource>, maxBytes: number | undefined): void {
  if (maxBytes === undefined) return;
  let total = 0;
  for (const source of wanted.values()) total += source.size;
  if (total <= maxBytes) return;
  throw new ConvologError({
    code: 'too_large',
    details: { bytes: total, maxBytes },
    message: `The attachments of these messages hold ${total} bytes, over maxBytes (${maxBytes}). Nothing was read: ` +
      'send fewer of them (e.g. only the last messages\' attachments) or raise maxBytes.',
  });
}

function withBase64(message: Message, data: ReadonlyMap<string, string>): Message {
  const parts = mediaParts(message).filter(([, part]) => part.source.kind === 'attachment');
  if (parts.length === 0) return message;
  const content = [...(message.content as readonly object[])];
  for (const [index, part] of parts) {
    const source = part.source as AttachmentSource;
    // The reference's own media type: the one the message declared when it was appended. A file
    // part without a filename takes the reference's (providers show it to the model, and OpenAI
    // wants one with file data).
    const resolved = { ...part, source: { kind: 'base64', mediaType: source.mediaType, data: data.get(source.id)! } };
    if (part.type === 'file' && part.filename === undefined && source.filename !== undefined) (resolved as FilePart).filename = source.filename;
    content[index] = resolved;
  }
  return { ...message, content } as Message;
}
