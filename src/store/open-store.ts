import { v7 } from 'uuid';
import { ChangeChannel } from './changes/change-channel.js';
import { Connection } from './database/connection.js';
import type { ConvologStore } from './convolog-store.js';
import { createStoreApi } from './create-store-api.js';
import { openDatabase } from './database/open-database.js';
import { DEFAULT_STORE_NAME, type OpenStoreOptions } from './open-store-options.js';
import { assertIdbGlobals, resolveFactory, resolveKeyRange } from './database/resolve-factory.js';
import type { StoreContext } from './database/store-context.js';
import type { ConvologDatabase } from './database/schema.js';
import type { AttachedJournal } from './journal/attach-journal.js';
import { SearchIndexer } from './database/search-indexer.js';
import { DEFAULT_INLINE_MEDIA_LIMIT } from './attachments/inline-media.js';
import { defaultJournalBackend } from './journal/default-journal-backend.js';
import type { JournalBackend } from './journal/journal-storage.js';
import { journalByDefault } from './journal/journal-by-default.js';
import { holdLock, journalLockName } from './journal/journal-lock.js';
import { openJournal, startJournalStorage } from './journal/open-journal.js';
import { reopenDropped } from './journal/reopen-dropped.js';
import { scheduleSearchIndexing } from './search/index-scheduler.js';
import type { OpenReport } from './types/open-report.js';

const DURABILITIES: readonly IDBTransactionDurability[] = ['strict', 'relaxed', 'default'];

/**
 * Opens (creating or upgrading) the conversation store in IndexedDB.
 *
 * Throws `storage_unavailable` (no IndexedDB, or refused), `database_too_new` (written by a newer
 * build), `blocked` (another tab blocks the upgrade and `signal` aborted).
 *
 * @example
 * const store = await openStore()
 * const { id } = await store.createConversation({ title: 'Trip to Oslo' })
 * await store.append(id, [user('What should I pack?')])
 * const reply = await callModel(await store.context(id))
 */
export function openStore(options: OpenStoreOptions = {}): Promise<ConvologStore> {
  return openStoreWith(options, {});
}

/** What only the library's own benchmarks may change about a store. @internal */
export interface InternalStoreOptions {
  /** `false`: writes store no search keys (to measure what indexing costs an append). Default `true`. */
  searchIndex?: boolean;
  /** Where the reset marker and the journal live (DESIGN §21); `null`: nowhere. Default: OPFS, else `localStorage`. */
  journalBackend?: JournalBackend | null;
  /** Roll the journal into a snapshot once its segments reach this many bytes (tests use 1). */
  journalRollBytes?: number;
  /** `false`: the search indexer runs only on `flushSearchIndex` (tests that count what is pending). Default `true`. */
  backgroundIndexing?: boolean;
  /** Awaited by the search indexer between a batch's read and its write (tests: another tab writes there). */
  beforeIndexWrite?: () => Promise<void>;
  /** `false`: the search indexer takes no Web Lock, as where `navigator.locks` is missing (tests of two indexers at once). */
  indexLocks?: boolean;
  /** Entries per search indexer batch (tests use a few, so batches follow one another in a small chat). Default 4,000 (INDEX_BATCH). */
  indexBatch?: number;
  /** Starts the journal worker (tests give one that fails or dies); `null`: the main thread writes the journal. */
  journalWorker?: (() => Worker) | null;
  /** `flush()` each batch the journal worker appends; default: when `durability` is `'strict'` (benchmarks compare). */
  journalFlush?: boolean;
  /** How long the journal worker may take to answer before it is taken for hung (tests shorten it). */
  journalWorkerPatienceMs?: number;
}

