// Settings → Backup: "Back up everything" (store.exportAll → one ZIP download) and "Restore"
// (store.importAll of a chosen ZIP, chats already here skipped), each with a progress bar, a
// Cancel button and a status line screen readers hear (role=status), then a summary.
import { isConvologError, type BackupProgress, type ConvologStore, type ImportAllResult } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { downloadBlob } from '../shared/download.js';
import { formatFullDate, formatRelativeTime } from '../shared/format.js';
import { archiveErrorText } from '../shared/archive-error-text.js';
import { describeError } from '../shared/notices.js';
import { lastBackupAt, rememberBackup } from '../model/backup-record.js';
import { restoreTitle, skippedList } from './restore-summary.js';

/** What the panel tells the app. */
export interface BackupPanelHandlers {
  /** A backup was downloaded (the reminder goes). */
  onBackedUp(fileName: string, chats: number): void;
  /** Before a restore reads the file: deletes still offering Undo are finished (else it would skip their chats as already here). */
  beforeRestore(): Promise<void>;
  /** A restore ended (`undefined`: stopped by Cancel, the chats restored before it stay): the list and the storage line follow. */
  onRestored(result: ImportAllResult | undefined): void;
}

/** How often, at most, the status line announces progress (each conversation would flood a screen reader). */
const ANNOUNCE_EVERY_MS = 1000;

/** The backup section of the settings dialog. */
export class BackupPanel {
  readonly element: HTMLElement;
  private readonly last = h('p', { className: 'storage-persistence', testId: 'backup-last' });
  private readonly bar = h('progress', { className: 'backup-bar', testId: 'backup-progress', attrs: { 'aria-label': 'Backup or restore progress' } });
  private readonly status = h('p', { className: 'backup-status', testId: 'backup-status', attrs: { role: 'status' } });
  private readonly summary = h('div', { className: 'backup-summary', testId: 'restore-summary' });
  private readonly backupButton: HTMLButtonElement;
  private readonly restoreInput: HTMLInputElement;
  private readonly restoreLabel: HTMLElement;
  private readonly cancelButton: HTMLButtonElement;
  private running: AbortController | undefined;
  private announcedAt = 0;

  constructor(private readonly store: ConvologStore, private readonly handlers: BackupPanelHandlers) {
    this.backupButton = h('button', {
      className: 'btn btn-secondary', testId: 'backup-all', attrs: { type: 'button' },
      on: { click: () => void this.backUp() },
    }, icon(ICONS.download), 'Back up everything');
    this.restoreInput = h('input', {
      className: 'visually-hidden', testId: 'restore-input',
      attrs: { type: 'file', accept: '.zip,application/zip', 'aria-label': 'Restore from a backup ZIP' },
      on: { change: () => this.restoreChosen() },
    });
    this.restoreLabel = h('label', { className: 'btn btn-secondary', testId: 'restore' }, icon(ICONS.upload), 'Restore…', this.restoreInput);
    this.cancelButton = h('button', {
      className: 'btn btn-ghost', testId: 'backup-cancel', text: 'Cancel', attrs: { type: 'button' },
      on: { click: () => this.running?.abort() },
    });
    this.cancelButton.hidden = true;
    this.bar.hidden = true;
    this.element = h('section', { className: 'settings-section backup-section', testId: 'backup-section', attrs: { 'aria-labelledby': 'backup-heading' } },
      h('h3', { text: 'Backup', attrs: { id: 'backup-heading' } }),
      h('p', { className: 'field-hint', text: 'One ZIP file with every chat, every branch, and each picture and file once. Restoring brings back the chats this browser does not have; those already here are left as they are.' }),
      this.last,
      h('div', { className: 'settings-row' }, this.backupButton, this.restoreLabel, this.cancelButton),
      this.bar,
      this.status,
      this.summary);
    this.showLast();
  }

  /** Shows when the last backup was made. */
  showLast(): void {
    const at = lastBackupAt();
    this.last.textContent = at === undefined
      ? 'Last backup: never.'
      : `Last backup: ${formatFullDate(at.toISOString())} (${formatRelativeTime(at.toISOString())}).`;
  }

