import type { MessageEntry } from '../../core/entry.js';
import type { Message } from '../../core/message.js';
import { checkExpectedSeq } from './check-expected-seq.js';
import type { WriteOptions } from '../types/options.js';
import { parseMessages } from '../../core/parse-messages.js';
import { publishAppended } from './publish-appended.js';
import { readRecord } from '../database/read-record.js';
import { readWindow } from './read-window.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { lookUpCalls, writeMessages } from './write-messages.js';
import { checkEntryId, nodeFrom, prefetchEntry } from './find-entry.js';
import { idsToLookUp } from './pairing-check.js';

/**
 * `store.append`: validates every message, then in one readwrite transaction checks the
 * conversation, `expectedLastSeq`, the parent (the head by default) and the pairing invariant of
 * the parent's branch, allocates seqs, writes and moves the head. All or nothing; resolves once committed.
 * @internal
 */
export async function append(
  context: StoreContext, id: string, messages: readonly Message[], options: WriteOptions = {},
): Promise<MessageEntry[]> {
  checkEntryId(options.parentId, 'append: parentId', true);
  const batch = parseMessages(messages, 'Nothing was written; fix the message and append again.');
  const written = await runTransaction(context, ALL_STORES, 'readwrite', 'Appending messages', async (transaction) => {
    // The record, the parent and the batch's call ids are read side by side: one round trip, fork or not.
    const parentRead = prefetchEntry(transaction, options.parentId);
    const callsRead = lookUpCalls(transaction, id, idsToLookUp(batch));
    const record = await readRecord(transaction, id);
    checkExpectedSeq(record, options.expectedLastSeq);
    const parent = await nodeFrom(record, options.parentId, parentRead, 'parentId');
    const window = await readWindow(context, transaction, record, parent);
    return writeMessages(context, transaction, record, parent, window, batch, await callsRead);
  });
  publishAppended(context, written);
  return written.entries;
}
