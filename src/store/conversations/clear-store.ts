import { awaitRequests } from '../database/await-requests.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES, SEARCH_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.clear`: every conversation, entry and attachment, in one transaction. Attachments put in
 * the last 24 hours and not yet referenced go too: clear is for privacy.
 * @internal
 */
export async function clearStore(context: StoreContext): Promise<void> {
  await runTransaction(context, [...ALL_STORES, ...SEARCH_STORES], 'readwrite', 'Clearing the store', async (transaction) => {
    await awaitRequests((track) => {
      for (const name of [...ALL_STORES, ...SEARCH_STORES]) track(transaction.objectStore(name).clear());
    });
  });
  context.changes.publish({ type: 'cleared' });
}
