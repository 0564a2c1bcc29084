import type { SearchWord } from '../../core/search-query.js';
import { getAllInChunks } from '../database/get-all-in-chunks.js';
import type { Transaction } from '../database/run-transaction.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import { seqRange } from '../database/seq-range.js';
import type { SearchHit } from '../types/search.js';
import { behindRecords } from './behind-records.js';
import { foldedTextOf, mayContain } from './folded-text.js';
import type { PendingTexts } from './pending-texts.js';
import type { SearchPage } from './search-page.js';
import { comparePositions, positionOf, type SearchPosition } from './search-position.js';

/** A hit and its place in hit order. @internal */
export interface Found { hit: SearchHit; position: SearchPosition }

/** The hit for a stored entry, or `undefined` when it is none. @internal */
export type ToHit = (record: EntryRecord) => SearchHit | undefined;

/** An entry not yet indexed that may be a hit: read by this query, or known by its kept text and read when its turn comes. */
interface Candidate { position: SearchPosition; record?: EntryRecord }

/**
 * The entries the packed index does not hold yet that are hits (DESIGN §17: search is complete at
 * every moment), in hit order, each checked when the merge reaches it ({@link UnindexedHits.next}).
 * Every conversation behind is read in the query's transaction ({@link behindRecords}); of each conversation in scope,
 * the entries whose folded text `texts` keeps for its incarnation are not read again (DESIGN
 * §17.12), the others are read in runs of missing seqs (through {@link getAllInChunks}) and their
 * texts kept. A kept text that cannot contain every word rules its entry out unread; one that may
 * is read with the entries around it in hit order when the merge gets there.
 * @internal
 */
export async function unindexedHits(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[], toHit: ToHit, page: SearchPage,
  scope: string | undefined, texts: PendingTexts,
): Promise<UnindexedHits> {
  const behind = await behindRecords(transaction);
  texts.prune(behind, true);
  const candidates: Candidate[] = [];
  const consider = (position: SearchPosition, folded: string | undefined, record?: EntryRecord): void => {
    if (page.after !== undefined && comparePositions(position, page.after) >= 0) return;
    if (mayContain(folded, words)) candidates.push(record === undefined ? { position } : { position, record });
  };
  const entries = transaction.objectStore('entries');
  const reads: Promise<void>[] = [];
  for (const record of behind) {
    if (scope !== undefined && record.id !== scope) continue;
    // Looked up now, before any await: the seqs of this snapshot's range only (a concurrent query may keep others).
    for (const run of missingRuns(texts, record, (seq, time, folded) => consider({ time, seq, conversationId: record.id }, folded))) {
      // In bounded requests (getAllInChunks): a long chat not yet indexed must not be one reply of all its entries.
      reads.push(getAllInChunks((part) => entries.getAll(part), (first, last) => seqRange(keyRange, record.id, first, last), run[0], run[1]).then((read) => {
        for (const entry of read) {
          const text = { time: entryTime(entry), folded: foldedTextOf(entry) };
          texts.keep(record, entry.seq, text);
          consider(positionOf(entry), text.folded, entry);
        }
      }));
    }
  }
  await Promise.all(reads);
  return new UnindexedHits(transaction, candidates.sort((left, right) => comparePositions(right.position, left.position)), toHit, page.limit);
}

/**
 * The runs of seqs `[from, to]` of `record`'s pending range (`indexedSeq < seq <= lastSeq`) whose
 * text is not kept; each kept one goes to `known` instead.
 */
function missingRuns(texts: PendingTexts, record: ConversationRecord, known: (seq: number, time: number, folded: string | undefined) => void): Array<[number, number]> {
  const from = (record.indexedSeq ?? 0) + 1;
  // Never kept (an older build's record): the whole range, as before any was kept.
  if (record.incarnation === undefined) return from > record.lastSeq ? [] : [[from, record.lastSeq]];
  const runs: Array<[number, number]> = [];
  for (let seq = from; seq <= record.lastSeq; seq++) {
    const kept = texts.get(record, seq);
    if (kept !== undefined) known(seq, kept.time, kept.folded);
    else if (runs.length > 0 && runs[runs.length - 1]![1] === seq - 1) runs[runs.length - 1]![1] = seq;
    else runs.push([seq, seq]);
  }
  return runs;
}

/**
 * The hits among the candidates, in hit order. A candidate known by its kept text is read when the
 * merge reaches it, together with the next `ahead` such candidates (one round trip for a page's
 * worth, never all of them for a common word); its record then decides, exactly as if it had been
 * read with the others.
 * @internal
 */
export class UnindexedHits {
  #next = 0;
  readonly #reads = new Map<number, Promise<EntryRecord | undefined>>();

  constructor(
    private readonly transaction: Transaction<'readonly'>,
    private readonly candidates: readonly Candidate[],
    private readonly toHit: ToHit,
    private readonly ahead: number,
  ) {}

  /** The next hit that comes before `bound` in hit order (is newer), or the next of all without one; `undefined` when there is none. */
  async next(bound?: SearchPosition): Promise<Found | undefined> {
    while (this.#next < this.candidates.length) {
      const index = this.#next;
      const candidate = this.candidates[index]!;
      if (bound !== undefined && comparePositions(candidate.position, bound) <= 0) return undefined;
      const record = candidate.record ?? await this.#read(index);
      this.#next = index + 1;
      const hit = record === undefined ? undefined : this.toHit(record);
      if (hit !== undefined) return { hit, position: positionOf(record!) };
    }
    return undefined;
  }

  #read(index: number): Promise<EntryRecord | undefined> {
    if (!this.#reads.has(index)) {
      const entries = this.transaction.objectStore('entries');
      let issued = 0;
      for (let at = index; at < this.candidates.length && issued < this.ahead; at++) {
        const { position, record } = this.candidates[at]!;
        if (record !== undefined || this.#reads.has(at)) continue;
        const read = entries.get([position.conversationId, position.seq]);
        // Read ahead: a page that fills first never awaits it, and its failure is the transaction's.
        read.catch(() => undefined);
        this.#reads.set(at, read);
        issued++;
      }
    }
    const read = this.#reads.get(index)!;
    this.#reads.delete(index);
    return read;
  }
}
