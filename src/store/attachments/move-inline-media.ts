import { ConvologError } from '../../core/error.js';
import { mediaParts } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';
import type { StoreContext } from '../database/store-context.js';
import { fromBase64 } from './base64.js';
import { putAttachment } from './put-attachment.js';

/**
 * Before an append's transaction: puts every inline base64 image or file of `batch` that
 * `isLarge` (over the store's `inlineMediaLimit`; given by the caller, so the size rule is loaded
 * up front only, in one chunk) as an attachment and returns the batch with references in their place (copies:
 * the caller's messages are never mutated). The puts commit before the append; should the append
 * then fail, they stay unreferenced and the collection removes them after the grace period.
 * @internal
 */
export async function moveInlineMedia(
  context: StoreContext, batch: readonly Message[], isLarge: (data: string) => boolean,
): Promise<Message[]> {
  const moved: Message[] = [];
  for (const [messageIndex, message] of batch.entries()) {
    const large = mediaParts(message).filter(([, part]) => part.source.kind === 'base64' && isLarge(part.source.data));
    if (large.length === 0) {
      moved.push(message);
      continue;
    }
    const content = [...(message.content as readonly object[])];
    for (const [index, part] of large) {
      const source = part.source as { mediaType: string; data: string };
      const filename = part.type === 'file' ? part.filename : undefined;
      const bytes = decode(source.data, [messageIndex, 'content', index, 'source', 'data']);
      const ref = await putAttachment(context, bytes, { mediaType: source.mediaType, ...(filename === undefined ? {} : { filename }) });
      content[index] = { ...part, source: ref };
    }
    moved.push({ ...message, content } as Message);
  }
  return moved;
}

function decode(data: string, path: (string | number)[]): Uint8Array {
  try {
    return fromBase64(data);
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_message',
      path,
      cause: error,
      message: `Message ${path[0]} holds inline media whose data is not base64. Nothing was written: give the bytes as standard base64.`,
    });
  }
}
