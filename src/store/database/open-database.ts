import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { ConvologError } from '../../core/error.js';
import { abortedError } from './aborted-error.js';
import { DATABASE_VERSION, runMigrations, type ConvologDatabase } from './schema.js';
import { toConvologError } from './to-convolog-error.js';

const OPERATION = 'Opening the database';

/** @internal */
export interface OpenDatabaseOptions {
  name: string;
  factory: IDBFactory;
  /** The factory's IDBKeyRange, for migrations that read in ranges. */
  keyRange: typeof IDBKeyRange;
  signal?: AbortSignal;
  onBlocked?: () => void;
  /** Told the version found on disk when the open upgrades (0: the database did not exist). */
  onUpgrade?: (oldVersion: number) => void;
}

/**
 * Opens (creating or upgrading) the database through `factory` and wraps it with idb. An open
 * blocked by another tab calls `onBlocked` and rejects with `blocked` when `signal` aborts; a
 * newer database on disk rejects with `database_too_new`.
 * @internal
 */
export function openDatabase(options: OpenDatabaseOptions): Promise<ConvologDatabase> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortedError(OPERATION, signal));
  let request: IDBOpenDBRequest;
  try {
    request = options.factory.open(options.name, DATABASE_VERSION);
  } catch (error) {
    return Promise.reject(toConvologError(error, OPERATION));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let wasBlocked = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = (): void => finish(() => reject(wasBlocked ? blockedError(options.name) : abortedError(OPERATION, signal)));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.onupgradeneeded = (event) => {
      options.onUpgrade?.(event.oldVersion);
      upgrade(request, event.oldVersion, options.keyRange);
    };
    request.onblocked = () => {
      wasBlocked = true;
      options.onBlocked?.();
    };
    request.onsuccess = () => {
      const database = request.result;
      // Given up on (the signal aborted) while the open was pending: let the other tab proceed.
      if (settled) return database.close();
      finish(() => resolve(wrap(database) as unknown as ConvologDatabase));
    };
    request.onerror = () => finish(() => reject(toConvologError(request.error, OPERATION)));
  });
}

function upgrade(request: IDBOpenDBRequest, oldVersion: number, keyRange: typeof IDBKeyRange): void {
  const transaction = request.transaction!;
  try {
    runMigrations(
      wrap(request.result) as unknown as IDBPDatabase<unknown>,
      wrap(transaction) as unknown as IDBPTransaction<unknown, string[], 'versionchange'>,
      oldVersion,
      keyRange,
    );
  } catch (error) {
    // A failed migration must leave the old version as it was: abort the upgrade.
    transaction.abort();
    throw error;
  }
}

function blockedError(name: string): ConvologError {
  return new ConvologError({
    code: 'blocked',
    message: `Opening the database "${name}" was blocked: another tab keeps an older version open and did not close it. ` +
      'Ask the user to close or reload the other tabs of this app, then retry.',
  });
}
