import { buildContext } from '../../core/build-context.js';
import type { Message } from '../../core/message.js';
import { keptTail, type KeptTail } from '../../core/kept-tail.js';
import type { Entry } from '../../core/entry.js';
import { readEntryRange } from './read-entry-range.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * The entries from where the last compaction's kept tail starts to the end: the kept messages and
 * the compaction itself (which follows the first kept entry). Costs O(kept tail), not O(log).
 * @internal
 */
async function readTail(context: StoreContext, id: string): Promise<{ record: ConversationRecord; entries: Entry[] }> {
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Reading the context', async (transaction) => {
    const record = await readRecord(transaction, id);
    const { entries } = await readEntryRange(transaction, context.keyRange, id, record.keptFromSeq, record.lastSeq);
    return { record, entries };
  });
}

/** `store.contextEntries`: `keptTail` over the stored tail. @internal */
export async function readContextEntries(context: StoreContext, id: string): Promise<KeptTail> {
  return keptTail((await readTail(context, id)).entries);
}

/** `store.context`: `buildContext` over the stored tail. @internal */
export async function readContext(context: StoreContext, id: string): Promise<Message[]> {
  return buildContext((await readTail(context, id)).entries);
}
