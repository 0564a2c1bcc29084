import type { ConvologError } from '../core/error.js';
import type { Warning } from '../core/warning.js';

/** What {@link CouchSync.subscribe} listeners hear. */
export type SyncEvent =
  /** A batch went up: `written` documents new on the server (ones already there are not counted). */
  | { type: 'progress'; direction: 'push'; written: number }
  /** A batch came down and was applied: entries added locally, conversations created, renamed or deleted. */
  | { type: 'progress'; direction: 'pull'; entries: number; conversations: number }
  /** A pulled document or entry was left out (it never blocks the rest). */
  | { type: 'warning'; warning: Warning; documentId?: string }
  /** A sync failed (`sync_failed` with `details.status`); in live mode it is retried after `retryInMs`. */
  | { type: 'error'; error: ConvologError; retryInMs?: number }
  /** Caught up both ways at `at` (UTC ISO); `pending`: local entries not yet on the server (0 here unless writes raced). */
  | { type: 'idle'; at: string; pending: number };
