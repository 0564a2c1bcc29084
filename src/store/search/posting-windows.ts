import type { Transaction } from '../database/run-transaction.js';
import type { EntryRecord, SearchKey } from '../database/schema.js';
import { comparePositions, positionOf, type SearchPosition } from './search-position.js';

/** A candidate entry and where it sits in hit order. @internal */
export interface Candidate { record: EntryRecord; position: SearchPosition }

/** A time and seq: where a window of postings starts or ends. */
type Edge = [time: number, seq: number];

/** Which postings a window reads, the same for every term: between `lower` (or from the oldest) and `upper` (or to the newest). */
interface WindowBounds { lower: Edge | undefined; lowerOpen: boolean; upper: Edge | undefined; upperOpen: boolean }

/**
 * How far the walk has come: every candidate newer than the entries at `edge` has been returned,
 * and of those at `edge` (one per conversation at most: time and seq tie across conversations),
 * those of conversations below `below` are left (all of them when `undefined`, none when `''`).
 */
interface Walked { edge: Edge; below: string | undefined }

/**
 * The entries of some index terms, newest first, a window at a time: each window holds the
 * postings newer than a boundary found by skipping `size` keys back in the term that reaches least
 * far (`advance`, a skip inside IndexedDB), read with one bulk request per term (1,000 records in
 * about 20 ms in Chromium, where stepping a cursor 1,000 times costs 40–170 ms). The entries of
 * several terms are merged and repeats dropped. Starts below `after` (a page cursor). With
 * `filters` (the terms of the query's other words, each word's terms a list), a window reads keys
 * first and fetches only the entries that also have a posting of every other word in the same
 * span of time: two words that are rare together read few entries. Postings are never all read.
 *
 * A key range can only cut between different times and seqs, and many entries can share both
 * (one export imported twice; imported chats without times, which all fall back to one instant):
 * so a window stops short of its boundary's entries, and those are read on their own, as keys, in
 * conversation order, at most `size` at a time. The walk is thus a total order (time, seq,
 * conversation id) and a cursor in the middle of a tie pages on without repeats or gaps.
 * @internal
 */
export class PostingWindows {
  private walked: Walked | undefined;
  private done = false;
  /** The filters still in use: one whose word proved far commoner than the walked one is dropped. */
  private filtering: (readonly string[])[];

  constructor(
    private readonly transaction: Transaction<'readonly'>,
    private readonly keyRange: typeof IDBKeyRange,
    private readonly terms: readonly string[],
    after: SearchPosition | undefined,
    /** Only entries of this conversation: postings are read as keys first, and only its entries are fetched. */
    private readonly conversationId: string | undefined,
    private readonly filters: readonly (readonly string[])[] = [],
  ) {
    this.walked = after === undefined ? undefined : { edge: [after.time, after.seq], below: after.conversationId };
    this.filtering = [...filters];
  }

  /** The next window of about `size` postings per term, newest first; `undefined` once every term is read. */
  async next(size: number): Promise<Candidate[] | undefined> {
    if (this.done || this.terms.length === 0) return undefined;
    const tie = await this.readTie(size);
    // A tie of more than `size` entries is a window of its own.
    if (this.tieLeft()) return tie;
    const upper = this.walked?.edge;
    const boundary = await this.boundary(size);
    // Open at both ends: the boundary's entries (maybe a tie of many) come next, on their own.
    const window = await this.read({ lower: boundary, lowerOpen: true, upper, upperOpen: true });
    if (boundary === undefined) this.done = true;
    else this.walked = { edge: boundary, below: undefined };
    return [...tie, ...window];
  }

  /** Whether entries at the walked edge are left. */
  private tieLeft(): boolean {
    return this.walked !== undefined && this.walked.below !== '';
  }

  /**
   * Up to `size` of the entries left at the walked edge (of conversations below `below`), highest
   * conversation id first, as IndexedDB orders them: read as keys, since a tie can hold an entry
   * of every conversation. None when the edge is done (or nothing is walked yet).
   */
  private async readTie(size: number): Promise<Candidate[]> {
    if (this.walked === undefined || this.walked.below === '') return [];
    const { edge, below } = this.walked;
    const keys = await this.candidateKeys({ lower: edge, lowerOpen: false, upper: edge, upperOpen: false });
    const left = [...keys.values()].filter(([conversationId]) => below === undefined || conversationId < below);
    left.sort(([one], [other]) => (one < other ? 1 : one > other ? -1 : 0));
    const taken = left.slice(0, size);
    this.walked = { edge, below: taken.length < left.length ? taken[taken.length - 1]![0] : '' };
    return this.fetch(taken);
  }

