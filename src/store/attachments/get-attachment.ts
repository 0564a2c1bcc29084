import { ConvologError } from '../../core/error.js';
import { runTransaction } from '../database/run-transaction.js';
import type { AttachmentRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { chunkRange } from './attachment-lifetime.js';
import { fetchAttachment } from './fetch-attachment.js';

/**
 * `store.getAttachment`: the stored bytes as a Blob of their stored media type, read (metadata and
 * every chunk) in one transaction. Bytes not stored here are asked of the store's fetchers (lazy
 * sync), checked, stored and then read; `not_found` when no fetcher has them either.
 * @internal
 */
export async function getAttachment(context: StoreContext, id: string): Promise<Blob> {
  const read = await readAttachment(context, id).catch((error: unknown) => {
    if (context.attachmentFetchers?.size && isNotStored(error)) return undefined;
    throw error;
  });
  if (read !== undefined) return read.blob;
  if (!(await fetchAttachment(context, id))) throw notStored(id);
  return (await readAttachment(context, id)).blob;
}

function isNotStored(error: unknown): boolean {
  return error instanceof ConvologError && error.code === 'not_found' && typeof error.details?.['attachmentId'] === 'string';
}

/**
 * The stored record of an attachment and its bytes as a Blob, read in one transaction, so the two
 * always describe the same put; `not_found` or `corrupt_entry` as {@link getAttachment}.
 * @internal
 */
export async function readAttachment(context: StoreContext, id: string): Promise<{ record: AttachmentRecord; blob: Blob }> {
  const found = await runTransaction(context, ['attachments', 'attachmentChunks'], 'readonly', 'Reading an attachment', async (transaction) => {
    if (typeof id !== 'string') return undefined;
    const [record, chunks] = await Promise.all([
      transaction.objectStore('attachments').get(id),
      transaction.objectStore('attachmentChunks').getAll(chunkRange(context.keyRange, id)),
    ]);
    return record === undefined ? undefined : { record, chunks };
  });
  if (found === undefined) throw notStored(id);
  const { record, chunks } = found;
  const size = chunks.reduce((total, chunk) => total + chunk.bytes.byteLength, 0);
  if (chunks.length !== record.chunks || size !== record.size) {
    throw new ConvologError({
      code: 'corrupt_entry',
      details: { attachmentId: id },
      message: `The stored bytes of attachment "${id}" are incomplete (${size} of ${record.size} bytes): put the file again.`,
    });
  }
  return { record, blob: new Blob(chunks.map((chunk) => chunk.bytes), { type: record.mediaType }) };
}

/** The `not_found` error for an attachment id. @internal */
export function notStored(id: unknown): ConvologError {
  return new ConvologError({
    code: 'not_found',
    details: { attachmentId: id },
    message: `No attachment with id "${String(id)}" in this store: it was never put here, or removed with the last conversation that referenced it.`,
  });
}
