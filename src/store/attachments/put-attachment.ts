import { throwIfAborted } from '../database/aborted-error.js';
import { awaitRequests } from '../database/await-requests.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import { ATTACHMENT_CHUNK_BYTES, type AttachmentRecord, type StoreName } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { ATTACHMENT_GRACE_MS, removeIfUnreferenced } from './attachment-lifetime.js';
import type { AttachmentRef, PutAttachmentOptions } from './attachment-ref.js';

const OPERATION = 'Storing an attachment';
/** The stores a put writes (and its collection reads). @internal */
export const ATTACHMENT_STORES: StoreName[] = ['attachments', 'attachmentChunks', 'attachmentRefs'];
/** Expired puts a put collects at most: a bounded cost per put, and every put makes progress. */
const COLLECT_PER_PUT = 8;

/**
 * `store.putAttachment` (DESIGN §18): hashes the bytes (SHA-256, `crypto.subtle`) and, in one
 * readwrite transaction, writes them as ArrayBuffer chunks of at most 1 MiB with their metadata,
 * or, when the same bytes are stored already, only renews their grace period. All chunks or none:
 * `quota_exceeded` leaves nothing behind. The same transaction collects up to
 * {@link COLLECT_PER_PUT} puts older than the grace period that nothing references: abandoned
 * puts only appear through puts, so puts clean up after them, with no timer in the background.
 * @internal
 */
export async function putAttachment(
  context: StoreContext, data: Blob | ArrayBuffer | ArrayBufferView, options: PutAttachmentOptions,
): Promise<AttachmentRef> {
  const { mediaType, filename, signal } = options ?? {};
  if (typeof mediaType !== 'string' || mediaType === '') throw new TypeError('putAttachment: give the media type of the bytes, e.g. { mediaType: \'image/png\' }.');
  if (filename !== undefined && typeof filename !== 'string') throw new TypeError('putAttachment: filename must be a string.');
  throwIfAborted(OPERATION, signal);
  const bytes = await toBytes(data);
  const id = await sha256Hex(bytes);
  throwIfAborted(OPERATION, signal);
  return storeBytes(context, bytes, id, mediaType, filename);
}

/**
 * The put's write once `id` is known to be the SHA-256 of `bytes` (hashed by the caller): one
 * transaction that stores them or renews their grace period, collecting expired puts, and the
 * journal's copy. Also what a fetched attachment goes through (`fetch-attachment.ts`).
 * @internal
 */
export async function storeBytes(context: StoreContext, bytes: Uint8Array, id: string, mediaType: string, filename?: string): Promise<AttachmentRef> {
  const now = context.now();
  const committed = runTransaction(context, ATTACHMENT_STORES, 'readwrite', OPERATION, async (transaction) => {
    const attachments = transaction.objectStore('attachments');
    const stored = await attachments.get(id);
    const pendingSince = now.getTime();
    // Stored already (by this tab or another): only the grace period starts again, in the same
    // transaction as the check, so a collection cannot slip in between.
    if (stored !== undefined) await attachments.put({ ...stored, pendingSince });
    else {
      const size = bytes.byteLength;
      const named = filename === undefined ? {} : { filename };
      await writeBytes(transaction, bytes, { id, mediaType, size, ...named, createdAt: now.toISOString(), chunks: chunkCount(size), pendingSince });
    }
    await collectExpired(context, transaction, pendingSince);
    return stored === undefined;
  });
  const ref: AttachmentRef = { kind: 'attachment', id, mediaType, size: bytes.byteLength, ...(filename === undefined ? {} : { filename }) };
  // Resolved only once the journal holds the bytes too (the browser may throw the database away),
  // written while the transaction commits: two writes of the same bytes one after the other made
  // a 10 MB put 1.8× a raw put (DESIGN §18).
  await (context.journalAttachment?.(ref, bytes, committed) ?? committed);
  return ref;
}

/** Writes the chunks and the metadata of bytes not stored yet (`record.chunks` of them). @internal */
export async function writeBytes(transaction: Transaction<'readwrite'>, bytes: Uint8Array, record: AttachmentRecord): Promise<void> {
  const chunks = transaction.objectStore('attachmentChunks');
  await awaitRequests((track) => {
    for (let index = 0; index < record.chunks; index++) {
      const start = index * ATTACHMENT_CHUNK_BYTES;
      // A copy of exactly this chunk: an ArrayBuffer value (WebKit has lost Blob values) that holds nothing beyond it.
      const chunk = bytes.slice(start, Math.min(start + ATTACHMENT_CHUNK_BYTES, bytes.byteLength)).buffer;
      track(chunks.add({ id: record.id, index, bytes: chunk }));
    }
    track(transaction.objectStore('attachments').add(record));
  });
}

/** Removes up to {@link COLLECT_PER_PUT} attachments put longer than the grace period ago that nothing references. @internal */
export async function collectExpired(context: StoreContext, transaction: Transaction<'readwrite'>, now: number): Promise<void> {
  const expired = await transaction.objectStore('attachments').index('byPending')
    .getAllKeys(context.keyRange.upperBound(now - ATTACHMENT_GRACE_MS), COLLECT_PER_PUT);
  for (const id of expired) await removeIfUnreferenced(transaction, context.keyRange, id, now);
}

/** How many chunks of at most 1 MiB hold `size` bytes. @internal */
export function chunkCount(size: number): number {
  return Math.ceil(size / ATTACHMENT_CHUNK_BYTES);
}

async function toBytes(data: Blob | ArrayBuffer | ArrayBufferView): Promise<Uint8Array> {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (typeof Blob !== 'undefined' && data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  throw new TypeError('putAttachment: data must be a Blob, an ArrayBuffer or an ArrayBufferView (e.g. a Uint8Array).');
}

/** The SHA-256 of `bytes` in lowercase hex: the attachment's id. @internal */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
