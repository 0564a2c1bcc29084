// When this browser last backed everything up, and whether to remind the user (DESIGN §20, the
// demo): a backup older than 30 days, or none once there are chats older than that, and no sync
// set up. Kept in localStorage: the demo's own bookkeeping, not the user's data.

const LAST_BACKUP_KEY = 'convolog-demo:last-backup';
const SNOOZE_KEY = 'convolog-demo:backup-reminder-snoozed-until';
const FIRST_CHAT_KEY = 'convolog-demo:first-chat-seen';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A backup older than this (or none, with chats older than this) is worth a reminder. */
export const BACKUP_MAX_AGE_MS = 30 * DAY_MS;
/** "Not now" hides the reminder for this long. */
export const REMINDER_SNOOZE_MS = 7 * DAY_MS;

/** When the last backup of everything succeeded, if ever (in this browser). */
export function lastBackupAt(): Date | undefined {
  return readDate(LAST_BACKUP_KEY);
}

/** Records a successful backup at `at`. */
export function rememberBackup(at: Date): void {
  write(LAST_BACKUP_KEY, at.toISOString());
}

/** Hides the reminder until `REMINDER_SNOOZE_MS` after `now`. */
export function snoozeReminder(now: Date): void {
  write(SNOOZE_KEY, new Date(now.getTime() + REMINDER_SNOOZE_MS).toISOString());
}

/**
 * When this browser first held a chat: `oldestCreatedAt` (the oldest chat the app has read), or
 * the time first recorded, whichever is earlier; undefined with no chats (nothing to lose).
 * Recorded once so that, past the pages the sidebar holds, a long-used demo still counts as
 * having old chats.
 */
export function firstChatSeen(oldestCreatedAt: string | undefined, now: Date): Date | undefined {
  if (oldestCreatedAt === undefined) return undefined;
  const recorded = readDate(FIRST_CHAT_KEY);
  const oldest = new Date(oldestCreatedAt);
  if (Number.isNaN(oldest.getTime())) return recorded;
  if (recorded === undefined) write(FIRST_CHAT_KEY, now.toISOString());
  return recorded !== undefined && recorded < oldest ? recorded : oldest;
}

/** What decides whether the reminder shows. */
export interface ReminderFacts {
  now: Date;
  lastBackup: Date | undefined;
  /** When the oldest chat here was made (see {@link firstChatSeen}); undefined with no chats. */
  firstChat: Date | undefined;
  /** A sync server is set up: the chats have a copy elsewhere. */
  syncConfigured: boolean;
}

/** Whether to show the backup reminder now. */
export function reminderDue(facts: ReminderFacts): boolean {
  if (facts.syncConfigured || facts.firstChat === undefined) return false;
  const snoozedUntil = readDate(SNOOZE_KEY);
  if (snoozedUntil !== undefined && snoozedUntil > facts.now) return false;
  const since = facts.lastBackup ?? facts.firstChat;
  return facts.now.getTime() - since.getTime() > BACKUP_MAX_AGE_MS;
}

function readDate(key: string): Date | undefined {
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return undefined; // no localStorage (a privacy mode): no record, no reminder from it
  }
  const date = text === null ? undefined : new Date(text);
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the reminder may come back after a reload, which is harmless.
  }
}
