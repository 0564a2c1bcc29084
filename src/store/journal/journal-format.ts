import type { Entry } from '../../core/entry.js';
import type { Conversation } from '../types/conversation.js';
import type { JournalIssue } from '../types/open-report.js';
import type { StoreChangeMessage } from '../types/store-change.js';

/** The format tag of every journal file's first line. @internal */
export const JOURNAL_FORMAT = 'convolog.journal';
/** The journal format this build writes, and the newest it reads. @internal */
export const JOURNAL_VERSION = 1;

/** A segment's name starts with this, a snapshot's with {@link SNAPSHOT_PREFIX}; both sort by time. @internal */
export const SEGMENT_PREFIX = 'j-';
/** @internal */
export const SNAPSHOT_PREFIX = 'snapshot-';

/** The first line of a journal file. @internal */
export interface JournalHeader {
  format: typeof JOURNAL_FORMAT;
  version: number;
  database: string;
  generation: number;
  /** A snapshot: the segments whose every write it holds (restore skips them). */
  includes?: string[];
  /** A snapshot: when it began reading IndexedDB; every record written before is in it. */
  at?: string;
}

/** One committed change as journaled: the change itself, and for a conversation created with a log, that log. @internal */
export interface JournalRecord {
  /** When the record was written (UTC ISO): the `lostAfter` of a restore that ends here. */
  at: string;
  /** An append's time by the app's own clock (`openStore({ now })`), where it has one: what the catch-up compares the app's times with. */
  now?: string;
  change: Exclude<StoreChangeMessage, { type: 'database_reset' }> | JournalIntent | JournalWithdrawal;
  /** Every entry of the conversation, for a `conversation_created` of an import or a sync pull (and in snapshots). */
  entries?: Entry[];
}

/**
 * Written (and awaited) before a write the catch-up of recent entries would not find: one that
 * changes a conversation without appending to it (rename, appData, checkout, deletion) or writes
 * entries with their source's times (a sync pull's `mergeEntries`); and, with `scope: 'store'`
 * and no conversation named (`''`), an import or a `clear`. If a kill cuts off that write's own
 * record, the next open finds the intent and journals what it names from IndexedDB: the
 * conversation whole, or the whole store as a snapshot (catch-up-intents.ts). Replay ignores it,
 * and so does a build that predates it (it applies the types it knows).
 * @internal
 */
export interface JournalIntent {
  type: 'intent';
  conversationId: string;
  scope?: 'store';
}

/**
 * An append's record is journaled before its transaction commits, so the two writes overlap
 * (DESIGN §21); when the commit then fails, this withdraws the entries it named. A kill between
 * the two leaves a record of entries that never committed: replay lets a later entry with the
 * same seq replace it (JournalState), and the next roll supersedes it. A build that predates it
 * ignores it. @internal
 */
export interface JournalWithdrawal {
  type: 'entries_withdrawn';
  conversationId: string;
  entryIds: string[];
  /** The conversation as the failed append found it, and the `lastSeq` its record claimed. */
  conversation: Conversation;
  withdrawnLastSeq: number;
}

/** A journal file read back: its header and the records before any damage. @internal */
export interface JournalFile {
  name: string;
  header: JournalHeader;
  records: JournalRecord[];
}

/** A snapshot line: a conversation with its whole log, as a `conversation_created` record. @internal */
export function snapshotRecord(at: string, conversation: Conversation, entries: Entry[]): JournalRecord {
  return { at, change: { type: 'conversation_created', conversationId: conversation.id, conversation }, entries };
}

/** A file's text: the header line, then one record per line, each ending with a newline. @internal */
export function journalText(header: JournalHeader, records: readonly string[]): string {
  return `${JSON.stringify(header)}\n${records.map((record) => `${record}\n`).join('')}`;
}

/**
 * Reads a journal file. A header of another database or a newer version makes the whole file
 * unusable (an issue, `undefined`). A line that does not parse ends the file there: a last line
 * without its newline is a record torn by a crash; either way what came before is kept and
 * what was dropped is reported.
 * @internal
 */
export function parseJournalFile(name: string, text: string, database: string, issues: JournalIssue[]): JournalFile | undefined {
  // An empty file is a write killed before its first byte (OPFS creates the file, then fills it
  // on close): its changes were never acknowledged, and the next open caught them up.
  if (text === '') return undefined;
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '') as Partial<JournalHeader> | undefined;
  if (header?.format !== JOURNAL_FORMAT || typeof header.version !== 'number') {
    issues.push({ code: 'journal_unreadable', file: name, message: `The journal file ${name} does not start with a journal header; it was ignored.` });
    return undefined;
  }
  if (header.version > JOURNAL_VERSION) {
    issues.push({ code: 'journal_too_new', file: name, message: `The journal file ${name} has format version ${header.version}, newer than this build reads (${JOURNAL_VERSION}); it was ignored.` });
    return undefined;
  }
  if (header.database !== database) {
    issues.push({ code: 'foreign_journal', file: name, message: `The journal file ${name} belongs to the database "${String(header.database)}", not "${database}"; it was ignored.` });
    return undefined;
  }
  const records: JournalRecord[] = [];
  const complete = lines.length - 1; // the text after the last newline is not a finished line
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (index === complete && line === '') break;
    const record = parseLine(line) as JournalRecord | undefined;
    if (index < complete && isRecord(record)) {
      records.push(record);
      continue;
    }
    const dropped = complete - index + (index === complete ? 1 : 0);
    issues.push({
      code: 'torn_record', file: name,
      message: `The journal file ${name} is damaged at line ${index + 1} (cut short by a crash?): ${records.length} records before it were kept, ${Math.max(dropped, 1)} dropped.`,
    });
    break;
  }
  return { name, header: header as JournalHeader, records };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is JournalRecord {
  const record = value as Partial<JournalRecord> | undefined;
  return typeof record?.at === 'string' && typeof record.change === 'object' && record.change !== null &&
    typeof (record.change as { type?: unknown }).type === 'string';
}
