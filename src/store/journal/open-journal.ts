import type { JournalIssue, OpenReport } from '../types/open-report.js';
import type { JournalBackend, JournalStorage } from './journal-storage.js';
import { checkMarker, describe } from './reset-marker.js';

/** What {@link openJournal} needs to know. @internal */
export interface OpenJournalOptions {
  database: string;
  /** The open created the database (it did not exist). */
  created: boolean;
  /** The folder outside IndexedDB, already being opened; `undefined` where the engine has none. */
  storage: Promise<JournalStorage> | undefined;
  /** The journal is on: a reset found is marked as being restored until a restore clears it. */
  restores?: boolean;
}

/** What the store keeps from the journal's side of the open. @internal */
export interface OpenedJournal {
  report: OpenReport;
  storage?: JournalStorage;
  generation: number;
}

/**
 * Starts opening the folder of `database` (so it overlaps the IndexedDB open); a backend that
 * throws at once is a rejected promise like one that refuses later. @internal
 */
export function startJournalStorage(backend: JournalBackend | undefined, database: string): Promise<JournalStorage> | undefined {
  if (backend === undefined) return undefined;
  try {
    return backend(database);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The journal's side of `openStore` (DESIGN §21): reads and renews the reset marker and says
 * whether the browser threw the database away. Never throws: a folder that refuses is an issue
 * in the report, and the store opens without it.
 * @internal
 */
export async function openJournal(options: OpenJournalOptions): Promise<OpenedJournal> {
  const issues: JournalIssue[] = [];
  if (options.storage === undefined) {
    issues.push({ code: 'journal_unavailable', message: 'This engine has no storage outside IndexedDB here: a reset can be neither detected nor undone.' });
    return { report: { reset: false, issues }, generation: 0 };
  }
  let storage: JournalStorage;
  try {
    storage = await options.storage;
  } catch (error) {
    issues.push({ code: 'journal_unavailable', message: `The storage outside IndexedDB refused to open (${describe(error)}): a reset can be neither detected nor undone.` });
    return { report: { reset: false, issues }, generation: 0 };
  }
  const marker = await checkMarker(storage, options.database, options.created, options.restores === true && storage.canJournal);
  issues.push(...marker.issues);
  return { report: { reset: marker.reset, issues }, storage, generation: marker.generation };
}
