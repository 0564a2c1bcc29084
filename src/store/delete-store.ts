import { toConvologError } from './database/to-convolog-error.js';
import { DEFAULT_STORE_NAME, type DeleteStoreOptions } from './open-store-options.js';
import { resolveFactory } from './database/resolve-factory.js';

/**
 * Deletes the whole database. Open convolog stores on it (in any tab) close with reason
 * `version_change`; a foreign connection that does not close calls `onBlocked`.
 *
 * @example
 * await deleteStore() // the user asked to forget everything
 */
export async function deleteStore(options: DeleteStoreOptions = {}): Promise<void> {
  const factory = resolveFactory(options.indexedDB);
  let request: IDBOpenDBRequest;
  try {
    request = factory.deleteDatabase(options.name ?? DEFAULT_STORE_NAME);
  } catch (error) {
    throw toConvologError(error, 'Deleting the database');
  }
  await new Promise<void>((resolve, reject) => {
    request.onsuccess = () => resolve();
    request.onerror = () => reject(toConvologError(request.error, 'Deleting the database'));
    request.onblocked = () => options.onBlocked?.();
  });
}