/** {@link openStore} with {@link InternalStoreOptions}; not exported from the package. @internal */
export async function openStoreWith(options: OpenStoreOptions, internal: InternalStoreOptions): Promise<ConvologStore> {
  const name = options.name ?? DEFAULT_STORE_NAME;
  const durability = options.durability ?? 'strict';
  if (!DURABILITIES.includes(durability)) {
    // A typo in the options is the caller's bug, not a storage failure.
    throw new TypeError(`openStore: unknown durability "${String(durability)}": use 'strict', 'relaxed' or 'default'.`);
  }
  const factory = resolveFactory(options.indexedDB);
  const keyRange = resolveKeyRange(options.IDBKeyRange);
  assertIdbGlobals();
  let created = false;
  let releaseLock: (() => void) | undefined;
  // `onCreated` runs in the upgrade that creates the database, before any other tab's open can
  // complete: it takes the journal's lock, so none rolls the journal until the restore is done.
  const open = (signal?: AbortSignal, onCreated?: () => void) => openDatabase({
    name, factory, keyRange, ...(signal === undefined ? {} : { signal }), ...(options.onBlocked === undefined ? {} : { onBlocked: options.onBlocked }),
    onUpgrade: (oldVersion) => {
      if (oldVersion === 0) onCreated?.();
    },
  });
  const inlineMediaLimit = options.inlineMediaLimit ?? DEFAULT_INLINE_MEDIA_LIMIT;
  if (typeof inlineMediaLimit !== 'number' || !(inlineMediaLimit >= 0)) {
    throw new TypeError(`openStore: inlineMediaLimit must be a number of bytes, 0 or more (got ${String(inlineMediaLimit)}).`);
  }
  const indexer = new SearchIndexer(internal.searchIndex ?? true, internal.beforeIndexWrite, internal.indexLocks ?? true, internal.indexBatch);
  const now = options.now ?? (() => new Date());
  const backend = internal.journalBackend === null ? undefined : internal.journalBackend ?? defaultJournalBackend();
  const storage = startJournalStorage(backend, name);
  storage?.catch(() => undefined); // a refusal is reported by openJournal, even if the database open fails first
  // A folder given by the caller (tests) is one to journal into; otherwise Chromium-based engines journal.
  const journalOn = options.journal ?? (internal.journalBackend != null || journalByDefault());
  // The journal's writer, roller and catch-up load only where it is on, while the database opens.
  const journalCode = journalOn && storage !== undefined ? import('./journal/attach-journal.js') : undefined;
  journalCode?.catch(() => undefined); // reported below, once the store has a report to put it in
  try {
    const database = await open(options.signal, () => {
      created = true;
      releaseLock = holdLock(journalLockName(name));
    });
    const journal = await openJournal({ database: name, created, storage, restores: journalOn });
    const code = await loadJournalCode(journalCode, journal.report);
    const changes = new ChangeChannel(name);
    let journaled: AttachedJournal | undefined;
    // A reconnect that had to create the database: the browser dropped it mid-session (DESIGN §21).
    const reconnect = async (): Promise<ConvologDatabase> => {
      let release: (() => void) | undefined;
      const reopened = await open(undefined, () => {
        release = holdLock(journalLockName(name));
      });
      if (release === undefined) return reopened;
      try {
        await reopenDropped({ name, database: reopened, storage, journalOn, journal: journaled, changes });
      } finally {
        release();
      }
      return reopened;
    };
    const connection = new Connection(reconnect, (reason) => changes.closed(reason));
    connection.adopt(database);
    const context: StoreContext = { name, connection, changes, durability, keyRange, now, generateId: options.generateId ?? v7, inlineMediaLimit, indexer };
    journaled = await code?.attachJournal(context, journal, journalOn,
      { rollBytes: internal.journalRollBytes, startWorker: internal.journalWorker, flush: internal.journalFlush,
        appClock: options.now !== undefined, workerPatienceMs: internal.journalWorkerPatienceMs });
    const store = createStoreApi(context, journal.report, journaled);
    // The search indexer runs in the background after writes settle (DESIGN §17); off with indexing off (the benchmark's baseline).
    if (indexer.enabled) indexer.follow(changes);
    if (indexer.enabled && internal.backgroundIndexing !== false) scheduleSearchIndexing(context);
    if (journal.report.reset) changes.announceReset({ type: 'database_reset', report: journal.report });
    return store;
  } finally {
    releaseLock?.();
  }
}

type JournalCode = typeof import('./journal/attach-journal.js');

/**
 * The journal's code once loaded; `undefined` without it (the journal is off, or its chunk failed
 * to load: offline and not cached), and then the store opens unjournaled and the report says why.
 * A reset found meanwhile stays marked as unrestored, so the next open that has the code restores it.
 */
async function loadJournalCode(code: Promise<JournalCode> | undefined, report: OpenReport): Promise<JournalCode | undefined> {
  if (code === undefined) return undefined;
  try {
    return await code;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report.issues.push({ code: 'journal_write_failed', message: `The journal's code did not load (${message}); this session is not journaled${report.reset ? ', and the restore waits for the next open' : ''}.` });
    return undefined;
  }
}
