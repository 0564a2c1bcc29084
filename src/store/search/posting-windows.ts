import type { Transaction } from '../database/run-transaction.js';
import type { EntryRecord, SearchKey } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import { comparePositions, type SearchPosition } from './search-position.js';

/** A candidate entry and where it sits in hit order. @internal */
export interface Candidate { record: EntryRecord; position: SearchPosition }

/** Where the unread postings of one term end: keys up to `key` (`open`: excluding it). */
interface TermBound { term: string; key: IDBValidKey; open: boolean }

/**
 * The entries of some index terms, newest first, a window at a time: each window holds the
 * postings newer than a boundary found by skipping `size` keys back in the term that reaches least
 * far (`advance`, a skip inside IndexedDB), read with one `getAll` per term (a bulk read: 1,000
 * records in about 20 ms in Chromium, where stepping a cursor 1,000 times costs 20–170 ms). The
 * entries of several terms are merged and repeats dropped. Starts below `after` (a page cursor).
 * Postings are never all read: a page that fills in its first window reads one window.
 * @internal
 */
export class PostingWindows {
  private bounds: TermBound[];

  constructor(
    private readonly transaction: Transaction<'readonly'>,
    private readonly keyRange: typeof IDBKeyRange,
    terms: readonly string[],
    private readonly after: SearchPosition | undefined,
    /** Only entries of this conversation: postings are read as keys first, and only its entries are fetched. */
    private readonly conversationId: string | undefined,
  ) {
    // [term, []] sorts after every key of the term (arrays sort after numbers).
    this.bounds = terms.map((term) => ({ term, key: after === undefined ? [term, []] : [term, after.time, after.seq], open: false }));
  }

  /** The next window of about `size` postings per term, newest first; `undefined` once every term is read. */
  async next(size: number): Promise<Candidate[] | undefined> {
    if (this.bounds.length === 0) return undefined;
    const boundary = await this.boundary(size);
    let window = await this.read(boundary, true);
    // Every posting of the window shares the boundary's time and seq (entries of many conversations): take them too.
    if (window.length === 0 && boundary !== undefined) window = await this.read(boundary, false);
    return window;
  }

  /** The newest of the terms' boundaries (the key `size` postings back); `undefined` when every term has fewer left. */
  private async boundary(size: number): Promise<SearchKey | undefined> {
    const index = this.transaction.objectStore('entries').index('byTerm');
    const found = await Promise.all(this.bounds.map(async (bound) => {
      const cursor = await index.openKeyCursor(this.keyRange.bound([bound.term], bound.key, false, bound.open), 'prev');
      return cursor === null ? undefined : (await cursor.advance(size))?.key;
    }));
    let newest: SearchKey | undefined;
    for (const key of found) {
      if (key !== undefined && (newest === undefined || key[1] > newest[1] || (key[1] === newest[1] && key[2] > newest[2]))) newest = key;
    }
    return newest;
  }

  /** Reads every term's postings above `boundary` (or at and above it, unless `open`), then moves the bounds below. */
  private async read(boundary: SearchKey | undefined, open: boolean): Promise<Candidate[]> {
    const index = this.transaction.objectStore('entries').index('byTerm');
    const windows = await Promise.all(this.bounds.map((bound) => {
      const range = boundary === undefined
        ? this.keyRange.bound([bound.term], bound.key, false, bound.open)
        : this.keyRange.bound([bound.term, boundary[1], boundary[2]], bound.key, open, bound.open);
      return this.conversationId === undefined ? index.getAll(range) : this.readInConversation(range);
    }));
    this.bounds = boundary === undefined ? [] : this.bounds.map(({ term }) => ({ term, key: [term, boundary[1], boundary[2]], open: !open }));
    return this.merge(windows);
  }

  /** The entries of the conversation among the postings of `range`: their keys first, then only those entries. */
  private async readInConversation(range: IDBKeyRange): Promise<EntryRecord[]> {
    const keys = await this.transaction.objectStore('entries').index('byTerm').getAllKeys(range);
    const store = this.transaction.objectStore('entries');
    const records = await Promise.all(keys.filter((key) => key[0] === this.conversationId).map((key) => store.get(key)));
    return records.filter((record): record is EntryRecord => record !== undefined);
  }

  /** The windows' entries without repeats, below the page cursor, newest first. */
  private merge(windows: readonly EntryRecord[][]): Candidate[] {
    const seen = new Set<string>();
    const candidates: Candidate[] = [];
    for (const records of windows) {
      for (const record of records) {
        const position: SearchPosition = { time: entryTime(record), seq: record.seq, conversationId: record.conversationId };
        if (this.after !== undefined && comparePositions(position, this.after) >= 0) continue;
        const id = `${record.seq} ${record.conversationId}`;
        if (seen.has(id)) continue;
        seen.add(id);
        candidates.push({ record, position });
      }
    }
    return candidates.sort((left, right) => comparePositions(right.position, left.position));
  }
}
