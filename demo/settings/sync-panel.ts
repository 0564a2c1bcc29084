// Settings → Sync: the user's CouchDB database (and optional credentials), Sync now, live sync,
// and a status line (last sync, pending entries, errors in words). Uses convolog/sync only
// through its public API; what it pulls reaches the chat view through the store's own changes.
import type { ConvologStore } from '../../src/index.js';
import { createCouchSync, type CouchSync, type SyncEvent, type SyncStore } from '../../src/sync/index.js';
import { h } from '../shared/dom.js';
import { describeSyncError, type SyncErrorText } from './sync-error-text.js';

const SETTINGS_KEY = 'convolog-demo:sync';
const DEVICE_KEY = 'convolog-demo:sync-device';
const LAST_SYNC_KEY = 'convolog-demo:sync-last';

// `lazy`: pictures stay on the server until a chat shows them (convolog/sync's `attachments: 'lazy'`).
interface SyncSettings { url: string; username: string; password: string; live: boolean; lazy: boolean }

function loadSyncSettings(): SyncSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<SyncSettings>;
    return { url: stored.url ?? '', username: stored.username ?? '', password: stored.password ?? '', live: stored.live === true, lazy: stored.lazy === true };
  } catch {
    return { url: '', username: '', password: '', live: false, lazy: false };
  }
}

/** Whether a sync server is set up here (an http(s) database URL saved): the chats then have a copy elsewhere. */
export function syncConfigured(): boolean {
  return /^https?:\/\//.test(loadSyncSettings().url);
}

/** One id per browser profile, so a reload resumes from this device's checkpoint. */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (id === null) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** What the sync panel tells the app. */
export interface SyncPanelHandlers {
  /** Chats came down from the server: the list and the storage line are stale; resolves once they are current. */
  onPulled(): Promise<void>;
}

/** The sync section of the settings dialog. */
export class SyncPanel {
  readonly element: HTMLElement;
  private readonly url = h('input', { testId: 'sync-url', attrs: { type: 'url', placeholder: 'https://couch.example.com/userdb-…', spellcheck: false } });
  private readonly username = h('input', { testId: 'sync-username', attrs: { type: 'text', placeholder: 'optional', autocomplete: 'off' } });
  private readonly password = h('input', { testId: 'sync-password', attrs: { type: 'password', placeholder: 'optional', autocomplete: 'off' } });
  private readonly live = h('input', { testId: 'sync-live', attrs: { type: 'checkbox' } });
  private readonly lazy = h('input', { testId: 'sync-lazy', attrs: { type: 'checkbox' } });
  private readonly status = h('p', { className: 'field-hint sync-status', testId: 'sync-status', attrs: { role: 'status' } });
  private sync: CouchSync | undefined;
  private syncKey = '';
  /** When this profile last finished a sync (kept across reloads). */
  private lastSyncAtValue: string | undefined = localStorage.getItem(LAST_SYNC_KEY) ?? undefined;
  private lastError: SyncErrorText | undefined;
  private readonly errorDetails = h('details', { className: 'sync-error-details', testId: 'sync-error-details' });
  private busy = false;
  /** Counts status renders, so a slow one never overwrites a newer one. */
  private renders = 0;

  private get lastSyncAt(): string | undefined {
    return this.lastSyncAtValue;
  }

  private set lastSyncAt(at: string | undefined) {
    this.lastSyncAtValue = at;
    if (at !== undefined) localStorage.setItem(LAST_SYNC_KEY, at);
  }

  constructor(private readonly store: ConvologStore, private readonly handlers: SyncPanelHandlers) {
    const settings = loadSyncSettings();
    this.url.value = settings.url;
    this.username.value = settings.username;
    this.password.value = settings.password;
    this.live.checked = settings.live;
    this.lazy.checked = settings.lazy;
    const field = (label: string, control: HTMLElement): HTMLElement =>
      h('label', { className: 'field' }, h('span', { className: 'field-label', text: label }), control);
    this.element = h('section', { className: 'settings-section' },
      h('h3', { text: 'Sync' }),
      field('CouchDB database URL', this.url),
      h('div', { className: 'field-row' }, field('User', this.username), field('Password', this.password)),
      h('div', { className: 'settings-row sync-actions' },
        h('button', { className: 'btn btn-secondary', text: 'Sync now', testId: 'sync-now', attrs: { type: 'button' }, on: { click: () => void this.syncNow() } }),
        h('label', { className: 'sync-live' }, this.live, h('span', { text: 'Live sync' })),
        h('label', { className: 'sync-live', attrs: { title: 'Chats sync at once; each picture downloads the first time a chat shows it (and needs the server then).' } },
          this.lazy, h('span', { text: 'Download pictures when shown' }))),
      this.status,
      this.errorDetails);
    this.errorDetails.hidden = true;
    this.live.addEventListener('change', () => this.applyLive());
    for (const input of [this.url, this.username, this.password, this.lazy]) input.addEventListener('change', () => this.save());
    this.showStatus();
    if (settings.live && settings.url !== '') this.applyLive();
    // Pictures a lazy sync left on the server download through the client: it exists from the start.
    else if (settings.lazy && settings.url !== '') this.client();
  }

