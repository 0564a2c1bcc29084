import { v4 as uuidv4 } from 'uuid';
import { ConvologError, isConvologError } from '../core/error.js';
import { backoffDelay, sleep } from './backoff.js';
import { createCouchClient } from './couch-client.js';
import { listAllConversations } from './list-all-conversations.js';
import { pullChanges, type PullResult } from './pull-changes.js';
import { pushChanges } from './push-changes.js';
import { setupDatabase } from './setup-database.js';
import type { SyncEvent } from './sync-event.js';
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
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
  });
  const unsubscribeStore = watchDeletions(session);
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
  void unsubscribeStore;
  return sync;
}

function checkOptions(options: CouchSyncOptions): void {
  if (typeof options?.url !== 'string' || !/^https?:\/\//.test(options.url)) {
    throw new TypeError('createCouchSync: `url` must be the http(s) URL of a CouchDB database');
  }
  if (options.batchSize !== undefined && (!Number.isInteger(options.batchSize) || options.batchSize < 1)) {
    throw new RangeError('createCouchSync: `batchSize` must be a positive integer');
  }
}

/** Push, pull, then one checkpoint save for both: an incremental sync costs three requests. */
async function onceBothWays(session: SyncSession, serial: Serial): Promise<{ written: number } & PullResult> {
  const pushed = await serial.push(() => pushChanges(session, { saveLast: false }));
  const pulled = await serial.pull(() => pullChanges(session, { saveLast: false }));
  await session.save();
  return { ...pushed, ...pulled };
}

/** A conversation deleted here (after it was synced) needs its tombstone pushed. */
function watchDeletions(session: SyncSession): () => void {
  return session.store.subscribe((change) => {
    if (change.type !== 'conversation_deleted') return;
    void session.checkpoint().then((checkpoint) => {
      const known = checkpoint.metadata[change.conversationId];
      if (known !== undefined && known.deleted !== true) session.deletions.add(change.conversationId);
    }, () => undefined);
  });
}

async function pendingCount(session: SyncSession): Promise<number> {
  const checkpoint = await session.checkpoint();
  let pending = 0;
  for (const conversation of await listAllConversations(session.store)) {
    pending += Math.max(0, conversation.lastSeq - (checkpoint.pushed[conversation.id] ?? 0));
  }
  return pending;
}

/** One push at a time and one pull at a time (they may overlap: the long poll must not hold up a push). */
interface Serial {
  push<T>(run: () => Promise<T>): Promise<T>;
  pull<T>(run: () => Promise<T>): Promise<T>;
}

function createSerial(): Serial {
  let pushing: Promise<unknown> = Promise.resolve();
  let pulling: Promise<unknown> = Promise.resolve();
  return {
    push(run) {
      const next = pushing.then(run, run);
      pushing = next.catch(() => undefined);
      return next;
    },
    pull(run) {
      const next = pulling.then(run, run);
      pulling = next.catch(() => undefined);
      return next;
    },
  };
}

interface LiveMode {
  readonly running: boolean;
  start(signal: AbortSignal | undefined): void;
  stop(): void;
  /** Runs a pull the caller asked for: an open long poll is aborted first (it applied nothing), then resumed. */
  interruptPoll<T>(run: () => Promise<T>): Promise<T>;
}

function createLiveMode(session: SyncSession, serial: Serial, backoff: { initialMs: number; maxMs: number }): LiveMode {
  let controller: AbortController | undefined;
  let poll: AbortController | undefined;
  let unsubscribe: (() => void) | undefined;
  let pushQueued = false;
  let pushFailures = 0;

  const pushSoon = () => {
    if (controller === undefined || pushQueued) return;
    pushQueued = true;
    const signal = controller.signal;
    void serial.push(async () => {
      pushQueued = false;
      if (signal.aborted) return;
      try {
        await pushChanges(session, { saveLast: true, signal });
        pushFailures = 0;
      } catch (error) {
        if (signal.aborted) return;
        const retryInMs = backoffDelay(++pushFailures, backoff);
        session.emit({ type: 'error', error: asSyncError(error), retryInMs });
        void sleep(retryInMs, signal).then(pushSoon);
      }
    });
  };

  const loop = async (signal: AbortSignal) => {
    let failures = 0;
    while (!signal.aborted) {
      try {
        await onceBothWays(session, serial);
        failures = 0;
        session.emit({ type: 'idle', at: new Date().toISOString(), pending: await pendingCount(session) });
        poll = new AbortController();
        const pollSignal = AbortSignal.any([signal, poll.signal]);
        await serial.pull(() => pullChanges(session, { saveLast: true, longpoll: true, signal: pollSignal })).catch((error: unknown) => {
          if (!pollSignal.aborted || signal.aborted) throw error;
        });
      } catch (error) {
        if (signal.aborted) return;
        const retryInMs = backoffDelay(++failures, backoff);
        session.emit({ type: 'error', error: asSyncError(error), retryInMs });
        await sleep(retryInMs, signal);
      }
    }
  };

  const live: LiveMode = {
    get running() {
      return controller !== undefined;
    },
    start(signal) {
      if (controller !== undefined || signal?.aborted === true) return;
      controller = new AbortController();
      signal?.addEventListener('abort', () => live.stop(), { once: true });
      unsubscribe = session.store.subscribe((change) => {
        if (change.type === 'entries_appended' || change.type === 'conversation_created' || change.type === 'conversation_updated' || change.type === 'conversation_deleted') pushSoon();
      });
      void loop(controller.signal);
    },
    stop() {
      controller?.abort();
      controller = undefined;
      poll = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
    },
    async interruptPoll(run) {
      poll?.abort();
      return run();
    },
  };
  return live;
}

function asSyncError(error: unknown): ConvologError {
  if (isConvologError(error)) return error;
  return new ConvologError({ code: 'sync_failed', message: `Sync failed: ${String(error)}. The next sync resumes from the last checkpoint.`, cause: error });
}
