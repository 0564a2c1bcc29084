import { readEntry } from '../../core/read-entry.js';
import { indexTerms } from '../../core/index-terms.js';
import { searchableText } from '../../core/search-text.js';
import { getAllInChunks } from '../database/get-all-in-chunks.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import { seqRange } from '../database/seq-range.js';
import type { StoreContext } from '../database/store-context.js';
import type { HandedText } from '../database/handed-texts.js';
import { behindRecords } from './behind-records.js';
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

/**
 * A conversation's part of a batch as read, before tokenizing: its entries' texts as this tab's
 * writes handed them over (`handed`, then `entries` is empty), or its entries read back.
 * @internal
 */
export interface ReadPart { id: string; from: number; to: number; entries: EntryRecord[]; handed?: HandedText[] }

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
  return runTransaction(context, ['conversations', 'entries', 'searchBehind'], 'readonly', 'Indexing for search', async (transaction) => {
    const limit = size + covered.size;
    const behind = await behindRecords(transaction, limit);
    const { handed } = context.indexer;
    handed?.prune(behind, behind.length < limit);
    const waiting = behind.filter((record) => firstUnread(record, covered) <= record.lastSeq);
    if (fullOnly && waiting.reduce((sum, record) => sum + record.lastSeq - firstUnread(record, covered) + 1, 0) < size) return [];
    const ranges: Array<{ id: string; from: number; to: number; record: ConversationRecord }> = [];
    let left = size;
    for (const record of waiting) {
      if (left <= 0) break;
      const from = firstUnread(record, covered);
      const to = Math.min(record.lastSeq, from + left - 1);
      ranges.push({ id: record.id, from, to, record });
      left -= to - from + 1;
    }
    // All at once: one at a time waited a round trip per conversation. What this tab wrote and
    // handed over for the incarnation read here is not read back (DESIGN §17.14).
    return Promise.all(ranges.map(async ({ record, ...range }): Promise<ReadPart> => {
      const texts = handed?.take(record, range.from, range.to);
      if (texts !== undefined) return { ...range, entries: [], handed: texts };
      return { ...range, entries: await readRange(context, transaction, range.id, range.from, range.to) };
    }));
  });
}

/** The time, seq and terms of a part's entry at `index`: from its handed text, or from its record read back (validated first). */
function termsAt(part: ReadPart, index: number): Part['terms'][number] {
  const text = part.handed?.[index];
  if (text !== undefined) return { time: text.time, seq: part.from + index, terms: indexTerms(text.text) };
  const stored = part.entries[index]!;
  const parsed = readEntry(stored);
  return { time: entryTime(stored), seq: stored.seq, terms: parsed.success ? indexTerms(searchableText(parsed.data)) : [] };
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
  for (const part of read) {
    const terms: Part['terms'] = [];
    const count = part.handed?.length ?? part.entries.length;
    for (let index = 0; index < count; index++) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEvents();
        sliceStart = performance.now();
      }
      terms.push(termsAt(part, index));
    }
    const lastId = part.handed === undefined ? part.entries[count - 1]?.id : part.handed[count - 1]?.id;
    parts.push({ id: part.id, from: part.from, to: part.to, lastId, terms });
  }
  return parts;
}
