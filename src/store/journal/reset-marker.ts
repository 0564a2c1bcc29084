import type { JournalIssue } from '../types/open-report.js';
import type { JournalStorage } from './journal-storage.js';

/** The marker's file in the database's folder. @internal */
export const MARKER_FILE = 'marker.json';
const MARKER_FORMAT = 'convolog.marker';

/** What the marker says: this origin had the database, in its `generation`-th life. @internal */
export interface ResetMarker {
  format: typeof MARKER_FORMAT;
  version: 1;
  database: string;
  /** 1 for the first database of this name, one more each time it had to be created again. */
  generation: number;
  createdAt: string;
  /**
   * Set when a reset was found by an open that restores, cleared once its restore is done: an
   * open that never got there (closed mid-restore, or the journal's code did not load) leaves it,
   * and the next open restores instead of finding an existing database and no reset.
   */
  restoring?: boolean;
}

/** What {@link checkMarker} concluded. @internal */
export interface MarkerCheck {
  reset: boolean;
  generation: number;
  issues: JournalIssue[];
}

/**
 * Compares the marker with what the open found. A database that had to be created (`created`)
 * where the marker says one existed was thrown away by the browser: a reset. The marker is
 * written when missing or after a (re)creation; a marker that cannot be read or written is an
 * issue, never a failed open.
 * @internal
 */
export async function checkMarker(storage: JournalStorage, database: string, created: boolean, restores = false): Promise<MarkerCheck> {
  const issues: JournalIssue[] = [];
  let marker: ResetMarker | undefined;
  try {
    marker = parseMarker(await storage.read(MARKER_FILE), database, issues);
  } catch (error) {
    issues.push({ code: 'journal_unreadable', file: MARKER_FILE, message: `The reset marker could not be read (${describe(error)}); a reset cannot be detected this time.` });
  }
  const unfinished = restores && marker?.restoring === true;
  const reset = (created && marker !== undefined) || unfinished;
  const generation = marker === undefined ? 1 : marker.generation + (created ? 1 : 0);
  if (marker === undefined || created) {
    await writeMarker(storage, database, generation, reset && restores, issues, 'a later reset would go unnoticed');
  }
  return { reset, generation, issues };
}

/** Clears `restoring`: the restore this open owed is done. An issue, never a throw, if it cannot be written. @internal */
export function markRestored(storage: JournalStorage, database: string, generation: number, issues: JournalIssue[]): Promise<void> {
  return writeMarker(storage, database, generation, false, issues, 'the next open restores again');
}

/** Writes the marker; a refusal is an issue saying what it costs (`otherwise`). */
async function writeMarker(
  storage: JournalStorage, database: string, generation: number, restoring: boolean, issues: JournalIssue[], otherwise: string,
): Promise<void> {
  const next: ResetMarker = { format: MARKER_FORMAT, version: 1, database, generation, createdAt: new Date().toISOString(), ...(restoring ? { restoring } : {}) };
  try {
    await storage.write(MARKER_FILE, JSON.stringify(next));
  } catch (error) {
    issues.push({ code: 'journal_write_failed', file: MARKER_FILE, message: `The reset marker could not be written (${describe(error)}); ${otherwise}.` });
  }
}

function parseMarker(text: string | undefined, database: string, issues: JournalIssue[]): ResetMarker | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    issues.push({ code: 'journal_unreadable', file: MARKER_FILE, message: 'The reset marker is not JSON; it is written again.' });
    return undefined;
  }
  const marker = value as Partial<ResetMarker> | null;
  if (marker?.format !== MARKER_FORMAT || typeof marker.generation !== 'number') {
    issues.push({ code: 'journal_unreadable', file: MARKER_FILE, message: 'The reset marker is not a convolog marker; it is written again.' });
    return undefined;
  }
  if (marker.version !== 1) {
    issues.push({ code: 'journal_too_new', file: MARKER_FILE, message: `The reset marker has format version ${String(marker.version)}, newer than this build reads.` });
    return undefined;
  }
  if (marker.database !== database) {
    issues.push({ code: 'foreign_journal', file: MARKER_FILE, message: `The reset marker names the database "${String(marker.database)}", not "${database}"; it is written again.` });
    return undefined;
  }
  return marker as ResetMarker;
}

/** An error's name and message, for an issue (never its stack). @internal */
export function describe(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return `${error.name}: ${error.message}`;
  return String(error);
}