  /** The key range of one term's postings within `bounds`. */
  private rangeOf(term: string, bounds: WindowBounds): IDBKeyRange {
    // [term] sorts before every key of the term, [term, []] after them (arrays sort after numbers).
    const lower = bounds.lower === undefined ? [term] : [term, ...bounds.lower];
    const upper = bounds.upper === undefined ? [term, []] : [term, ...bounds.upper];
    return this.keyRange.bound(lower, upper, bounds.lower !== undefined && bounds.lowerOpen, bounds.upper !== undefined && bounds.upperOpen);
  }

  /** The newest of the terms' boundaries (the key `size` postings back, below the walked edge); `undefined` when every term has fewer left. */
  private async boundary(size: number): Promise<Edge | undefined> {
    const index = this.transaction.objectStore('entries').index('byTerm');
    const below: WindowBounds = { lower: undefined, lowerOpen: false, upper: this.walked?.edge, upperOpen: true };
    const found = await Promise.all(this.terms.map(async (term) => {
      const cursor = await index.openKeyCursor(this.rangeOf(term, below), 'prev');
      return cursor === null ? undefined : (await cursor.advance(size))?.key;
    }));
    let newest: SearchKey | undefined;
    for (const key of found) {
      if (key !== undefined && (newest === undefined || key[1] > newest[1] || (key[1] === newest[1] && key[2] > newest[2]))) newest = key;
    }
    return newest === undefined ? undefined : [newest[1], newest[2]];
  }

  /** The window's entries: read whole, or (scoped, or with filters) as keys first and then only the entries that can match. */
  private async read(bounds: WindowBounds): Promise<Candidate[]> {
    if (this.conversationId === undefined && this.filtering.length === 0) {
      const index = this.transaction.objectStore('entries').index('byTerm');
      return this.merge(await Promise.all(this.terms.map((term) => index.getAll(this.rangeOf(term, bounds)))));
    }
    return this.fetch([...(await this.candidateKeys(bounds)).values()]);
  }

  /** The primary keys of the entries within `bounds` that can match: of the scoped conversation, with a posting of every filtering word. */
  private async candidateKeys(bounds: WindowBounds): Promise<Map<string, [string, number]>> {
    let keys = (await this.keysOf(this.terms, bounds))!;
    if (this.conversationId !== undefined) keys = new Map([...keys].filter(([, key]) => key[0] === this.conversationId));
    // A word's postings in the window are read up to four times the window's candidates: past that, checking entries is cheaper.
    for (const terms of [...this.filtering]) {
      if (keys.size === 0) break;
      const others = await this.keysOf(terms, bounds, Math.max(keys.size * 4, 64));
      if (others === undefined) this.filtering.splice(this.filtering.indexOf(terms), 1);
      else keys = new Map([...keys].filter(([id]) => others.has(id)));
    }
    return keys;
  }

  /** The entries of `keys`, as candidates. */
  private async fetch(keys: readonly [string, number][]): Promise<Candidate[]> {
    const store = this.transaction.objectStore('entries');
    const records = await Promise.all(keys.map((key) => store.get(key)));
    return this.merge([records.filter((record): record is EntryRecord => record !== undefined)]);
  }

  /** The entries (by primary key) with a posting of any of `terms` within `bounds`; `undefined` when a term has `cap` or more there. */
  private async keysOf(terms: readonly string[], bounds: WindowBounds, cap?: number): Promise<Map<string, [string, number]> | undefined> {
    const index = this.transaction.objectStore('entries').index('byTerm');
    const lists = await Promise.all(terms.map((term) => index.getAllKeys(this.rangeOf(term, bounds), cap)));
    if (cap !== undefined && lists.some((list) => list.length >= cap)) return undefined;
    const keys = new Map<string, [string, number]>();
    for (const list of lists) for (const key of list) keys.set(`${key[1]} ${key[0]}`, key);
    return keys;
  }

  /** The windows' entries without repeats, newest first. */
  private merge(windows: readonly EntryRecord[][]): Candidate[] {
    const seen = new Set<string>();
    const candidates: Candidate[] = [];
    for (const records of windows) {
      for (const record of records) {
        const id = `${record.seq} ${record.conversationId}`;
        if (seen.has(id)) continue;
        seen.add(id);
        candidates.push({ record, position: positionOf(record) });
      }
    }
    return candidates.sort((left, right) => comparePositions(right.position, left.position));
  }
}
