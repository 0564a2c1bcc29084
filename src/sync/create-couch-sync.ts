import { v4 as uuidv4 } from 'uuid';
import { ConvologError } from '../core/error.js';
import { createCouchClient } from './couch-client.js';
import { pullChanges, type PullResult } from './pull-changes.js';
import { pushChanges } from './push-changes.js';
import { serverAttachmentFetcher } from './server-attachment-fetcher.js';
import { setupDatabase } from './setup-database.js';
import type { SyncEvent } from './sync-event.js';
import { createLiveMode } from './live-mode.js';
import { onceBothWays } from './once-both-ways.js';
import { pendingCount } from './pending-count.js';
import { createSerial } from './serial.js';
import { createSyncSession, type SyncSession } from './sync-session.js';
import type { SyncStore } from './sync-store.js';

/** Options of {@link createCouchSync}. */
export interface CouchSyncOptions {
  /** The user's database, e.g. `https://couch.example.com/userdb-616c696365`. */
  url: string;
  /** The `fetch` to use (default: the global one), e.g. one that adds a session cookie or counts requests. */
  fetch?: typeof fetch;
  /** Sent with every request, e.g. `{ authorization: 'Basic ' + btoa('alice:secret') }`. */
  headers?: Record<string, string>;
  /**
   * The documents come from the app's own devices only: keep provider data and escape-hatch
   * content. Default `false`: pulled messages pass `retainPortableContent`, as an untrusted import.
   */
  trusted?: boolean;
  /** Documents per `_bulk_docs` and `_changes` request. Default 500. */
  batchSize?: number;
  /**
   * This device's name for its checkpoint on the server (`_local/convolog-sync-<deviceId>`). Keep it
   * with the store (e.g. in `localStorage`, one per profile) so a reload resumes where the last sync
   * stopped; never share one between two devices. Default: a fresh UUID, so a new client starts a
   * full (idempotent) sync.
   */
  deviceId?: string;
  /** Live mode's first retry delay after a failure, doubling up to `maxRetryMs`. Default 1000. */
  initialRetryMs?: number;
  /** Default 60000. */
  maxRetryMs?: number;
  /**
   * When a pull brings the bytes of the pictures and files its entries reference. `'eager'`
   * (default): before it merges them, so a synced chat shows its pictures offline. `'lazy'`: the
   * pull only checks that the server holds them (one request per batch and conversation) and
   * keeps the references; `store.getAttachment` (so `resolveAttachments`, `useAttachment`, and
   * exports with attachments) fetches each when first needed, checks it against its id and stores
   * it. For a new device whose chats hold gigabytes of pictures: the chats appear at once, and
   * only pictures shown are downloaded. Offline, a picture not shown before is a `sync_failed`
   * from `getAttachment` (retry when online).
   *
   * @example
   * const sync = createCouchSync(store, { url, headers, deviceId, attachments: 'lazy' })
   * await sync.once() // the chats, no picture bytes
   * const blob = await store.getAttachment(source.id) // fetched now, then stored here
   */
  attachments?: 'eager' | 'lazy';
}

/** Syncs a store with one CouchDB database (DESIGN §13). */
export interface CouchSync {
  /** Creates the database if missing and installs the design document that keeps entries write-once (needs admin rights). */
  setup(): Promise<void>;
  /** Sends local changes: `written` documents new on the server. */
  push(): Promise<{ written: number }>;
  /** Applies remote changes: entries added and conversations created, renamed or deleted here. */
  pull(): Promise<PullResult>;
  /** Push, then pull, then one checkpoint save. */
  once(): Promise<{ written: number } & PullResult>;
  /** Live mode: syncs now, then follows the `_changes` long poll and pushes local changes as they happen; retries with backoff. */
  start(options?: { signal?: AbortSignal }): void;
  /** Leaves live mode: aborts the long poll and any retry wait. */
  stop(): void;
  /** Whether live mode is on. */
  readonly live: boolean;
  /** Local entries not yet on the server (for a "pending" badge). */
  pendingCount(): Promise<number>;
  /** Listens to progress, warnings, errors and idle. Returns the unsubscribe function. */
  subscribe(listener: (event: SyncEvent) => void): () => void;
}

