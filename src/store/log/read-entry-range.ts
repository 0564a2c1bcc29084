import type { Entry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import { readEntry } from '../../core/read-entry.js';
import { getAllInChunks } from '../database/get-all-in-chunks.js';
import type { Transaction } from '../database/run-transaction.js';
import { seqRange } from '../database/seq-range.js';
import type { CorruptEntry } from '../types/options.js';

/** What {@link readEntryRange} read: the entries that parse, and the records that do not. @internal */
export interface EntryRange { entries: Entry[]; corrupt: CorruptEntry[] }

/**
 * Reads the entries of one conversation with `from <= seq <= to` (in requests of at most 250,
 * issued at once: getAllInChunks) and parses each
 * record as `EntrySchema` does (without zod: core's `readEntry`). A record that no longer parses throws `corrupt_entry` naming its seq,
 * or, with `skipCorrupt`, is left out and listed in `corrupt`. Never silently dropped.
 * @internal
 */
export async function readEntryRange(
  transaction: Transaction<IDBTransactionMode>,
  keyRange: typeof IDBKeyRange,
  conversationId: string,
  from: number,
  to: number,
  skipCorrupt = false,
): Promise<EntryRange> {
  if (from > to) return { entries: [], corrupt: [] };
  const store = transaction.objectStore('entries');
  const range = (first: number, last: number) => seqRange(keyRange, conversationId, first, last);
  const records: unknown[] = await getAllInChunks((part) => store.getAll(part), range, from, to);
  return parseEntryRecords(records, conversationId, skipCorrupt,
    async () => (await getAllInChunks((part) => store.getAllKeys(part), range, from, to)).map((key) => key[1]));
}

/**
 * Parses stored records of one conversation (their `tree` bookkeeping stripped). A record that no
 * longer parses throws `corrupt_entry`, or with `skipCorrupt` is listed in `corrupt`; `seqsOf`
 * (asked only then) gives the seq of each record by position.
 * @internal
 */
export async function parseEntryRecords(
  records: readonly unknown[], conversationId: string, skipCorrupt: boolean, seqsOf: () => Promise<readonly (number | undefined)[]>,
): Promise<EntryRange> {
  const entries: Entry[] = [];
  const failures: { position: number; error: unknown }[] = [];
  for (let position = 0; position < records.length; position++) {
    const parsed = readEntry(records[position]);
    if (parsed.success && parsed.data.conversationId === conversationId) entries.push(parsed.data);
    else failures.push({ position, error: parsed.success ? new Error('the record belongs to another conversation') : parsed.error });
  }
  if (failures.length === 0) return { entries, corrupt: [] };
  // Only a corrupt record costs a second read: the keys say which seq it sits at.
  const seqs = await seqsOf();
  const corrupt = failures.map(({ position, error }) => ({ seq: seqs[position] ?? Number.NaN, error }));
  if (!skipCorrupt) throw corruptEntry(conversationId, corrupt[0]!);
  return { entries, corrupt };
}

function corruptEntry(conversationId: string, corrupt: CorruptEntry): ConvologError {
  return new ConvologError({
    code: 'corrupt_entry',
    message: `The stored entry at seq ${corrupt.seq} of conversation "${conversationId}" no longer parses as an entry. ` +
      'Read around it with entries(id, { onCorrupt }) to skip and report corrupt records, or export what is readable.',
    details: { conversationId, seq: corrupt.seq },
    cause: corrupt.error,
  });
}
