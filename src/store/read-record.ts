import { ConvologError } from '../core/error.js';
import type { ConversationRecord } from './schema.js';
import type { Transaction } from './run-transaction.js';

/** The stored conversation record, or `not_found`. @internal */
export async function readRecord(
  transaction: Transaction<IDBTransactionMode>, id: string,
): Promise<ConversationRecord> {
  const record = await transaction.objectStore('conversations').get(id);
  if (record === undefined) throw notFound(id);
  return record;
}

/** The `not_found` error for a conversation id. @internal */
export function notFound(id: string): ConvologError {
  return new ConvologError({
    code: 'not_found',
    message: `No conversation with id "${id}" in this store: it was deleted (perhaps in another tab) or never created here.`,
    details: { conversationId: id },
  });
}
