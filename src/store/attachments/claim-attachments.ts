import { ConvologError } from '../../core/error.js';
import { mediaParts } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';
import type { Transaction } from '../database/run-transaction.js';

/**
 * Inside the append's transaction: every attachment the batch names must be stored, or already
 * referenced by an entry here (bytes a lazy sync left on the server), or the entry would outlive
 * its bytes (`not_found`, with the path of the first missing one). Read in the same
 * transaction as the write, so a deletion or collection in another tab either comes first (and
 * the append is refused) or sees the new reference. A pending put is claimed (it leaves the
 * grace period): from now on its bytes live exactly as long as their references, so deleting
 * the conversation right away removes them.
 * @internal
 */
export async function claimAttachments(transaction: Transaction<'readwrite'>, batch: readonly Message[]): Promise<void> {
  const named: { id: string; path: (string | number)[] }[] = [];
  batch.forEach((message, messageIndex) => {
    for (const [index, part] of mediaParts(message)) {
      if (part.source.kind === 'attachment') named.push({ id: part.source.id, path: [messageIndex, 'content', index, 'source'] });
    }
  });
  if (named.length === 0) return;
  const attachments = transaction.objectStore('attachments');
  const found = await Promise.all(named.map(({ id }) => attachments.get(id)));
  // Bytes not here but already referenced here (a lazy sync kept the reference; `getAttachment`
  // fetches them) may be named again, e.g. by an edited message: the new reference is as good.
  const refs = transaction.objectStore('attachmentRefs').index('byAttachment');
  const known = await Promise.all(named.map(({ id }, index) => found[index] !== undefined || refs.count(id).then((count) => count > 0)));
  const missing = named.find((_, index) => !known[index]);
  if (missing === undefined) {
    for (const record of new Set(found)) {
      if (record?.pendingSince === undefined) continue;
      const { pendingSince: _claimed, ...claimed } = record;
      await attachments.put(claimed);
    }
    return;
  }
  throw new ConvologError({
    code: 'not_found',
    path: missing.path,
    details: { attachmentId: missing.id },
    message: `No attachment with id "${missing.id}" in this store: it was never put here, or removed (its conversation deleted, ` +
      'or unreferenced for over 24 hours). Nothing was written: put the bytes again with putAttachment and append with the new reference.',
  });
}
