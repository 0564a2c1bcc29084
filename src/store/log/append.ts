import type { MessageEntry } from '../../core/entry.js';
import type { Message } from '../../core/message.js';
import { checkExpectedSeq } from './check-expected-seq.js';
import type { WriteOptions } from '../types/options.js';
import { parseMessages } from '../../core/parse-messages.js';
import { appendedChange } from './publish-appended.js';
import { toConversation } from '../conversations/to-conversation.js';
import { readRecord } from '../database/read-record.js';
import { readWindow } from './read-window.js';
import { runTransaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { lookUpCalls, writeMessages } from './write-messages.js';
import { checkEntryId, nodeFrom, prefetchEntry } from './find-entry.js';
import { idsToLookUp } from './pairing-check.js';
import { claimAttachments } from '../attachments/claim-attachments.js';
import { decodedSize, hasLargeInlineMedia } from '../attachments/inline-media.js';

/**
 * `store.append`: validates every message, then in one readwrite transaction checks the
 * conversation, `expectedLastSeq`, the parent (the head by default) and the pairing invariant of
 * the parent's branch and that every attachment named is stored, allocates seqs, writes and moves
 * the head. Inline media over `inlineMediaLimit` are put as attachments before. All or nothing;
 * resolves once committed.
 * @internal
 */
export async function append(
  context: StoreContext, id: string, messages: readonly Message[], options: WriteOptions = {},
): Promise<MessageEntry[]> {
  checkEntryId(options.parentId, 'append: parentId', true);
  let batch = parseMessages(messages, 'Nothing was written; fix the message and append again.');
  // Large inline media become attachments first (their puts need hashing, which no transaction survives);
  // the mover, with the hashing and chunking, loads only when a batch has some.
  if (hasLargeInlineMedia(batch, context.inlineMediaLimit)) {
    batch = await (await import('../attachments/attachments-on-demand.js')).moveInlineMedia(context, batch, (data) => decodedSize(data) > context.inlineMediaLimit);
  }
  let change: ReturnType<typeof appendedChange> | undefined;
  let ahead: { withdraw(): void } | undefined;
  const writing = runTransaction(context, ALL_STORES, 'readwrite', 'Appending messages', async (transaction) => {
    // The record, the parent and the batch's call ids are read side by side: one round trip, fork or not.
    const parentRead = prefetchEntry(transaction, options.parentId);
    const callsRead = lookUpCalls(transaction, id, idsToLookUp(batch));
    const attachmentsRead = claimAttachments(transaction, batch);
    attachmentsRead.catch(() => undefined); // awaited below, after the record: not_found for the conversation comes first
    const record = await readRecord(transaction, id);
    checkExpectedSeq(record, options.expectedLastSeq);
    const parent = await nodeFrom(record, options.parentId, parentRead, 'parentId');
    const window = await readWindow(context, transaction, record, parent);
    await attachmentsRead;
    const result = await writeMessages(context, transaction, record, parent, window, batch, await callsRead);
    // Every request is done and the commit is next: the journal's write of this append starts
    // now, so its flush overlaps the commit's instead of following it (DESIGN §21).
    if (result.entries.length > 0) {
      change = appendedChange(result);
      ahead = context.journalAhead?.(change, toConversation(record));
    }
    return result;
  });
  let written;
  try {
    written = await writing;
  } catch (error) {
    ahead?.withdraw();
    throw error;
  }
  // The change the journal already has (written ahead) is announced without journaling it again.
  if (change !== undefined) context.changes.publish(change, ahead !== undefined);
  return written.entries;
}
