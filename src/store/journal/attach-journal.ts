import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { catchUpJournal } from './catch-up-journal.js';
import { DEFAULT_ROLL_BYTES, JournalRoller } from './journal-roller.js';
import { JournalWriter } from './journal-writer.js';
import type { OpenedJournal } from './open-journal.js';
import { describe } from './reset-marker.js';

/**
 * After the database is open (DESIGN §21): restores from the journal when the open found a reset,
 * then mirrors every write this store instance commits into the journal. Returns what write
 * methods await so that a resolved write is journaled too; `undefined` without a journal
 * (`journal: false`, no OPFS). Never throws.
 * @internal
 */
export async function attachJournal(
  storeContext: StoreContext, opened: OpenedJournal, enabled: boolean, rollBytes = DEFAULT_ROLL_BYTES,
): Promise<AttachedJournal | undefined> {
  const { storage, report } = opened;
  if (!enabled || storage === undefined || !storage.canJournal) return undefined;
  // The journal's own reads (export stamps `exportedAt`) must not take ticks of the app's clock.
  const context: StoreContext = { ...storeContext, now: () => new Date() };
  if (report.reset) {
    const { restoreJournal } = await import('./restore-journal.js');
    // Under the journal's lock, taken in the upgrade that created the database (see holdLock).
    await restoreJournal(context, storage, report);
  }
  const onIssue = (issue: JournalIssue): void => {
    report.issues.push(issue);
  };
  // A session whose open found anything wrong (a marker it could not read, a newer or foreign
  // file, a torn record) never rolls: a roll removes files, and these may still be of use (to a
  // newer build, or an empty database the marker missed whose content only the journal holds).
  const rollable = report.issues.length === 0;
  const roller = new JournalRoller(context, storage, opened.generation, rollable ? rollBytes : Number.POSITIVE_INFINITY, onIssue);
  const writer = new JournalWriter(storage, {
    database: context.name,
    generation: opened.generation,
    readEntries: async (conversationId) => {
      const { exportConversation } = await import('../transfer/export-conversation.js');
      return (await exportConversation(context, conversationId)).entries;
    },
    onWritten: (bytes) => roller.written(bytes),
    onIssue,
  });
  if (!report.reset) await catchUp(context, opened, writer);
  context.changes.onPublish = (change) => writer.record(change);
  if (rollable) roller.checkAtOpen();
  return { flushed: () => writer.flushed(), rolled: () => roller.idle() };
}

async function catchUp(context: StoreContext, opened: OpenedJournal, writer: JournalWriter): Promise<void> {
  try {
    await catchUpJournal(context, opened.storage!, writer);
  } catch (error) {
    opened.report.issues.push({ code: 'journal_write_failed', message: `Journaling what the last session left unjournaled failed (${describe(error)}).` });
  }
}

/** What the store keeps of its journal. @internal */
export interface AttachedJournal {
  /** Settles when every write so far is journaled: write methods await it. */
  flushed(): Promise<void>;
  /** Settles when no roll into a snapshot is running. */
  rolled(): Promise<void>;
}
