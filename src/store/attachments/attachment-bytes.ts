import { runTransaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';

/** The exact bytes of every stored attachment (each once), for `estimateStorage().attachments`. Reads metadata only. @internal */
export async function attachmentBytes(context: StoreContext): Promise<number> {
  const records = await runTransaction(context, ['attachments'], 'readonly', 'Measuring attachments',
    (transaction) => transaction.objectStore('attachments').getAll());
  return records.reduce((total, record) => total + record.size, 0);
}
