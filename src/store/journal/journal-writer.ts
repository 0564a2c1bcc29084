import type { Entry } from '../../core/entry.js';
import type { Conversation } from '../types/conversation.js';
import type { JournalIssue } from '../types/open-report.js';
import type { StoreChangeMessage } from '../types/store-change.js';
import { JOURNAL_FORMAT, JOURNAL_VERSION, SEGMENT_PREFIX, type JournalIntent, type JournalRecord, type JournalWithdrawal } from './journal-format.js';
import type { JournalFiles, JournalSink } from './journal-sink.js';
import { describe } from './reset-marker.js';

/** What a {@link JournalWriter} needs besides its sink. @internal */
export interface JournalWriterOptions {
  /** Every entry of a conversation, read after the commit (an import or a pulled conversation announces none). */
  readEntries: (conversationId: string) => Promise<Entry[]>;
  /** Told of each batch written (its size, whether it started a file), so the journal can be rolled into a snapshot in time. */
  onWritten?: (bytes: number, newFile: boolean) => void;
  /** Told when a segment could not be written. */
  onIssue?: (issue: JournalIssue) => void;
  /**
   * The app has its own clock (`openStore({ now })`): each append's record carries the app's time
   * of the append as `now` (its `updatedAt`, so the clock is never called: a stepping test clock
   * must not lose ticks to the journal), for the catch-up to compare the app's times with.
   */
  appClock?: boolean;
}

type Line = string | Promise<string | undefined>;

/**
 * Mirrors the store's committed writes into the journal (DESIGN §21). Each change becomes a JSON
 * line; the lines gathered while the previous batch was being written go into the next one
 * together (group commit), so a burst of writes costs one write, not one each. Where a batch goes
 * is the sink's business: a live file appended to by a worker, or a segment file of its own.
 * Write failures are issues, never errors: IndexedDB already committed the write.
 * @internal
 */
export class JournalWriter {
  private tail: Promise<void> = Promise.resolve();
  private open: Line[] | undefined;

  constructor(private readonly sink: JournalSink, private readonly options: JournalWriterOptions) {}

  /** Which thread writes the journal (tests and benchmarks). */
  get kind(): JournalSink['kind'] {
    return this.sink.kind;
  }

  /** Journals a change this store instance just committed. */
  record(change: StoreChangeMessage, appTime?: string): void {
    if (change.type === 'database_reset') return;
    const stamp = this.stamp(appTime);
    const needsLog = change.type === 'conversation_created' && change.conversation.lastSeq > 0;
    this.batch().push(needsLog ? this.withLog(stamp, change) : JSON.stringify({ ...stamp, change } satisfies JournalRecord));
  }

  /** Journals an append's change before its commit (see `JournalWithdrawal`); `withdraw` if the commit fails. */
  ahead(change: Extract<StoreChangeMessage, { type: 'entries_appended' }>, previous: Conversation): { withdraw(): void } {
    // A local append: its conversation's `updatedAt` is the app's clock at the append.
    this.record(change, change.conversation.updatedAt);
    return {
      withdraw: () => {
        const withdrawal: JournalWithdrawal = {
          type: 'entries_withdrawn', conversationId: change.conversationId, entryIds: change.entries.map((entry) => entry.id),
          conversation: previous, withdrawnLastSeq: change.conversation.lastSeq,
        };
        this.batch().push(JSON.stringify({ ...this.stamp(), change: withdrawal } satisfies JournalRecord));
      },
    };
  }

  /** Journals a change with every entry of its conversation, read now (the catch-up of an intent). */
  recordWhole(change: JournalRecord['change'] & { type: 'conversation_updated' }): void {
    this.batch().push(this.withLog(this.stamp(), change));
  }

  /**
   * Journals that this tab is about to write what the catch-up would not find (see
   * {@link JournalIntent}): to `conversationId`, or with none, to the whole store; settles once it is written.
   */
  intend(conversationId?: string): Promise<void> {
    const intent: JournalIntent = conversationId === undefined ? { type: 'intent', conversationId: '', scope: 'store' } : { type: 'intent', conversationId };
    this.batch().push(JSON.stringify({ ...this.stamp(), change: intent } satisfies JournalRecord));
    return this.tail;
  }

  /** Settles when every change recorded so far is in a segment (or failed to get there, as an issue). */
  flushed(): Promise<void> {
    return this.tail;
  }

  /** After what is recorded so far: stops appending to the live file, so a roll can take it. */
  seal(): Promise<void> {
    return this.after(() => this.sink.seal());
  }

  /** After what is recorded so far: lets go of the worker (the store closed). */
  close(): Promise<void> {
    return this.after(() => this.sink.close());
  }

  private after(task: () => Promise<void>): Promise<void> {
    this.open = undefined; // what comes next is written after the task
    this.tail = this.tail.then(task).catch(() => undefined);
    return this.tail;
  }

  private batch(): Line[] {
    if (this.open !== undefined) return this.open;
    const batch: Line[] = [];
    this.open = batch;
    // The batch stays open until the segment before it is written: what arrives meanwhile joins it.
    this.tail = this.tail.then(() => {
      if (this.open === batch) this.open = undefined;
      return this.write(batch);
    });
    return batch;
  }

  /** When a record is written: the wall clock, and for an append the app's time where it has its own clock. */
  private stamp(appTime?: string): Pick<JournalRecord, 'at' | 'now'> {
    const at = new Date().toISOString();
    return this.options.appClock === true && appTime !== undefined ? { at, now: appTime } : { at };
  }

  private async withLog(stamp: Pick<JournalRecord, 'at' | 'now'>, change: JournalRecord['change'] & { type: 'conversation_created' | 'conversation_updated' }): Promise<string | undefined> {
    try {
      const entries = await this.options.readEntries(change.conversationId);
      return JSON.stringify({ ...stamp, change, entries } satisfies JournalRecord);
    } catch {
      // Deleted again before it could be read: the deletion's own record follows.
      return JSON.stringify({ ...stamp, change } satisfies JournalRecord);
    }
  }

  private async write(batch: Line[]): Promise<void> {
    const lines = (await Promise.all(batch)).filter((line): line is string => line !== undefined);
    try {
      const { bytes, newFile } = await this.sink.append(lines);
      this.options.onWritten?.(bytes, newFile);
    } catch (error) {
      this.options.onIssue?.({ code: 'journal_write_failed', message: `A journal batch could not be written (${describe(error)}); ${lines.length} changes are not journaled.` });
    }
  }
}

/** The header and segment names of one tab's journal files. @internal */
export function journalFiles(database: string, generation: number): JournalFiles {
  const tab = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  let counter = 0;
  return {
    header: { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, database, generation },
    nextName: () => segmentName(tab, counter++),
  };
}

/** `j-<time>-<tab>-<n>.jsonl`: names sort by time, then by tab and order within it. @internal */
export function segmentName(tab: string, counter: number): string {
  return `${SEGMENT_PREFIX}${String(Date.now()).padStart(15, '0')}-${tab}-${String(counter).padStart(9, '0')}.jsonl`;
}
