// Storage: how much this origin uses, whether the browser may evict it, and "Delete all data".
import type { ConvologStore } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { formatBytes } from '../shared/format.js';
import { StoragePartsView } from './storage-parts.js';

/** Above this share of the quota the panel and the sidebar warn. */
const NEARLY_FULL = 0.8;

/** What the panel asks the app to do. */
export interface StoragePanelHandlers {
  /** Delete every conversation (with Undo offered for a while). */
  onDeleteAll(): Promise<void>;
  /** The persistence answer, for a notice. */
  onPersistence(granted: boolean): void;
}

/** The storage section of the settings dialog. */
export class StoragePanel {
  readonly element: HTMLElement;
  private readonly usage = h('p', { className: 'storage-usage', testId: 'storage-usage' });
  private readonly meter = h('div', { className: 'meter-fill' });
  private readonly persistence = h('p', { className: 'storage-persistence', testId: 'storage-persistence' });
  private readonly parts = new StoragePartsView();
  private readonly warning = h('p', { className: 'storage-warning', testId: 'storage-warning', attrs: { role: 'alert' } });
  /** Usage is above {@link NEARLY_FULL} of the quota. */
  nearlyFull = false;
  private readonly persistButton: HTMLButtonElement;

  constructor(private readonly store: ConvologStore, private readonly handlers: StoragePanelHandlers) {
    this.persistButton = h('button', {
      className: 'btn btn-secondary', testId: 'request-persistence', attrs: { type: 'button' },
      on: { click: () => void this.requestPersistence() },
    }, icon(ICONS.database), 'Keep my data (persistent storage)');
    this.element = h('section', { className: 'settings-section' },
      h('h3', { text: 'Storage on this device' }),
      this.usage,
      h('div', { className: 'meter', attrs: { 'aria-hidden': 'true' } }, this.meter),
      this.warning,
      this.parts.element,
      this.persistence,
      h('div', { className: 'settings-row' },
        this.persistButton,
        h('button', {
          className: 'btn btn-danger', testId: 'delete-all', attrs: { type: 'button' },
          on: { click: () => void this.deleteAll() },
        }, icon(ICONS.trash), 'Delete all data')));
  }

  /** Reads the estimate again. Returns a one-line summary for the sidebar. */
  async refresh(): Promise<string> {
    let estimate: Awaited<ReturnType<ConvologStore['estimateStorage']>>;
    try {
      estimate = await this.store.estimateStorage();
    } catch {
      estimate = { attachments: 0, parts: { conversations: 0, entries: 0, searchIndex: 0, attachments: 0, journal: 0 } };
    }
    this.parts.show(estimate);
    const { usage, quota, persisted } = estimate;
    this.usage.textContent = usage === undefined
      ? 'This browser does not report how much storage is used.'
      : `${formatBytes(usage)} used${quota === undefined ? '' : ` of ${formatBytes(quota)} available to this site`}`;
    const ratio = usage !== undefined && quota !== undefined && quota > 0 ? Math.min(1, usage / quota) : 0;
    this.meter.style.width = `${Math.max(ratio * 100, usage ? 1 : 0)}%`;
    this.nearlyFull = ratio > NEARLY_FULL;
    this.meter.classList.toggle('is-warning', this.nearlyFull);
    this.warning.hidden = !this.nearlyFull;
    this.warning.textContent = this.nearlyFull
      ? `Storage is ${Math.round(ratio * 100)} % full. Export or delete chats you no longer need: when it is full, new messages cannot be saved.`
      : '';
    this.persistence.textContent = persisted === true
      ? 'Persistent: the browser will not clear these chats to free space.'
      : persisted === false
        ? 'Best effort: the browser may clear these chats when the disk runs low. Ask for persistent storage to prevent that.'
        : 'The browser does not say whether this storage is persistent.';
    this.persistButton.hidden = persisted === true;
    const used = usage === undefined ? 'Stored in this browser'
      : quota === undefined ? `${formatBytes(usage)} stored in this browser` : `${formatBytes(usage)} of ${formatBytes(quota)} used`;
    const kept = persisted === true ? ' · persistent' : persisted === false ? ' · not persistent' : '';
    return `${this.nearlyFull ? `${Math.round(ratio * 100)} % full! ` : ''}${used}${kept}`;
  }

  private async requestPersistence(): Promise<void> {
    let granted = false;
    try {
      granted = await this.store.requestPersistence();
    } catch {
      granted = false;
    }
    this.handlers.onPersistence(granted);
    await this.refresh();
  }

  private async deleteAll(): Promise<void> {
    // No confirm box: the app offers Undo for a few seconds before anything is deleted.
    await this.handlers.onDeleteAll();
  }
}
