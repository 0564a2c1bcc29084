/** Why part of the journal could not be used, or written (DESIGN §21). */
export type JournalIssueCode =
  /** No folder outside IndexedDB (no OPFS, private mode): resets are neither detected nor undone. */
  | 'journal_unavailable'
  /** The folder refused a write (quota, private mode): what follows is not journaled. */
  | 'journal_write_failed'
  /** A file of the journal that could not be read or is not a journal. */
  | 'journal_unreadable'
  /** A record cut short (the tab died while writing it): it and what followed it in that file were dropped. */
  | 'torn_record'
  /** A journal file written for another database name: ignored. */
  | 'foreign_journal'
  /** A journal file written by a newer build: ignored, never guessed at. */
  | 'journal_too_new'
  /** A conversation the journal knew but could not restore whole, or at all (see `dropped`). */
  | 'conversation_not_restored';

/** One thing the journal could not do, for the app to show or log. */
export interface JournalIssue {
  code: JournalIssueCode;
  message: string;
  /** The journal file concerned. */
  file?: string;
  /** For `conversation_not_restored`: which conversation, its title and how many entries were left out. */
  conversationId?: string;
  title?: string;
  dropped?: number;
}

/** What a restore from the journal brought back. */
export interface RestoredCounts {
  conversations: number;
  entries: number;
  /** Attachments whose bytes were put back from the journal (DESIGN §21), checked against their ids. */
  attachments: number;
}

/**
 * What `openStore` found (DESIGN §21): `reset` when the database was missing although this origin
 * had one (the browser threw it away), what the journal restored, and what it could not.
 */
export interface OpenReport {
  reset: boolean;
  /** Present when `reset` and a journal was there to restore from. */
  restored?: RestoredCounts;
  /** The time of the last journal record restored: writes after it, if any, were lost. */
  lostAfter?: string;
  /**
   * What went wrong with the marker or the journal; empty when nothing did. A journal write that
   * fails later (quota) is appended here too.
   */
  issues: JournalIssue[];
}
