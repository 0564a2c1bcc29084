import { readEntry } from '../../core/read-entry.js';
import { indexTerms } from '../../core/index-terms.js';
import { searchableText } from '../../core/search-text.js';
import { getAllInChunks } from '../database/get-all-in-chunks.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import { seqRange } from '../database/seq-range.js';
import type { StoreContext } from '../database/store-context.js';
import { yieldToEvents } from './yield-to-events.js';

/** How long the tokenizer runs before it lets waiting events through (a write's requests, the app's). */
const SLICE_MS = 8;

/**
 * A conversation's part of a batch: its entries from `from` to `to`, read when its `indexedSeq`
 * was `from - 1` (or when the batch before this one, not yet committed, ended at `from - 1`);
 * `lastId` is the id of entry `to`, which tells the write that the conversation is still the one
 * read (not deleted and re-created under its id in between).
 * @internal
 */
export interface Part { id: string; from: number; to: number; lastId: string | undefined; terms: Array<{ time: number; seq: number; terms: string[] }> }

/** A conversation's part of a batch as read, before tokenizing. @internal */
export interface ReadPart { id: string; from: number; to: number; entries: EntryRecord[] }

/**
 * Entries `from`..`to` of a conversation, in requests of at most READ_CHUNK records (getAllInChunks):
 * a batch of one long chat must not be one request as large as the batch, which would hold a page
 * that opens that chat behind a read of thousands of records.
 */
function readRange(context: StoreContext, transaction: Transaction<'readonly'>, id: string, from: number, to: number): Promise<EntryRecord[]> {
  const store = transaction.objectStore('entries');
  return getAllInChunks((part) => store.getAll(part), (first, last) => seqRange(context.keyRange, id, first, last), from, to);
}

/** Where each conversation's unindexed entries start: after its `indexedSeq`, or after what the batch still being written covers. */
function firstUnread(record: ConversationRecord, covered: ReadonlyMap<string, number>): number {
  return Math.max(record.indexedSeq ?? 0, covered.get(record.id) ?? 0) + 1;
}

/**
 * Reads up to `size` unindexed entries: one key range per conversation behind, in one short
 * read-only transaction. `covered` (conversation id → last seq) is the batch read before this one
 * and not yet committed: its entries are skipped, so the two batches can be in flight together.
 * `fullOnly`: nothing unless a whole batch is waiting.
 * @internal
 */
export async function readBatch(context: StoreContext, size: number, fullOnly: boolean, covered: ReadonlyMap<string, number> = new Map()): Promise<ReadPart[]> {
  return runTransaction(context, ['conversations', 'entries'], 'readonly', 'Indexing for search', async (transaction) => {
    const behind = await transaction.objectStore('conversations').index('byUnindexed').getAll(undefined, size + covered.size);
    const waiting = behind.filter((record) => firstUnread(record, covered) <= record.lastSeq);
    if (fullOnly && waiting.reduce((sum, record) => sum + record.lastSeq - firstUnread(record, covered) + 1, 0) < size) return [];
    const ranges: Array<{ id: string; from: number; to: number }> = [];
    let left = size;
    for (const record of waiting) {
      if (left <= 0) break;
      const from = firstUnread(record, covered);
      const to = Math.min(record.lastSeq, from + left - 1);
      ranges.push({ id: record.id, from, to });
      left -= to - from + 1;
    }
    // All at once: one at a time waited a round trip per conversation.
    return Promise.all(ranges.map(async (range) => ({ ...range, entries: await readRange(context, transaction, range.id, range.from, range.to) })));
  });
}

/**
 * Tokenizes a batch outside any transaction, in slices of about {@link SLICE_MS} with the event
 * loop let through between them: the write of the batch before this one runs meanwhile (its
 * requests' events are handled between slices), and so do the app's own reads and writes.
 * @internal
 */
export async function tokenizeBatch(read: ReadPart[]): Promise<Part[]> {
  const parts: Part[] = [];
  let sliceStart = performance.now();
  for (const { id, from, to, entries } of read) {
    const terms: Part['terms'] = [];
    for (const stored of entries) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEvents();
        sliceStart = performance.now();
      }
      const parsed = readEntry(stored);
      terms.push({ time: entryTime(stored), seq: stored.seq, terms: parsed.success ? indexTerms(searchableText(parsed.data)) : [] });
    }
    parts.push({ id, from, to, lastId: entries[entries.length - 1]?.id, terms });
  }
  return parts;
}
