import { ConvologError } from '../../core/error.js';
import type { ClosedReason } from '../types/store-change.js';

/** The `closed` error, with `details.reason`. @internal */
export function closedError(reason: ClosedReason, message?: string, cause?: unknown): ConvologError {
  const why = {
    closed: 'the store was closed with close()',
    version_change: 'a newer version of the app opened the database in another tab',
    terminated: 'the browser closed the database connection',
  }[reason];
  return new ConvologError({
    code: 'closed',
    message: message ?? `The store is closed: ${why}. ` +
      (reason === 'version_change' ? 'Reload the page to use the newer version.' : 'Open it again with openStore().'),
    details: { reason },
    ...(cause === undefined ? {} : { cause }),
  });
}
