import type { Entry } from '../../core/entry.js';
import { getAllInChunks } from '../database/get-all-in-chunks.js';
import type { Transaction } from '../database/run-transaction.js';
import { seqRange } from '../database/seq-range.js';
import type { CorruptEntry } from '../types/options.js';
import type { LineTable, PathSegment } from './line-table.js';
import { parseEntryRecords, readEntryRange, type EntryRange } from './read-entry-range.js';

/** Which part of a branch to read. @internal */
export interface PathWindow {
  /** Lowest seq to read (default 1). */
  from?: number;
  /** Highest seq to read (default: the leaf). */
  to?: number;
  /** At most this many entries: the newest ones with `newestFirst`, else the oldest. */
  limit?: number;
  newestFirst?: boolean;
  skipCorrupt?: boolean;
}

/**
 * Gaps of at most this many other entries between two runs of a branch are read through rather
 * than paid for with a request each: a request costs about as much as reading this many entries.
 */
const READ_THROUGH_GAP = 16;

/**
 * Reads the entries of the branch ending at `leaf` (root first), touching only that branch's
 * entries, or few more: one request per line it passes through (a plain seq range where no
 * other line interleaves: a linear log is one range, as 0.1 read it; the line index elsewhere),
 * except that runs separated by small gaps (another version of an answer) share one range.
 * @internal
 */
export async function readPath(
  transaction: Transaction<IDBTransactionMode>, keyRange: typeof IDBKeyRange, conversationId: string,
  table: LineTable, leaf: { seq: number; line: number }, window: PathWindow = {},
): Promise<EntryRange> {
  const segments = table.segments(leaf, Math.max(1, window.from ?? 1), window.to ?? leaf.seq);
  const reader = new SegmentReader(transaction, keyRange, conversationId, table, window.skipCorrupt === true);
  if (window.limit === undefined) {
    const parts = await Promise.all(groupSegments(table, segments).map((group) =>
      (group.length === 1 ? reader.read(group[0]!) : reader.readThrough(group))));
    return join(parts.reverse());
  }
  const parts: EntryRange[] = [];
  let remaining = window.limit;
  const ordered = window.newestFirst === true ? segments : [...segments].reverse();
  for (const segment of ordered) {
    if (remaining <= 0) break;
    const part = await reader.read(segment, remaining, window.newestFirst === true);
    parts.push(part);
    remaining -= part.entries.length + part.corrupt.length;
  }
  return join(window.newestFirst === true ? parts.reverse() : parts);
}

/**
 * Segments (newest first) in groups read by one request each: consecutive segments that no other
 * line interleaves, with small gaps between them.
 */
function groupSegments(table: LineTable, segments: readonly PathSegment[]): PathSegment[][] {
  const groups: PathSegment[][] = [];
  let current: PathSegment[] | undefined;
  for (const segment of segments) {
    const alone = table.isAlone(segment);
    const last = current?.at(-1);
    if (current !== undefined && last !== undefined && alone && last.from - segment.to - 1 <= READ_THROUGH_GAP) {
      current.push(segment);
      continue;
    }
    current = [segment];
    groups.push(current);
    if (!alone) current = undefined;
  }
  return groups;
}

function join(parts: readonly EntryRange[]): EntryRange {
  const entries: Entry[] = [];
  const corrupt: CorruptEntry[] = [];
  for (const part of parts) {
    for (const entry of part.entries) entries.push(entry);
    for (const item of part.corrupt) corrupt.push(item);
  }
  return { entries, corrupt };
}

class SegmentReader {
  constructor(
    private readonly transaction: Transaction<IDBTransactionMode>,
    private readonly keyRange: typeof IDBKeyRange,
    private readonly conversationId: string,
    private readonly table: LineTable,
    private readonly skipCorrupt: boolean,
  ) {}

  /** The segment's entries, or only its first (or `last`) `count`. */
  read(segment: PathSegment, count?: number, last = false): Promise<EntryRange> {
    if (this.table.isAlone(segment)) {
      // Seqs are contiguous: a count is a narrower seq range.
      let { from, to } = segment;
      if (count !== undefined && last) from = Math.max(from, to - count + 1);
      else if (count !== undefined) to = Math.min(to, from + count - 1);
      return readEntryRange(this.transaction, this.keyRange, this.conversationId, from, to, this.skipCorrupt);
    }
    return this.readLine(segment, count, last);
  }

  /** Segments that no other line interleaves (newest first), read as one seq range with the gaps between them left out. */
  async readThrough(group: readonly PathSegment[]): Promise<EntryRange> {
    const from = group.at(-1)!.from;
    const to = group[0]!.to;
    const store = this.transaction.objectStore('entries');
    const records: unknown[] = await getAllInChunks((part) => store.getAll(part), (first, last) => seqRange(this.keyRange, this.conversationId, first, last), from, to);
    const kept: unknown[] = [];
    const seqs: number[] = [];
    // Seqs are contiguous, so a record's position is its seq; a segment alone in its range owns every seq in it.
    for (const segment of [...group].reverse()) {
      for (let seq = segment.from; seq <= segment.to; seq++) {
        kept.push(records[seq - from]);
        seqs.push(seq);
      }
    }
    return parseEntryRecords(kept, this.conversationId, this.skipCorrupt, async () => seqs);
  }

  private async readLine(segment: PathSegment, count: number | undefined, last: boolean): Promise<EntryRange> {
    const index = this.transaction.objectStore('entries').index('byLine');
    const lineRange = (from: number, to: number) => this.keyRange.bound([this.conversationId, segment.line, from], [this.conversationId, segment.line, to]);
    const range = lineRange(segment.from, segment.to);
    if (count === undefined || !last) {
      // A whole segment of a long line in bounded requests (getAllInChunks says why); its first `count` in one.
      const read = <T>(get: (part: IDBKeyRange, count?: number) => Promise<T[]>): Promise<T[]> =>
        count === undefined ? getAllInChunks((part) => get(part), lineRange, segment.from, segment.to) : get(range, count);
      const records: unknown[] = await read((part, limit) => index.getAll(part, limit));
      return parseEntryRecords(records, this.conversationId, this.skipCorrupt,
        async () => (await read((part, limit) => index.getAllKeys(part, limit))).map((key) => key[1]));
    }
    const records: unknown[] = [];
    const seqs: number[] = [];
    let cursor = await index.openCursor(range, 'prev');
    while (cursor !== null && records.length < count) {
      records.push(cursor.value);
      seqs.push(cursor.primaryKey[1]);
      cursor = await cursor.continue();
    }
    return parseEntryRecords(records.reverse(), this.conversationId, this.skipCorrupt, async () => seqs.reverse());
  }
}
