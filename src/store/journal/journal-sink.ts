import type { JournalHeader } from './journal-format.js';

/** What one {@link JournalSink.append} wrote. @internal */
export interface JournalWrite {
  /** Characters written (header included when a file was started). */
  bytes: number;
  /** Whether it started a new journal file (the roller counts files as well as bytes). */
  newFile: boolean;
}

/** What a sink needs to start files: their header, and the next segment name of this tab. @internal */
export interface JournalFiles {
  header: JournalHeader;
  nextName(): string;
}

/**
 * Where a {@link JournalWriter} puts its batches (DESIGN §21): whole segment files from the main
 * thread (`segment-sink.ts`), or appends to a live file in a worker (`worker-journal-sink.ts`).
 * Calls come one at a time: the writer waits for each before the next.
 * @internal
 */
export interface JournalSink {
  /** Which thread writes: `main-thread` or `worker` (tests and benchmarks read it). */
  readonly kind: 'main-thread' | 'worker';
  /** Makes `lines` durable in the journal, or rejects. */
  append(lines: readonly string[]): Promise<JournalWrite>;
  /** Stops appending to the current file, so a roll can take it. */
  seal(): Promise<void>;
  /** Lets go of what the sink holds (the store closed); later appends still work, from the main thread. */
  close(): Promise<void>;
}
