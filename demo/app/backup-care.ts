// Backing up everything (DESIGN §20, the demo): Settings → Backup and the reminder above the
// composer, wired to the app: notices for what a backup or restore did, deletes still offering
// Undo finished before a restore, the list and storage line refreshed after it.
import { BackupPanel } from '../settings/backup-panel.js';
import type { AppHost } from './app-host.js';
import { restoredNotice } from './app-notices.js';
import { BackupReminder } from './backup-reminder.js';

/** What the backup needs of the app besides AppHost. */
export interface BackupCareHooks {
  /** Opens the settings dialog (the backup panel is in it). */
  openSettings(): void;
  /** Many chats were written: the list and the storage line now. */
  afterBulkWrite(): Promise<void>;
}

/** The backup panel and reminder, and what the app does when they act. */
export class BackupCare {
  readonly panel: BackupPanel;
  readonly reminder: BackupReminder;

  constructor(private readonly app: Pick<AppHost, 'store' | 'notices' | 'pendingDeletes' | 'conversations'>, private readonly hooks: BackupCareHooks) {
    this.panel = new BackupPanel(app.store, {
      onBackedUp: (fileName, chats) => {
        this.update();
        app.notices.show({ tone: 'success', key: 'backup', title: `Backed up ${chats} chat${chats === 1 ? '' : 's'} into ${fileName}.` });
      },
      beforeRestore: () => app.pendingDeletes.flush(),
      onRestored: (result) => {
        if (result !== undefined) app.notices.show(restoredNotice(result));
        void hooks.afterBulkWrite();
      },
    });
    this.reminder = new BackupReminder(() => this.backUpNow());
  }

  /** Shows or hides the reminder for the chats the app holds now. */
  update(): void {
    this.reminder.update(this.app.conversations);
  }

  /** The reminder's "Back up now": Settings opens at Backup, where the progress and Cancel are. */
  private backUpNow(): void {
    this.hooks.openSettings();
    this.panel.element.scrollIntoView({ block: 'start' });
    void this.panel.backUp();
    this.panel.focusCancel();
  }
}
