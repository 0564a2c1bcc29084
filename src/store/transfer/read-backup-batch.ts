import type { Entry } from '../../core/entry.js';
import { chunkRange } from '../attachments/attachment-lifetime.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { AttachmentRecord, ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { readEntryRange } from '../log/read-entry-range.js';
import { referencedAttachments } from './referenced-attachments.js';

/** One conversation of a batch: its record, its whole log, its attachments (chunks only for bytes not in the backup yet). @internal */
export interface BatchConversation {
  record: ConversationRecord;
  entries: Entry[];
  attachments: { record: AttachmentRecord; chunks?: ArrayBuffer[] }[];
}

/** What one batch read: the conversations still stored, and how many of the ids asked for it covered. @internal */
export interface BackupBatch { conversations: BatchConversation[]; covered: number }

/**
 * At most this many conversations, entries and new attachment bytes per transaction (past the
 * first conversation, always taken whole): a transaction per conversation cost exportAll ~90%
 * of its time (DESIGN §20), and these caps keep the memory of a batch bounded whatever the store's size.
 */
export const BATCH_LIMITS = { conversations: 50, entries: 2_000, bytes: 4 * 2 ** 20 };

/**
 * Reads conversations `ids` from the first on, as many as the limits allow, in one readonly
 * transaction: each conversation with its whole log and the attachments it references is one
 * snapshot (a write in another tab is in it whole or not at all), and bytes deleted meanwhile by
 * another tab are never missed. A conversation deleted meanwhile is left out; bytes of the ids in
 * `skipBytes` (in the backup already) are not read, nor read twice within the batch.
 * @internal
 */
export function readBackupBatch(context: StoreContext, ids: readonly string[], skipBytes: ReadonlySet<string>): Promise<BackupBatch> {
  const stores = ['conversations', 'entries', 'attachments', 'attachmentChunks'] as const;
  return runTransaction(context, [...stores], 'readonly', 'Exporting a backup', async (transaction) => {
    const asked = ids.slice(0, BATCH_LIMITS.conversations);
    const records = await Promise.all(asked.map((id) => transaction.objectStore('conversations').get(id)));
    const covered = coveredByEntries(records);
    const found = records.slice(0, covered).filter((record) => record !== undefined);
    const logs = await Promise.all(found.map((record) => readLog(context, transaction, record)));
    const metadata = await readMetadata(transaction, logs);
    const taken = takeWithinBytes(logs, metadata, skipBytes);
    const conversations = await Promise.all(logs.slice(0, taken.count).map(async ({ record, entries }, index) => ({
      record, entries, attachments: await readAttachments(context, transaction, taken.attachments[index]!, metadata, taken.reading),
    })));
    const last = taken.count === logs.length ? covered : asked.indexOf(logs[taken.count]!.record.id);
    return { conversations, covered: last };
  });
}

/** How many of the records fit the entries cap (at least one): their logs are read next. */
function coveredByEntries(records: readonly (ConversationRecord | undefined)[]): number {
  let entries = 0;
  for (const [index, record] of records.entries()) {
    entries += record?.lastSeq ?? 0;
    if (index > 0 && entries > BATCH_LIMITS.entries) return index;
  }
  return records.length;
}

async function readLog(context: StoreContext, transaction: Transaction<'readonly'>, record: ConversationRecord) {
  if (record.lastSeq < 1) return { record, entries: [] };
  const { entries } = await readEntryRange(transaction, context.keyRange, record.id, 1, record.lastSeq);
  return { record, entries };
}

async function readMetadata(transaction: Transaction<'readonly'>, logs: readonly { entries: Entry[] }[]): Promise<Map<string, AttachmentRecord>> {
  const ids = new Set(logs.flatMap(({ entries }) => [...referencedAttachments(entries)]));
  const store = transaction.objectStore('attachments');
  const records = await Promise.all([...ids].map((id) => store.get(id)));
  return new Map(records.filter((record) => record !== undefined).map((record) => [record.id, record]));
}

/** The first conversations whose new bytes fit the cap (at least one), each with the stored attachments it references. */
function takeWithinBytes(logs: readonly { entries: Entry[] }[], metadata: ReadonlyMap<string, AttachmentRecord>, skipBytes: ReadonlySet<string>) {
  const reading = new Set<string>();
  const attachments: string[][] = [];
  let bytes = 0;
  for (const { entries } of logs) {
    const referenced = [...referencedAttachments(entries)].filter((id) => metadata.has(id));
    const fresh = referenced.filter((id) => !skipBytes.has(id) && !reading.has(id));
    const size = fresh.reduce((total, id) => total + metadata.get(id)!.size, 0);
    if (attachments.length > 0 && bytes + size > BATCH_LIMITS.bytes) break;
    bytes += size;
    for (const id of fresh) reading.add(id);
    attachments.push(referenced);
  }
  return { count: attachments.length, attachments, reading };
}

async function readAttachments(
  context: StoreContext, transaction: Transaction<'readonly'>, ids: readonly string[], metadata: ReadonlyMap<string, AttachmentRecord>, reading: Set<string>,
): Promise<BatchConversation['attachments']> {
  return Promise.all(ids.map(async (id) => {
    const record = metadata.get(id)!;
    if (!reading.delete(id)) return { record };
    const chunks = await transaction.objectStore('attachmentChunks').getAll(chunkRange(context.keyRange, id));
    return { record, chunks: chunks.map((chunk) => chunk.bytes) };
  }));
}