  /** Syncs once both ways and shows the outcome. */
  async syncNow(): Promise<void> {
    const sync = this.client();
    if (sync === undefined) return;
    this.busy = true;
    this.showStatus();
    try {
      await sync.once();
      this.lastSyncAt = new Date().toISOString();
      this.lastError = undefined;
    } catch (error) {
      this.lastError = describeSyncError(error);
    } finally {
      this.busy = false;
      // The storage line is current by the time the status says the sync is done.
      await this.handlers.onPulled().catch(() => undefined);
      await this.showStatus();
    }
  }

  private applyLive(): void {
    this.save();
    const sync = this.client();
    if (sync === undefined) return;
    if (this.live.checked) sync.start();
    else sync.stop();
    void this.showStatus();
  }

  private save(): void {
    const settings: SyncSettings = {
      url: this.url.value.trim(), username: this.username.value.trim(), password: this.password.value, live: this.live.checked, lazy: this.lazy.checked,
    };
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  }

  /** The client for the URL and credentials in the form (a new one when they changed). */
  private client(): CouchSync | undefined {
    this.save();
    const url = this.url.value.trim();
    if (!/^https?:\/\//.test(url)) {
      this.lastError = { summary: 'Enter the http(s) URL of a CouchDB database first.', details: [] };
      void this.showStatus();
      return undefined;
    }
    const key = JSON.stringify([url, this.username.value.trim(), this.password.value, this.lazy.checked]);
    if (this.sync !== undefined && key === this.syncKey) return this.sync;
    this.sync?.stop();
    const headers: Record<string, string> = this.username.value.trim() === ''
      ? {}
      : { authorization: `Basic ${btoa(`${this.username.value.trim()}:${this.password.value}`)}` };
    this.sync = undefined;
    try {
      this.sync = createCouchSync(this.store as SyncStore, { url, headers, deviceId: deviceId(), attachments: this.lazy.checked ? 'lazy' : 'eager' });
    } catch (error) {
      // e.g. invalid_option: a user name or password typed into the URL instead of the fields below it.
      this.lastError = describeSyncError(error);
      void this.showStatus();
      return undefined;
    }
    this.syncKey = key;
    this.sync.subscribe((event) => this.onEvent(event));
    return this.sync;
  }

  private onEvent(event: SyncEvent): void {
    if (event.type === 'idle') {
      this.lastSyncAt = event.at;
      this.lastError = undefined;
    } else if (event.type === 'error') {
      const text = describeSyncError(event.error);
      this.lastError = event.retryInMs === undefined ? text : { ...text, summary: `${text.summary} Retrying in ${Math.round(event.retryInMs / 1000)} s.` };
    } else if (event.type === 'progress' && event.direction === 'push') {
      this.lastSyncAt = new Date().toISOString();
    } else if (event.type === 'progress' && event.direction === 'pull' && (event.entries > 0 || event.conversations > 0)) {
      void this.handlers.onPulled().catch(() => undefined);
    }
    void this.showStatus();
  }

  private async showStatus(): Promise<void> {
    // "Syncing…" shows at once (a click on Sync now changes the state before any request); a
    // finished state shows with its pending count, read from the checkpoint. A newer render wins.
    const render = ++this.renders;
    if (this.busy) {
      this.status.dataset.state = 'syncing';
      this.status.textContent = 'Syncing…';
      return;
    }
    const parts = [this.lastError !== undefined ? this.lastError.summary
      : this.lastSyncAt !== undefined ? `Synced at ${new Date(this.lastSyncAt).toLocaleTimeString()}.`
      : 'Not synced yet.'];
    if (this.sync !== undefined) {
      try {
        const pending = await this.sync.pendingCount();
        parts.push(pending === 0 ? 'Nothing pending.' : `${pending} ${pending === 1 ? 'entry' : 'entries'} not yet on the server.`);
      } catch {
        // the checkpoint cannot be read while the server is unreachable: the error above says so
      }
      if (this.sync.live) parts.push('Live.');
    }
    if (render !== this.renders) return;
    this.status.textContent = parts.join(' ');
    this.showErrorDetails();
    this.status.dataset.state = this.lastError !== undefined ? 'error' : this.lastSyncAt !== undefined ? 'synced' : 'idle';
  }

  /** The technical details of the last error (status, server's words), folded under the status line. */
  private showErrorDetails(): void {
    const details = this.lastError?.details ?? [];
    this.errorDetails.hidden = details.length === 0;
    const key = details.join('\n');
    if (this.errorDetails.dataset.key === key) return; // an open disclosure stays open across renders
    this.errorDetails.dataset.key = key;
    this.errorDetails.replaceChildren(h('summary', { text: 'Details' }), h('ul', {}, ...details.map((line) => h('li', { text: line }))));
  }
}
