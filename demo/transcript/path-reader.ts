// The transcript's reads of the store, one at a time: a page of a path (entries and unreadable
// records, in seq order), the fork points. Opening another chat starts a new generation; a read
// that finishes after that is dropped, so nothing of the old chat lands in the new one.
import type { ConvologStore, Entry, Fork } from '../../src/index.js';
import type { CorruptItem, TranscriptItem } from './transcript-item.js';

/** How many entries one page loads. */
export const PAGE_SIZE = 60;

/** A range of one path to read (`leafId` absent: the head's). */
export interface PathRange { leafId?: string; beforeSeq?: number; afterSeq?: number; limit?: number }

/** Where the reader reports unreadable records and failures. */
export interface ReadReports {
  /** Records that could not be read, the first time they are seen. */
  onCorrupt(seqs: readonly number[]): void;
  onError(error: unknown): void;
}

/** Serialized, generation-checked reads of one conversation at a time. */
export class PathReader {
  private conversationId: string | undefined;
  private generation = 0;
  private reads: Promise<void> = Promise.resolve();

  constructor(private readonly store: ConvologStore, private readonly reports: ReadReports) {}

  /** Reads of `conversationId` from now on; those still running for another are dropped. */
  switchTo(conversationId: string | undefined): void {
    this.generation += 1;
    this.conversationId = conversationId;
  }

  /** Whether `switchTo` was called since `generation` was taken. */
  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** The current generation, to check with `isCurrent` after an await. */
  get current(): number {
    return this.generation;
  }

  /** The tail of the queue: settles once every task queued so far has run. */
  get idle(): Promise<void> {
    return this.reads;
  }

  /** Runs `task` after every task queued before it, so pages and branch switches never interleave. */
  exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.reads.then(task, task);
    this.reads = run.catch(() => undefined);
    return run;
  }

  /**
   * Reads one range of a path, entries and unreadable records in seq order. `known` holds the
   * seqs on screen already (their unreadable records were reported). `undefined` when the read
   * failed (reported) or another chat opened meanwhile.
   */
  async read(range: PathRange, known: { has(seq: number): boolean }): Promise<TranscriptItem[] | undefined> {
    const conversationId = this.conversationId;
    if (conversationId === undefined) return undefined;
    const generation = this.generation;
    const corrupt: CorruptItem[] = [];
    let entries: Entry[];
    try {
      entries = await this.store.entries(conversationId, {
        ...range,
        onCorrupt: ({ seq, error }) => corrupt.push({ type: 'corrupt', seq, error }),
      });
    } catch (error) {
      if (generation === this.generation) this.reports.onError(error);
      return undefined;
    }
    if (generation !== this.generation) return undefined;
    const newCorrupt = corrupt.filter((item) => !known.has(item.seq)).map((item) => item.seq);
    if (newCorrupt.length > 0) this.reports.onCorrupt(newCorrupt.sort((left, right) => left - right));
    return [...entries, ...corrupt].sort((left, right) => left.seq - right.seq);
  }

  /** The conversation's fork points; `undefined` when they could not be read or another chat opened. */
  async forks(): Promise<Fork[] | undefined> {
    const conversationId = this.conversationId;
    if (conversationId === undefined) return undefined;
    const generation = this.generation;
    try {
      const forks = await this.store.forks(conversationId);
      return generation === this.generation ? forks : undefined;
    } catch {
      return undefined; // the switchers stay as they were; the next change reads them again
    }
  }
}
