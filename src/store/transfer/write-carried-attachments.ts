import type { Entry } from '../../core/entry.js';
import { chunkCount, writeBytes } from '../attachments/put-attachment.js';
import type { Transaction } from '../database/run-transaction.js';
import type { CarriedAttachment } from './carried-attachments.js';
import { referencedAttachments } from './referenced-attachments.js';

/**
 * Inside the import's transaction, after its entries (and their reference rows) are written:
 * stores the carried attachments those entries reference, each once. Bytes already stored stay
 * (the same id is the same bytes) and a pending put of them is claimed; carried bytes that no
 * written entry references are not stored (nothing would ever release them). One transaction
 * with the entries: a failure leaves neither.
 * @internal
 */
export async function writeCarriedAttachments(
  transaction: Transaction<'readwrite'>, entries: readonly Entry[], carried: readonly CarriedAttachment[], now: Date,
): Promise<void> {
  if (carried.length === 0) return;
  const referenced = referencedAttachments(entries);
  const attachments = transaction.objectStore('attachments');
  for (const attachment of carried) {
    if (!referenced.has(attachment.id)) continue;
    referenced.delete(attachment.id);
    const stored = await attachments.get(attachment.id);
    if (stored !== undefined) {
      if (stored.pendingSince === undefined) continue;
      const { pendingSince: _claimed, ...claimed } = stored;
      await attachments.put(claimed);
      continue;
    }
    const { bytes, id, mediaType, size, filename } = attachment;
    await writeBytes(transaction, bytes, { id, mediaType, size, ...(filename === undefined ? {} : { filename }), createdAt: now.toISOString(), chunks: chunkCount(size) });
  }
}
