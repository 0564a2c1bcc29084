import type { Entry } from '../../core/entry.js';
import { mediaParts } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';
import type { Transaction } from '../database/run-transaction.js';
import { removeIfUnreferenced } from './attachment-lifetime.js';

/** The distinct attachment ids a message names, in content order. @internal */
export function attachmentIdsOf(message: Message): string[] {
  const ids = new Set<string>();
  for (const [, part] of mediaParts(message)) if (part.source.kind === 'attachment') ids.add(part.source.id);
  return [...ids];
}

/**
 * Issues, in the entries' own transaction, one reference row per (entry, attachment it names):
 * what keeps the bytes alive (DESIGN §18). Every writer of entries calls it (append, import, merge).
 * @internal
 */
export function trackAttachmentRefs(
  transaction: Transaction<'readwrite'>, entries: readonly Entry[], track: (request: Promise<unknown>) => void,
): void {
  const refs = transaction.objectStore('attachmentRefs');
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    for (const attachmentId of attachmentIdsOf(entry.message)) {
      track(refs.put({ conversationId: entry.conversationId, seq: entry.seq, attachmentId }));
    }
  }
}

/**
 * Inside the transaction that deletes a conversation: drops its reference rows (`range`: the
 * conversation's keys) and removes every attachment that nothing references any more, unless a
 * recent put keeps it for an append still to come.
 * @internal
 */
export async function releaseAttachments(
  transaction: Transaction<'readwrite'>, keyRange: typeof IDBKeyRange, range: IDBKeyRange, now: number,
): Promise<void> {
  const refs = transaction.objectStore('attachmentRefs');
  const rows = await refs.getAll(range);
  if (rows.length === 0) return;
  await refs.delete(range);
  const ids = new Set(rows.map((row) => row.attachmentId));
  await Promise.all([...ids].map((id) => removeIfUnreferenced(transaction, keyRange, id, now)));
}
