import type { MessageEntry } from '../../core/entry.js';
import { settle } from '../../core/settle.js';
import { publishAppended } from './publish-appended.js';
import { readRecord } from '../database/read-record.js';
import { readWindow } from './read-window.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { writeMessages } from './write-messages.js';
import { checkEntryId, nodeFrom, prefetchEntry } from './find-entry.js';
import type { SettleOptions } from '../types/options.js';

/**
 * `store.settle`: answers every pending call of the trailing window of the head's branch (or
 * `leafId`'s) with an `isError` tool result, in one transaction (so a result another tab wrote
 * meanwhile is never answered twice), and moves the head to the last result. `[]` when nothing
 * is pending (the head stays).
 * @internal
 */
export async function settleConversation(
  context: StoreContext, id: string, options: SettleOptions = {},
): Promise<MessageEntry[]> {
  if (options.leafId !== undefined) checkEntryId(options.leafId, 'settle: leafId', false);
  const written = await runTransaction(context, ALL_STORES, 'readwrite', 'Settling tool calls', async (transaction) => {
    const leafRead = prefetchEntry(transaction, options.leafId);
    const record = await readRecord(transaction, id);
    const leaf = await nodeFrom(record, options.leafId, leafRead, 'leafId');
    const window = await readWindow(context, transaction, record, leaf);
    const settled = settle(window.map((entry) => entry.message), options);
    return writeMessages(context, transaction, record, leaf, window, settled.messages.slice(window.length));
  });
  publishAppended(context, written);
  return written.entries;
}
