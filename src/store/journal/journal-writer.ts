import type { Entry } from '../../core/entry.js';
import type { JournalIssue } from '../types/open-report.js';
import type { StoreChangeMessage } from '../types/store-change.js';
import { JOURNAL_FORMAT, JOURNAL_VERSION, journalText, SEGMENT_PREFIX, type JournalHeader, type JournalRecord } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import { describe } from './reset-marker.js';

/** What a {@link JournalWriter} needs besides its folder. @internal */
export interface JournalWriterOptions {
  database: string;
  generation: number;
  /** Every entry of a conversation, read after the commit (an import or a pulled conversation announces none). */
  readEntries: (conversationId: string) => Promise<Entry[]>;
  /** Told of each segment written (its size), so the journal can be rolled into a snapshot in time. */
  onWritten?: (bytes: number) => void;
  /** Told when a segment could not be written. */
  onIssue?: (issue: JournalIssue) => void;
}

type Line = string | Promise<string | undefined>;

/**
 * Mirrors the store's committed writes into journal segments (DESIGN §21). Each change becomes a
 * JSON line; the lines gathered while the previous segment was being written go into the next
 * one together (group commit), so a burst of writes costs one file write, not one each. A
 * segment is written whole or not at all (`JournalStorage.write`), which a crash cannot tear.
 * Write failures are issues, never errors: IndexedDB already committed the write.
 * @internal
 */
export class JournalWriter {
  private tail: Promise<void> = Promise.resolve();
  private open: Line[] | undefined;
  private counter = 0;
  private readonly tab = Math.random().toString(36).slice(2, 10).padEnd(8, '0');

  constructor(private readonly storage: JournalStorage, private readonly options: JournalWriterOptions) {}

  /** Journals a change this store instance just committed. */
  record(change: StoreChangeMessage): void {
    if (change.type === 'database_reset') return;
    const at = new Date().toISOString();
    const needsLog = change.type === 'conversation_created' && change.conversation.lastSeq > 0;
    this.batch().push(needsLog ? this.withLog(at, change) : JSON.stringify({ at, change } satisfies JournalRecord));
  }

  /** Settles when every change recorded so far is in a segment (or failed to get there, as an issue). */
  flushed(): Promise<void> {
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

  private async withLog(at: string, change: JournalRecord['change'] & { type: 'conversation_created' | 'conversation_updated' }): Promise<string | undefined> {
    try {
      const entries = await this.options.readEntries(change.conversationId);
      return JSON.stringify({ at, change, entries } satisfies JournalRecord);
    } catch {
      // Deleted again before it could be read: the deletion's own record follows.
      return JSON.stringify({ at, change } satisfies JournalRecord);
    }
  }

  private async write(batch: Line[]): Promise<void> {
    const lines = (await Promise.all(batch)).filter((line): line is string => line !== undefined);
    const header: JournalHeader = { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, database: this.options.database, generation: this.options.generation };
    const text = journalText(header, lines);
    const name = segmentName(this.tab, this.counter++);
    try {
      await this.storage.write(name, text);
    } catch (error) {
      this.options.onIssue?.({ code: 'journal_write_failed', file: name, message: `A journal segment could not be written (${describe(error)}); ${lines.length} changes are not journaled.` });
      return;
    }
    this.options.onWritten?.(text.length);
  }
}

/** `j-<time>-<tab>-<n>.jsonl`: names sort by time, then by tab and order within it. @internal */
export function segmentName(tab: string, counter: number): string {
  return `${SEGMENT_PREFIX}${String(Date.now()).padStart(15, '0')}-${tab}-${String(counter).padStart(9, '0')}.jsonl`;
}
