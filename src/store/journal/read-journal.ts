import type { JournalIssue } from '../types/open-report.js';
import { parseJournalFile, SEGMENT_PREFIX, SNAPSHOT_PREFIX, type JournalFile, type JournalRecord } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import { describe } from './reset-marker.js';

/** The journal as restore and roll use it. @internal */
export interface ReadJournal {
  /** The newest snapshot that reads, if any. */
  snapshot?: JournalFile;
  /** The segments it does not hold, oldest first. */
  segments: JournalFile[];
  /** Every journal file name found (snapshots and segments, usable or not). */
  names: string[];
}

/**
 * Reads the journal of `database`: the newest usable snapshot (an older one when the newest is
 * damaged or foreign) and every segment written after it. What cannot be used is an issue.
 * @internal
 */
export async function readJournal(storage: JournalStorage, database: string, issues: JournalIssue[]): Promise<ReadJournal> {
  const names = (await storage.list()).filter((name) => name.startsWith(SEGMENT_PREFIX) || name.startsWith(SNAPSHOT_PREFIX)).sort();
  const snapshots = names.filter((name) => name.startsWith(SNAPSHOT_PREFIX)).reverse();
  let snapshot: JournalFile | undefined;
  for (const name of snapshots) {
    snapshot = await readFile(storage, name, database, issues);
    if (snapshot !== undefined) break;
  }
  const held = new Set(snapshot?.header.includes ?? []);
  const segments: JournalFile[] = [];
  for (const name of names) {
    if (!name.startsWith(SEGMENT_PREFIX) || held.has(name)) continue;
    const file = await readFile(storage, name, database, issues);
    if (file !== undefined) segments.push(file);
  }
  return { ...(snapshot === undefined ? {} : { snapshot }), segments, names };
}

/**
 * The records to replay, in the order they were written: the snapshot's, then every segment
 * record written after the snapshot began reading, by time across files (in file order for equal
 * times). Each tab's journal worker appends to its own live file for up to a minute, so files
 * overlap in time: replayed file after file, an older write in one tab's file would land on top
 * of a newer deletion or clear in another's. A record written before the snapshot began is in it
 * (records are written after their commit), and replayed after it would bring back an older state.
 * @internal
 */
export function replayOrder(journal: ReadJournal): JournalRecord[] {
  const fromSnapshot = journal.snapshot?.records ?? [];
  const since = journal.snapshot?.header.at ?? fromSnapshot[0]?.at;
  const later: JournalRecord[] = [];
  for (const file of journal.segments) {
    for (const record of file.records) if (since === undefined || record.at >= since) later.push(record);
  }
  later.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)); // stable: a file's own order stays
  return [...fromSnapshot, ...later];
}

async function readFile(storage: JournalStorage, name: string, database: string, issues: JournalIssue[]): Promise<JournalFile | undefined> {
  let text: string | undefined;
  try {
    text = await storage.read(name);
  } catch (error) {
    issues.push({ code: 'journal_unreadable', file: name, message: `The journal file ${name} could not be read (${describe(error)}); it was left out.` });
    return undefined;
  }
  return text === undefined ? undefined : parseJournalFile(name, text, database, issues);
}
