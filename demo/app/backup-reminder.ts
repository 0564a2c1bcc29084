// The backup reminder (DESIGN §20, the demo): a line above the composer, not a dialog, when the
// last backup of everything is older than 30 days (or there was none and chats are that old) and
// no sync is set up. "Back up now" starts the backup; "Not now" hides it for 7 days.
import type { Conversation } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { firstChatSeen, lastBackupAt, reminderDue, snoozeReminder } from '../model/backup-record.js';
import { syncConfigured } from '../settings/sync-panel.js';

/** The reminder line and when it shows. */
export class BackupReminder {
  readonly element: HTMLElement;
  private readonly text = h('span', { className: 'backup-reminder-text', testId: 'backup-reminder-text' });

  constructor(onBackUpNow: () => void) {
    this.element = h('div', { className: 'backup-reminder', testId: 'backup-reminder', attrs: { role: 'region', 'aria-label': 'Backup reminder' } },
      icon(ICONS.database),
      this.text,
      h('div', { className: 'backup-reminder-actions' },
        h('button', {
          className: 'btn btn-small btn-primary', testId: 'backup-reminder-now', text: 'Back up now', attrs: { type: 'button' },
          on: { click: () => onBackUpNow() },
        }),
        h('button', {
          className: 'btn btn-small btn-ghost', testId: 'backup-reminder-dismiss', text: 'Not now',
          attrs: { type: 'button', 'aria-label': 'Not now: remind me in 7 days' },
          on: { click: () => this.snooze() },
        })));
    this.element.hidden = true;
  }

  /** Shows or hides the reminder for the chats the app holds (the newest pages of the list). */
  update(conversations: readonly Conversation[]): void {
    const now = new Date();
    const oldest = conversations.reduce<string | undefined>((min, item) => (min === undefined || item.createdAt < min ? item.createdAt : min), undefined);
    const lastBackup = lastBackupAt();
    const due = reminderDue({ now, lastBackup, firstChat: firstChatSeen(oldest, now), syncConfigured: syncConfigured() });
    this.text.textContent = lastBackup === undefined
      ? 'Your chats live only in this browser and have never been backed up. Clearing site data or a full disk can lose them.'
      : `Your last backup was ${daysAgo(lastBackup, now)}. Chats since then live only in this browser.`;
    this.element.hidden = !due;
  }

  private snooze(): void {
    snoozeReminder(new Date());
    this.element.hidden = true;
  }
}

const onDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "40 days ago, on Oct 24, 2026". */
function daysAgo(at: Date, now: Date): string {
  const days = Math.floor((now.getTime() - at.getTime()) / (24 * 60 * 60 * 1000));
  return `${days} day${days === 1 ? '' : 's'} ago, on ${onDate.format(at)}`;
}
