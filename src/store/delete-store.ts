import { toConvologError } from './database/to-convolog-error.js';
import { DEFAULT_STORE_NAME, type DeleteStoreOptions } from './open-store-options.js';
import { resolveFactory } from './database/resolve-factory.js';
import { defaultJournalBackend } from './journal/default-journal-backend.js';
import { forgetJournal } from './journal/forget-journal.js';
import { afterJournalLock } from './journal/journal-lock.js';
import type { JournalBackend } from './journal/journal-storage.js';

/**
 * Deletes the whole database. Open convolog stores on it (in any tab) close with reason
 * `version_change`; a foreign connection that does not close calls `onBlocked`.
 *
 * @example
 * await deleteStore() // the user asked to forget everything
 */
export function deleteStore(options: DeleteStoreOptions = {}): Promise<void> {
  return deleteStoreWith(options, defaultJournalBackend());
}

/** {@link deleteStore} with the journal folder of the caller's choice (tests). @internal */
export async function deleteStoreWith(options: DeleteStoreOptions, backend: JournalBackend | undefined): Promise<void> {
  const name = options.name ?? DEFAULT_STORE_NAME;
  const factory = resolveFactory(options.indexedDB);
  let request: IDBOpenDBRequest;
  try {
    request = factory.deleteDatabase(name);
  } catch (error) {
    throw toConvologError(error, 'Deleting the database');
  }
  await new Promise<void>((resolve, reject) => {
    request.onsuccess = () => resolve();
    request.onerror = () => reject(toConvologError(request.error, 'Deleting the database'));
    request.onblocked = () => options.onBlocked?.();
  });
  // After the database is gone: a crash in between leaves a marker, and the next open restores (the safe side).
  await afterJournalLock(name, () => forgetJournal(backend, name));
}
