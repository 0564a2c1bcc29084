import { ConvologError } from '../../../core/error.js';

/** Why a ZIP was refused: `details.reason` of an `invalid_archive` error. */
export type InvalidArchiveReason =
  | 'empty' | 'not_zip' | 'truncated' | 'entry_name' | 'size_mismatch' | 'unsupported' | 'missing_entry' | 'corrupt' | 'not_text';

/** The `invalid_archive` error: nothing was imported, and `message` says what to do. @internal */
export function invalidArchive(reason: InvalidArchiveReason, message: string, details: Record<string, unknown> = {}, cause?: unknown): ConvologError {
  return new ConvologError({
    code: 'invalid_archive',
    message: `${message} Nothing was imported.`,
    details: { reason, ...details },
    ...(cause === undefined ? {} : { cause }),
  });
}
