import { Connection } from '../database/connection.js';
import type { ConvologDatabase } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { attachmentJournal } from './attachment-journal.js';
import { catchUpJournal } from './catch-up-journal.js';
import { DEFAULT_ROLL_BYTES, JournalRoller } from './journal-roller.js';
import type { JournalFiles, JournalSink } from './journal-sink.js';
import type { JournalStorage } from './journal-storage.js';
import { journalFiles, JournalWriter } from './journal-writer.js';
import type { OpenedJournal } from './open-journal.js';
import { describe, markRestored } from './reset-marker.js';
import { segmentSink } from './segment-sink.js';

/** How the journal runs; the defaults are what `openStore` uses, tests and benchmarks change them. @internal */
export interface JournalTuning {
  /** Roll into a snapshot once the segments reach this many bytes. */
  rollBytes?: number;
  /** Starts the journal worker; `null`: write from the main thread only. */
  startWorker?: (() => Worker) | null;
  /** `flush()` each batch the worker appends. Default: when the store's `durability` is `'strict'`. */
  flush?: boolean;
  /** The app has its own clock (`openStore({ now })`): append records carry its time too, for the catch-up. */
  appClock?: boolean;
  /** How long the worker may take to answer before it is taken for hung (tests shorten it). */
  workerPatienceMs?: number;
}

/**
 * After the database is open (DESIGN §21): restores from the journal when the open found a reset,
 * then mirrors every write this store instance commits into the journal. Returns what write
 * methods await so that a resolved write is journaled too; `undefined` without a journal
 * (`journal: false`, no OPFS). Never throws.
 * @internal
 */
export async function attachJournal(
  storeContext: StoreContext, opened: OpenedJournal, enabled: boolean, tuning: JournalTuning = {},
): Promise<AttachedJournal | undefined> {
  const { storage, report } = opened;
  if (!enabled || storage === undefined || !storage.canJournal) return undefined;
  // The journal's own reads (export stamps `exportedAt`) must not take ticks of the app's clock.
  const context: StoreContext = { ...storeContext, now: () => new Date() };
  if (report.reset) {
    const { restoreJournal } = await import('./restore-journal.js');
    // Under the journal's lock, taken in the upgrade that created the database (see holdLock).
    await restoreJournal(context, storage, report);
    await markRestored(storage, context.name, opened.generation, report.issues);
  }
  const onIssue = (issue: JournalIssue): void => {
    report.issues.push(issue);
  };
  const files = journalFiles(context.name, opened.generation);
  const sink = await chooseSink(storage, files, tuning, tuning.flush ?? context.durability === 'strict');
  const writer = new JournalWriter(sink, {
    readEntries: async (conversationId) => {
      const { exportConversation } = await import('../transfer/export-conversation.js');
      return (await exportConversation(context, conversationId)).entries;
    },
    onWritten: (bytes, newFile) => roller.written(bytes, newFile),
    onIssue,
    appClock: tuning.appClock === true,
  });
  // A session whose open found anything wrong (a marker it could not read, a newer or foreign
  // file, a torn record) never rolls: a roll removes files, and these may still be of use (to a
  // newer build, or an empty database the marker missed whose content only the journal holds).
  const rollable = report.issues.length === 0;
  const rollBytes = rollable ? tuning.rollBytes ?? DEFAULT_ROLL_BYTES : Number.POSITIVE_INFINITY;
  const roller = new JournalRoller(context, storage, opened.generation, rollBytes, onIssue, () => writer.seal());
  const journalAttachment = attachmentJournal(storage, context.name, onIssue);
  if (journalAttachment !== undefined) storeContext.journalAttachment = journalAttachment;
  const wholeStore = !report.reset && await catchUp(context, opened, writer);
  context.changes.onPublish = (change) => writer.record(change);
  storeContext.journalAhead = (change, previous) => writer.ahead(change, previous);
  storeContext.journalFlushed = () => writer.flushed();
  context.changes.onClosed = () => void writer.close();
  if (rollable) roller.checkAtOpen(wholeStore);
  else if (wholeStore) report.issues.push({ code: 'journal_write_failed', message: 'The last session ended during an import or a clear whose record may not have reached the journal; with the damaged journal files above kept, it was not caught up.' });
  return {
    flushed: () => writer.flushed(), intend: (id) => writer.intend(id), rolled: () => roller.idle(), writtenBy: () => writer.kind, storage,
    restoreDropped: async (database, reopened) => {
      // This tab's live file holds the last writes: sealed, so the restore can read it.
      await writer.seal();
      await restoreInto(context, database, storage, reopened);
      // As at open: a restore that met anything wrong leaves every file where it is.
      if (reopened.report.issues.length > 0) roller.hold();
    },
  };
}

/**
 * Restores the journal into `database`, a database the browser dropped while this store was open
 * and the reconnect created again, through a connection of its own: the store's connection hands
 * it to no call until the restore is done. Not journaled again: every record came from the journal.
 */
async function restoreInto(context: StoreContext, database: ConvologDatabase, storage: JournalStorage, reopened: OpenedJournal): Promise<void> {
  const connection = new Connection(() => Promise.resolve(database), () => undefined);
  connection.adopt(database);
  const { changes } = context;
  const onPublish = changes.onPublish;
  changes.onPublish = undefined;
  try {
    const { restoreJournal } = await import('./restore-journal.js');
    await restoreJournal({ ...context, connection }, storage, reopened.report);
    await markRestored(storage, context.name, reopened.generation, reopened.report.issues);
  } finally {
    changes.onPublish = onPublish;
  }
}

/** A journal worker where OPFS is the folder (worker-journal-sink.ts, loaded on demand: not with `openStore`); the main thread elsewhere. */
async function chooseSink(storage: JournalStorage, files: JournalFiles, tuning: JournalTuning, flush: boolean): Promise<JournalSink> {
  const fallback = segmentSink(storage, files);
  const folder = storage.opfsFolder;
  const { startWorker, workerPatienceMs: patienceMs } = tuning;
  if (folder === undefined || startWorker === null) return fallback;
  return (await import('./worker-journal-sink.js')).workerJournalSink({ folder, files, fallback, flush, startWorker, patienceMs });
}

/** Whether the store must be rolled into a snapshot: an import or a `clear` may have been cut off. */
async function catchUp(context: StoreContext, opened: OpenedJournal, writer: JournalWriter): Promise<boolean> {
  try {
    return (await catchUpJournal(context, opened.storage!, writer)).wholeStore;
  } catch (error) {
    opened.report.issues.push({ code: 'journal_write_failed', message: `Journaling what the last session left unjournaled failed (${describe(error)}).` });
    return false;
  }
}

/** What the store keeps of its journal. @internal */
export interface AttachedJournal {
  /** Settles when every write so far is journaled: write methods await it. */
  flushed(): Promise<void>;
  /** Journals an intent to write to `conversationId`, or without one to the whole store; awaited before such writes (JournalIntent). */
  intend(conversationId?: string): Promise<void>;
  /** Settles when no roll into a snapshot is running. */
  rolled(): Promise<void>;
  /** Which thread writes the journal now: `worker` until a worker fails, then `main-thread`. */
  writtenBy(): 'main-thread' | 'worker';
  /** The journal's folder: `estimateStorage` sums its files. */
  storage: JournalStorage;
  /** Restores `database`, created again by a reconnect after the browser dropped it mid-session (reopen-dropped.ts). */
  restoreDropped(database: ConvologDatabase, reopened: OpenedJournal): Promise<void>;
}
