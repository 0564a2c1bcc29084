import type { Transaction } from '../database/run-transaction.js';
import type { AttachmentRecord } from '../database/schema.js';

/** How long a put keeps its bytes alive without a reference: 24 hours (DESIGN §18). @internal */
export const ATTACHMENT_GRACE_MS = 24 * 60 * 60 * 1000;

/** Whether a put of these bytes was recent enough that an append naming them may still come. @internal */
export function inGracePeriod(record: AttachmentRecord, now: number): boolean {
  return record.pendingSince !== undefined && now - record.pendingSince < ATTACHMENT_GRACE_MS;
}

/** Every chunk key of attachment `id`. @internal */
export function chunkRange(keyRange: typeof IDBKeyRange, id: string): IDBKeyRange {
  return keyRange.bound([id, 0], [id, Number.POSITIVE_INFINITY]);
}

/**
 * Inside a readwrite transaction: removes attachment `id` (metadata and chunks) when no entry
 * references it and no put of it is within the grace period. The reference count is read in this
 * transaction, after the caller's own deletions of references: a reference another tab commits
 * first is seen, one it commits later finds the bytes gone (its append throws `not_found`).
 * A referenced attachment found pending leaves the pending index. Returns whether it was removed.
 * @internal
 */
export async function removeIfUnreferenced(
  transaction: Transaction<'readwrite'>, keyRange: typeof IDBKeyRange, id: string, now: number,
): Promise<boolean> {
  const attachments = transaction.objectStore('attachments');
  const [references, record] = await Promise.all([
    transaction.objectStore('attachmentRefs').index('byAttachment').count(id),
    attachments.get(id),
  ]);
  if (record === undefined || inGracePeriod(record, now)) return false;
  if (references > 0) {
    if (record.pendingSince !== undefined) {
      const { pendingSince: _settled, ...referenced } = record;
      await attachments.put(referenced);
    }
    return false;
  }
  await Promise.all([attachments.delete(id), transaction.objectStore('attachmentChunks').delete(chunkRange(keyRange, id))]);
  return true;
}
