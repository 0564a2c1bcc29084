import { ConvologError } from '../../core/error.js';
import type { ConversationRecord } from './schema.js';
import type { Transaction } from './run-transaction.js';

/**
 * The stored conversation record, or `not_found`. An id that is not a string names no
 * conversation: `not_found` too, rather than the DataError IndexedDB throws for a bad key.
 * @internal
 */
export async function readRecord(
  transaction: Transaction<IDBTransactionMode>, id: string,
): Promise<ConversationRecord> {
  if (typeof id !== 'string') throw notFound(id);
  const record = await transaction.objectStore('conversations').get(id);
  if (record === undefined) throw notFound(id);
  return record;
}

/** The `not_found` error for a conversation id. @internal */
export function notFound(id: unknown): ConvologError {
  return new ConvologError({
    code: 'not_found',
    message: typeof id === 'string'
      ? `No conversation with id "${id}" in this store: it was deleted (perhaps in another tab) or never created here.`
      : `No conversation has the id ${String(id)}: conversation ids are strings. Pass the id of a conversation from this store.`,
    details: { conversationId: id },
  });
}