  /** Backs up every chat into one ZIP and downloads it; does nothing while a backup or restore runs. */
  async backUp(): Promise<void> {
    const controller = this.start('Backing up…');
    if (controller === undefined) return;
    let total = 0;
    try {
      const blob = await this.store.exportAll({
        signal: controller.signal,
        onProgress: (progress) => {
          total = progress.total;
          this.progress('Backing up', progress);
        },
      });
      const at = new Date();
      const fileName = `convolog-backup-${at.toISOString().slice(0, 10)}.zip`;
      downloadBlob(blob, fileName);
      rememberBackup(at);
      this.showLast();
      this.finish(`Backed up ${chats(total)} into ${fileName}.`);
      this.handlers.onBackedUp(fileName, total);
    } catch (error) {
      if (isConvologError(error, 'aborted')) this.finish('Backup cancelled; no file was saved.');
      else this.finish(`Backup failed: ${describeError(error)}`, true);
    }
  }

  /** Moves focus to Cancel (while a backup or restore runs), so the keyboard can stop it. */
  focusCancel(): void {
    if (!this.cancelButton.hidden) this.cancelButton.focus();
  }

  private restoreChosen(): void {
    const file = this.restoreInput.files?.[0];
    this.restoreInput.value = '';
    if (file !== undefined) void this.restore(file);
  }

  /** Restores the chats of a backup ZIP that this browser does not have. */
  async restore(file: File): Promise<void> {
    const controller = this.start(`Reading ${file.name}…`);
    if (controller === undefined) return;
    let done = 0;
    try {
      await this.handlers.beforeRestore();
      const result = await this.store.importAll(file, {
        onConflict: 'skip', signal: controller.signal,
        onProgress: (progress) => {
          done = progress.done;
          this.progress('Restoring', progress);
        },
      });
      this.finish(restoreTitle(result));
      this.summary.replaceChildren(...skippedList(result));
      this.handlers.onRestored(result);
    } catch (error) {
      if (isConvologError(error, 'aborted')) {
        this.finish(`Restore stopped. The ${chats(done)} restored before it stopped are kept.`);
        this.handlers.onRestored(undefined);
        return;
      }
      const known = archiveErrorText(error, 'backup');
      this.finish(known === undefined ? `Restore failed: ${describeError(error)}` : `Nothing was restored from ${file.name}. ${known}`, true);
    }
  }

  /** Begins an operation: buttons off, Cancel on, the bar shown; undefined while another runs. */
  private start(text: string): AbortController | undefined {
    if (this.running !== undefined) return undefined;
    this.running = new AbortController();
    this.setBusy(true);
    this.bar.removeAttribute('value'); // indeterminate until the first progress
    this.summary.replaceChildren();
    this.status.textContent = text;
    this.status.classList.remove('is-error');
    this.announcedAt = Date.now();
    return this.running;
  }

  private progress(verb: string, { done, total }: BackupProgress): void {
    this.bar.max = Math.max(total, 1);
    this.bar.value = done;
    const now = Date.now();
    if (now - this.announcedAt < ANNOUNCE_EVERY_MS && done < total) return;
    this.announcedAt = now;
    this.status.textContent = `${verb}… ${done} of ${chats(total)}`;
  }

  /** Ends an operation with `text` in the status line, shown as an error when `failed`. */
  private finish(text: string, failed = false): void {
    this.running = undefined;
    this.setBusy(false);
    this.status.textContent = text;
    this.status.classList.toggle('is-error', failed);
  }

  private setBusy(busy: boolean): void {
    this.backupButton.disabled = busy;
    this.restoreInput.disabled = busy;
    this.restoreLabel.classList.toggle('is-disabled', busy);
    this.cancelButton.hidden = !busy;
    this.bar.hidden = !busy;
    this.element.setAttribute('aria-busy', String(busy));
  }
}

function chats(count: number): string {
  return `${count} chat${count === 1 ? '' : 's'}`;
}
