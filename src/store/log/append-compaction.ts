import { ConvologError } from '../../core/error.js';
import type { CompactionEntry, Entry } from '../../core/entry.js';
import { awaitRequests } from '../database/await-requests.js';
import { checkExpectedSeq } from './check-expected-seq.js';
import type { CompactionInput, WriteOptions } from '../types/options.js';
import { publishAppended } from './publish-appended.js';
import { readRecord } from '../database/read-record.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.appendCompaction`: from now on the context is the summary followed by the messages from
 * `firstKeptId` on. The kept entry must be a user message of this conversation (`not_found`,
 * `invalid_cut`); the record remembers where the kept tail starts so context stays O(kept tail).
 * @internal
 */
export async function appendCompaction(
  context: StoreContext, id: string, compaction: CompactionInput, options: WriteOptions = {},
): Promise<CompactionEntry> {
  checkInput(compaction);
  const written = await runTransaction(context, ['conversations', 'entries'], 'readwrite', 'Appending a compaction', async (transaction) => {
    const record = await readRecord(transaction, id);
    checkExpectedSeq(record, options.expectedLastSeq);
    const kept = await readKeptEntry(transaction, record, compaction.firstKeptId);
    const timestamp = context.now().toISOString();
    const entry: CompactionEntry = {
      type: 'compaction', id: context.generateId(), conversationId: id, seq: record.lastSeq + 1, timestamp,
      summary: compaction.summary, firstKeptId: compaction.firstKeptId,
    };
    if (compaction.tokensBefore !== undefined) entry.tokensBefore = compaction.tokensBefore;
    const next: ConversationRecord = {
      ...record, lastSeq: entry.seq, updatedAt: timestamp, keptFromSeq: kept.seq, lastCompactionSeq: entry.seq,
    };
    await awaitRequests((track) => {
      track(transaction.objectStore('entries').add(entry));
      track(transaction.objectStore('conversations').put(next));
    });
    return { record: next, entries: [entry] };
  });
  publishAppended(context, written);
  return written.entries[0]!;
}

async function readKeptEntry(transaction: Transaction<'readwrite'>, record: ConversationRecord, firstKeptId: string): Promise<Entry> {
  const kept = await transaction.objectStore('entries').index('byId').get(firstKeptId);
  if (kept === undefined || kept.conversationId !== record.id) {
    throw new ConvologError({
      code: 'not_found',
      message: `No entry with id "${firstKeptId}" in conversation "${record.id}": firstKeptId must name a user message entry of this conversation.`,
      details: { conversationId: record.id, firstKeptId },
    });
  }
  if (kept.type !== 'message' || kept.message.role !== 'user') {
    throw new ConvologError({
      code: 'invalid_cut',
      message: `Entry "${firstKeptId}" (seq ${kept.seq}) is not a user message: a compaction keeps the log from a user message, ` +
        'the only boundary that never splits a tool window. Use planCut over keptTail to choose one.',
      details: { conversationId: record.id, firstKeptId, seq: kept.seq },
    });
  }
  return kept;
}

function checkInput(compaction: CompactionInput): void {
  const valid = typeof compaction === 'object' && compaction !== null && typeof compaction.summary === 'string' &&
    typeof compaction.firstKeptId === 'string' && compaction.firstKeptId !== '' &&
    (compaction.tokensBefore === undefined || (typeof compaction.tokensBefore === 'number' && compaction.tokensBefore >= 0));
  if (valid) return;
  throw new ConvologError({
    code: 'invalid_message',
    message: 'A compaction needs `summary` (a string), `firstKeptId` (the id of a user message entry) and optionally `tokensBefore` (a number ≥ 0).',
  });
}
