import type { IDBPCursor } from 'idb';
import type { Transaction } from '../database/run-transaction.js';
import type { ConvologSchema, SearchKey } from '../database/schema.js';
import { comparePositions, type SearchPosition } from './search-position.js';

type TermCursor = IDBPCursor<ConvologSchema, ['conversations', 'entries'], 'entries', 'byTerm', 'readonly'>;

/** A posting: where an entry sits in hit order, and its primary key (to read it). @internal */
export interface Posting extends SearchPosition {
  key: [conversationId: string, seq: number];
}

/**
 * The postings of some index terms, merged newest first without repeats: one reverse key cursor
 * per term over the `byTerm` index (each term's keys sort by time, then seq), and at each step the
 * newest of their current postings. Starts strictly after `after` (a page cursor) when given. Reads
 * only keys, one step at a time: a page that fills early never touches the rest of the postings.
 * @internal
 */
export class PostingStream {
  private constructor(private readonly cursors: TermCursor[], private readonly after: SearchPosition | undefined) {}

  /** Opens the cursors of `terms` (below `after`, when given). */
  static async open(
    transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, terms: readonly string[], after?: SearchPosition,
  ): Promise<PostingStream> {
    const index = transaction.objectStore('entries').index('byTerm');
    const opened = await Promise.all(terms.map((term) => {
      // [term] sorts before every key of the term, [term, []] after them (arrays sort after numbers).
      const upper: IDBValidKey = after === undefined ? [term, []] : [term, after.time, after.seq];
      return index.openKeyCursor(keyRange.bound([term], upper), 'prev');
    }));
    const stream = new PostingStream(opened.filter((cursor): cursor is TermCursor => cursor !== null), after);
    await stream.skipSeen();
    return stream;
  }

  /** The next posting, newest first; `undefined` when every term is exhausted. */
  async next(): Promise<Posting | undefined> {
    let newest: Posting | undefined;
    for (const cursor of this.cursors) {
      const posting = postingOf(cursor);
      if (newest === undefined || comparePositions(posting, newest) > 0) newest = posting;
    }
    if (newest === undefined) return undefined;
    // Every cursor on this entry moves on: an entry with several matching terms is one posting.
    await this.advanceWhere((posting) => comparePositions(posting, newest) === 0);
    return newest;
  }

  /** Moves past postings at or before the page cursor: the upper bound includes ties on time and seq from other conversations. */
  private async skipSeen(): Promise<void> {
    const after = this.after;
    if (after === undefined) return;
    await this.advanceWhere((posting) => comparePositions(posting, after) >= 0);
  }

  /** Advances every cursor whose current posting satisfies `moves`, until none does; drops exhausted cursors. */
  private async advanceWhere(moves: (posting: Posting) => boolean): Promise<void> {
    for (let index = 0; index < this.cursors.length;) {
      const cursor = this.cursors[index]!;
      if (!moves(postingOf(cursor))) {
        index++;
        continue;
      }
      const next = await cursor.continue();
      if (next === null) this.cursors.splice(index, 1);
      else this.cursors[index] = next;
    }
  }
}

function postingOf(cursor: TermCursor): Posting {
  const [, time, seq] = cursor.key as SearchKey;
  const key = cursor.primaryKey as [string, number];
  return { time, seq, conversationId: key[0], key };
}
