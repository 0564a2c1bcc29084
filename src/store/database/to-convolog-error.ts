import { ConvologError, isConvologError } from '../../core/error.js';
import { closedError } from './closed-error.js';
import { errorName } from './error-name.js';

/**
 * Maps what IndexedDB (or idb) threw to a {@link ConvologError}; a ConvologError passes through.
 * `operation` names what was being done, for the message.
 * @internal
 */
export function toConvologError(error: unknown, operation: string): ConvologError {
  if (isConvologError(error)) return error;
  const name = errorName(error);
  const reason = error instanceof Error || isDomException(error) ? (error as Error).message : String(error);
  switch (name) {
    case 'QuotaExceededError':
      return new ConvologError({
        code: 'quota_exceeded',
        message: `${operation} failed: the browser's storage quota for this site is used up; nothing was written. ` +
          'Free space (delete or export old conversations) or call requestPersistence(), then retry.',
        cause: error,
      });
    case 'VersionError':
      return new ConvologError({
        code: 'database_too_new',
        message: `${operation} failed: the database on this device was written by a newer version of the app. ` +
          'Reload to get the newer version (an older build never reads newer records).',
        cause: error,
      });
    case 'ConstraintError':
      return new ConvologError({
        code: 'duplicate_id',
        message: `${operation} failed: an id is already in use in this store (${reason}); nothing was written. ` +
          'If you pass generateId to openStore, make it return unique ids.',
        cause: error,
      });
    case 'DataError':
      // A key or key range IndexedDB refuses: convolog built it (callers' ids and cursors are checked first).
      return new ConvologError({
        code: 'internal_error',
        message: `${operation} failed: IndexedDB refused a key or key range convolog built (DataError: ${reason}); nothing was written. ` +
          'A bug in convolog, not in storage: please report it.',
        cause: error,
        details: { name },
      });
    case 'InvalidStateError':
      return closedError('terminated', `${operation} failed: the database connection was closing (${reason}); nothing was written. ` +
        'Call again: the store opens a fresh connection.', error);
    default:
      return new ConvologError({
        code: 'storage_unavailable',
        message: `${operation} failed: IndexedDB refused it (${name ?? 'error'}: ${reason}). ` +
          'Storage may be disabled (some private modes) or failing; nothing was written.',
        cause: error,
        details: { name },
      });
  }
}

function isDomException(error: unknown): boolean {
  return typeof DOMException !== 'undefined' && error instanceof DOMException;
}