/**
 * Syncs the store's conversations through a CouchDB database: one write-once document per entry,
 * one metadata document per conversation, checkpoints in `_local/`.
 *
 * @example
 * const sync = createCouchSync(store, { url: 'https://couch.example.com/userdb-616c696365',
 *   headers: { authorization: `Basic ${btoa('alice:secret')}` }, deviceId: localStorage.deviceId })
 * sync.subscribe((event) => { if (event.type === 'error') showSyncError(event.error.message) })
 * sync.start() // live; or `await sync.once()` on a button
 */
export function createCouchSync(store: SyncStore, options: CouchSyncOptions): CouchSync {
  checkOptions(options);
  const listeners = new Set<(event: SyncEvent) => void>();
  const session = createSyncSession({
    store,
    client: createCouchClient({ url: options.url, ...(options.fetch === undefined ? {} : { fetch: options.fetch }), ...(options.headers === undefined ? {} : { headers: options.headers }) }),
    deviceId: options.deviceId ?? uuidv4(),
    batchSize: options.batchSize ?? 500,
    trusted: options.trusted ?? false,
    lazy: options.attachments === 'lazy',
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
  });
  // Lives as long as the store's subscription does (closing the store ends it).
  watchDeletions(session);
  // As long as the store: references a lazy pull kept stay fetchable after this client is dropped.
  if (session.lazy) store.addAttachmentFetcher(serverAttachmentFetcher(session));
  const serial = createSerial();
  const live = createLiveMode(session, serial, { initialMs: options.initialRetryMs ?? 1000, maxMs: options.maxRetryMs ?? 60_000 });
  const sync: CouchSync = {
    setup: () => setupDatabase(session.client),
    push: () => serial.push(() => pushChanges(session, { saveLast: true })),
    pull: () => live.interruptPoll(() => serial.pull(() => pullChanges(session, { saveLast: true }))),
    once: () => live.interruptPoll(() => onceBothWays(session, serial)),
    start: (startOptions) => live.start(startOptions?.signal),
    stop: () => live.stop(),
    get live() {
      return live.running;
    },
    pendingCount: () => pendingCount(session),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return sync;
}

function checkOptions(options: CouchSyncOptions): void {
  const url = typeof options?.url === 'string' && /^https?:\/\//.test(options.url) ? parseUrl(options.url) : undefined;
  if (url === undefined) throw new TypeError('createCouchSync: `url` must be the http(s) URL of a CouchDB database');
  // fetch refuses such a URL (with the URL, password included, in its error), and it would travel in every error and log.
  if (url.username !== '' || url.password !== '') {
    throw new ConvologError({
      code: 'invalid_option',
      message: 'createCouchSync: the `url` carries a user name or password, which fetch refuses and errors would repeat. '
        + 'Remove them from the URL and send them in `headers`, e.g. `headers: { authorization: `Basic ${btoa(`${user}:${password}`)}` }` '
        + '(or a `fetch` that adds a session cookie).',
      details: { option: 'url' },
    });
  }
  if (options.attachments !== undefined && options.attachments !== 'eager' && options.attachments !== 'lazy') {
    throw new TypeError('createCouchSync: `attachments` must be \'eager\' or \'lazy\'');
  }
  if (options.batchSize !== undefined && (!Number.isInteger(options.batchSize) || options.batchSize < 1)) {
    throw new RangeError('createCouchSync: `batchSize` must be a positive integer');
  }
}

// Not URL.parse: older browsers (Safari before 18) lack it.
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A conversation deleted here (after it was synced) needs its tombstone pushed. */
function watchDeletions(session: SyncSession): void {
  session.store.subscribe((change) => {
    if (change.type !== 'conversation_deleted') return;
    void session.checkpoint().then((checkpoint) => {
      const known = checkpoint.metadata[change.conversationId];
      if (known !== undefined && known.deleted !== true) session.deletions.add(change.conversationId);
    }, () => undefined);
  });
}
