import type { Entry } from '../../core/entry.js';
import { toBase64 } from '../attachments/base64.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport, type ExportedAttachment } from './conversation-export.js';
import { readEntryRange } from '../log/read-entry-range.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { StoreContext } from '../database/store-context.js';
import type { AttachmentRecord, ConversationRecord } from '../database/schema.js';
import { chunkRange } from '../attachments/attachment-lifetime.js';
import { fetchAttachment } from '../attachments/fetch-attachment.js';
import { referencedAttachments } from './referenced-attachments.js';

/** An attachment read with its conversation: its metadata, and its bytes unless they were not wanted. @internal */
export interface SnapshotAttachment { record: AttachmentRecord; bytes?: Uint8Array }

/** One conversation read as one consistent snapshot, with the attachments its entries reference when asked. @internal */
export interface ConversationSnapshot { exported: ConversationExport; attachments: SnapshotAttachment[] }

/**
 * `store.exportConversation` (JSON form): the conversation (with its head) and its whole log,
 * every branch, as plain JSON, with each referenced attachment's bytes as base64 when
 * `attachments` is `'include'` (the public default; `'omit'` here, for the journal's snapshots).
 * @internal
 */
export async function exportConversation(context: StoreContext, id: string, attachments: 'include' | 'omit' = 'omit'): Promise<ConversationExport> {
  const snapshot = await readConversationSnapshot(context, id, attachments === 'include');
  if (snapshot.attachments.length > 0) {
    snapshot.exported.attachments = snapshot.attachments.map(({ record, bytes }) => ({ ...exportedAttachment(record), data: toBase64(bytes!) }));
  }
  return snapshot.exported;
}

/**
 * The conversation, its log and (with `withBytes`) every attachment its entries reference, read
 * in one transaction: an export never pairs entries with bytes from another moment, nor misses
 * bytes deleted in between by another tab. A corrupt record throws `corrupt_entry`: an export
 * never drops an entry silently; a referenced attachment that is not stored (a trusted import or
 * a journal restore can hold one) is left out, its references kept, unless a fetcher added with
 * `addAttachmentFetcher` (lazy sync) gives its bytes. Bytes of the ids in `skipBytes`
 * are not read (a backup holds each attachment once), only their metadata.
 * @internal
 */
export async function readConversationSnapshot(
  context: StoreContext, id: string, withBytes: boolean, skipBytes: ReadonlySet<string> = new Set(),
): Promise<ConversationSnapshot> {
  const first = await readSnapshot(context, id, withBytes, skipBytes);
  if (first.missing.length === 0 || !context.attachmentFetchers?.size) return first;
  // Lazy sync: referenced bytes not here yet are fetched (checked and stored) and the snapshot read
  // again, so the export carries them. A fetcher that fails (offline) fails the export with its
  // error; bytes no fetcher has are left out as above.
  for (const missing of first.missing) await fetchAttachment(context, missing);
  return readSnapshot(context, id, withBytes, skipBytes);
}

async function readSnapshot(
  context: StoreContext, id: string, withBytes: boolean, skipBytes: ReadonlySet<string>,
): Promise<ConversationSnapshot & { missing: string[] }> {
  const stores = withBytes ? ['conversations', 'entries', 'attachments', 'attachmentChunks'] as const : ['conversations', 'entries'] as const;
  const { record, entries, attachments, missing } = await runTransaction(context, [...stores], 'readonly', 'Exporting a conversation',
    async (transaction) => {
      const record = await readRecord(transaction, id);
      const { entries } = await readEntryRange(transaction, context.keyRange, id, 1, record.lastSeq);
      return { record, entries, ...(withBytes ? await readAttachments(context, transaction, entries, skipBytes) : { attachments: [], missing: [] }) };
    });
  return { exported: exportOf(context.now(), record, entries), attachments, missing };
}

async function readAttachments(
  context: StoreContext, transaction: Transaction<'readonly'>, entries: readonly Entry[], skipBytes: ReadonlySet<string>,
): Promise<{ attachments: SnapshotAttachment[]; missing: string[] }> {
  const ids = [...referencedAttachments(entries)];
  const read = await Promise.all(ids.map(async (id) => {
    const [record, chunks] = await Promise.all([
      transaction.objectStore('attachments').get(id),
      skipBytes.has(id) ? undefined : transaction.objectStore('attachmentChunks').getAll(chunkRange(context.keyRange, id)),
    ]);
    if (record === undefined) return undefined;
    return chunks === undefined ? { record } : { record, bytes: joinChunks(chunks.map((chunk) => chunk.bytes), record.size) };
  }));
  return { attachments: read.filter((attachment) => attachment !== undefined), missing: ids.filter((_, index) => read[index] === undefined) };
}

function joinChunks(chunks: readonly ArrayBuffer[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(new Uint8Array(chunk), at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** An attachment's metadata as an export carries it. @internal */
export function exportedAttachment(record: AttachmentRecord): ExportedAttachment {
  return { id: record.id, mediaType: record.mediaType, size: record.size, ...(record.filename === undefined ? {} : { filename: record.filename }) };
}

/** The v3 export of a conversation read whole: its record and its log. @internal */
export function exportOf(now: Date, record: ConversationRecord, entries: Entry[]): ConversationExport {
  const conversation: ConversationExport['conversation'] = {
    id: record.id, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, headId: record.headId,
  };
  if (record.appData !== undefined) conversation.appData = record.appData;
  return {
    format: CONVERSATION_FORMAT, formatVersion: CONVERSATION_FORMAT_VERSION, exportedAt: now.toISOString(), conversation, entries,
  };
}
