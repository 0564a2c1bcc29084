import type { Entry, MessageEntry } from '../core/entry.js';
import type { Message } from '../core/message.js';
import { checkExpectedSeq } from './check-expected-seq.js';
import { toConversation } from './conversation.js';
import type { WriteOptions } from './convolog-store.js';
import { parseBatch } from './parse-batch.js';
import { readRecord } from './read-record.js';
import { runTransaction } from './run-transaction.js';
import { ALL_STORES } from './schema.js';
import type { StoreContext } from './store-context.js';
import { readWindow, writeMessages, type Written } from './write-messages.js';

/**
 * `store.append`: validates every message, then in one readwrite transaction checks the
 * conversation, `expectedLastSeq` and the pairing invariant, allocates seqs and writes. All or
 * nothing; resolves once committed.
 * @internal
 */
export async function append(
  context: StoreContext, id: string, messages: readonly Message[], options: WriteOptions = {},
): Promise<MessageEntry[]> {
  const batch = parseBatch(messages);
  const written = await runTransaction(context, ALL_STORES, 'readwrite', 'Appending messages', async (transaction) => {
    const record = await readRecord(transaction, id);
    checkExpectedSeq(record, options.expectedLastSeq);
    const window = await readWindow(context, transaction, record);
    return writeMessages(context, transaction, record, window, batch);
  });
  publishAppended(context, written);
  return written.entries;
}

/** Announces committed entries (nothing when none were written). @internal */
export function publishAppended(context: StoreContext, written: Written<Entry>): void {
  if (written.entries.length === 0) return;
  context.changes.publish({
    type: 'entries_appended', conversationId: written.record.id, conversation: toConversation(written.record), entries: written.entries,
  });
}
