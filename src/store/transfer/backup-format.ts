import type { Warning } from '../../core/warning.js';

/** The format tag of a backup's `backup.json`. @internal */
export const BACKUP_FORMAT = 'convolog.backup';
/** The backup format version this build writes and reads. @internal */
export const BACKUP_FORMAT_VERSION = 1;
/** The manifest of a backup ZIP, written last. @internal */
export const BACKUP_FILE = 'backup.json';

/**
 * What `backup.json` holds: which file holds which conversation, and its title (so a restore can
 * name a conversation it skipped without reading its damaged file). Backups written before
 * titles were added have none; they read the same.
 * @internal
 */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  exportedAt: string;
  conversations: { id: string; file: string; title?: string }[];
}

/** Progress of `exportAll` and `importAll`: conversations done of all. */
export interface BackupProgress { done: number; total: number }

/** Options of `store.exportAll`. */
export interface ExportAllOptions {
  /** Aborting stops between conversations and rejects with `aborted`. */
  signal?: AbortSignal;
  /** Called after each conversation. */
  onProgress?: (progress: BackupProgress) => void;
}

/** Options of `store.importAll`. */
export interface ImportAllOptions {
  /** A conversation whose id the store holds already: `'skip'` it (default: restoring twice changes nothing) or restore it as a copy under a `'new_id'`. */
  onConflict?: 'skip' | 'new_id';
  /**
   * Default `true`: a backup is this app's own data, restored whole (provider state included) so
   * chats resume as they did. `false` for a file of unknown origin: every message then passes
   * `retainPortableContent`, as an untrusted import. Attachment bytes are checked against their ids either way.
   */
  trusted?: boolean;
  /** The most bytes one conversation (its JSON and its attachments) may inflate to; more skips it as `too_large`. Default 64 MiB. */
  maxBytes?: number;
  /** Aborting stops between conversations and rejects with `aborted`; the conversations restored before stay. */
  signal?: AbortSignal;
  /** Called after each conversation. */
  onProgress?: (progress: BackupProgress) => void;
}

/** A conversation of a backup that `importAll` did not restore because its part of the file is damaged. */
export interface SkippedConversation {
  /** The conversation's id in the backup. */
  conversationId: string;
  /** The file of the backup it was in. */
  file: string;
  /** Its title, as the backup's `backup.json` names it (a backup from before 0.3.0-alpha.3 names none). */
  title?: string;
  /** The code of the error that refused it (`invalid_archive`, `attachment_mismatch`, `invalid_history`, `too_large`, …). */
  code: string;
  message: string;
}

/** What `importAll` did. */
export interface ImportAllResult {
  /** Ids of the conversations restored (a `'new_id'` copy under its new id). */
  restored: string[];
  /** Ids of the backup's conversations already in the store, left as they are (`onConflict: 'skip'`). */
  existing: string[];
  /** The backup's conversations that were not restored, each whole: nothing of them was written. */
  skipped: SkippedConversation[];
  /** The restored conversations' warnings (e.g. `id_reassigned`). */
  warnings: Warning[];
}
