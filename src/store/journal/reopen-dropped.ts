import type { ChangeChannel } from '../changes/change-channel.js';
import type { ConvologDatabase } from '../database/schema.js';
import type { AttachedJournal } from './attach-journal.js';
import type { JournalStorage } from './journal-storage.js';
import { openJournal } from './open-journal.js';

/** What {@link reopenDropped} needs from the store. @internal */
export interface DroppedDatabase {
  name: string;
  /** The database the reconnect had to create. */
  database: ConvologDatabase;
  storage: Promise<JournalStorage> | undefined;
  journalOn: boolean;
  /** The store's journal; `undefined` when off or its code did not load. */
  journal: AttachedJournal | undefined;
  changes: ChangeChannel;
}

/**
 * A reconnect that had to create the database (DESIGN §21): the browser dropped it while the store
 * was open, as Chromium does when it finds a bad checksum mid-session. Treated like an open that
 * finds a reset, before the reconnect hands the database to any call: the marker moves to the next
 * generation (so a later page load knows, even if this session cannot restore), the journal is
 * restored into it, and subscribers hear `database_reset`. Unlike at open, the reset is certain:
 * this store had the database. Never throws; what went wrong is in the announced report.
 * @internal
 */
export async function reopenDropped(dropped: DroppedDatabase): Promise<void> {
  const { journal } = dropped;
  const reopened = await openJournal({ database: dropped.name, created: true, storage: dropped.storage, restores: dropped.journalOn });
  reopened.report.reset = true;
  if (journal !== undefined && reopened.storage !== undefined) await journal.restoreDropped(dropped.database, reopened);
  dropped.changes.announceReset({ type: 'database_reset', report: reopened.report });
}
