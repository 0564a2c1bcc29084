import type { HistoryIssue } from './history-issue.js';

/** Every code a {@link ConvologError} can carry. Stable: match on these, never on messages. */
export type ConvologErrorCode =
  | 'not_found'
  | 'duplicate_id'
  | 'invalid_message'
  | 'pairing'
  | 'invalid_cut'
  | 'conflict'
  | 'invalid_history'
  | 'unsupported_version'
  | 'unknown_content_type'
  | 'system_field'
  | 'invalid_app_data'
  | 'too_large'
  | 'corrupt_entry'
  | 'quota_exceeded'
  | 'storage_unavailable'
  | 'database_too_new'
  | 'blocked'
  | 'closed'
  | 'incomplete_stream'
  | 'aborted'
  | 'sync_failed'
  | 'invalid_cursor'
  /** An adapter was given an `attachment` media source: call `resolveAttachments` first. */
  | 'unresolved_attachment'
  /** An adapter was given media its provider cannot take (e.g. a Word file for Chat Completions); `details` names the message and media type. */
  | 'unsupported_media_type'
  /** A ZIP import that is empty, no ZIP, cut off, or tampered with; `details.reason` says which (`empty`, `not_zip`, `truncated`, `entry_name`, `size_mismatch`, `unsupported`, `missing_entry`, `corrupt`). */
  | 'invalid_archive'
  /** An import's attachment bytes that do not hash (SHA-256) to their id, or not to their size. */
  | 'attachment_mismatch'
  /** An option that cannot be used as given (e.g. credentials in `createCouchSync`'s `url`); `details.option` names it. */
  | 'invalid_option'
  /** IndexedDB refused a key or key range convolog built (a `DataError`): a bug in convolog, never storage. */
  | 'internal_error';

/** What a {@link ConvologError} is built from: everything but `name`. */
export interface ConvologErrorInit {
  code: ConvologErrorCode;
  message: string;
  path?: (string | number)[];
  issues?: HistoryIssue[];
  details?: Record<string, unknown>;
  cause?: unknown;
}

// A registry symbol, so a ConvologError from one bundled copy of the library is recognized by another.
const BRAND = Symbol.for('convolog.error');

/**
 * The one error class of convolog. `code` is stable; `message` says what happened and what to do.
 *
 * @example
 * try { parseHistory(text) } catch (error) {
 *   if (isConvologError(error, 'unsupported_version')) showUpgradeHint()
 * }
 */
export class ConvologError extends Error {
  override readonly name = 'ConvologError' as const;
  // `declare`: the constructor sets these, and only those given, so they need no field initializers.
  declare readonly code: ConvologErrorCode;
  declare readonly path?: (string | number)[];
  declare readonly issues?: HistoryIssue[];
  declare readonly details?: Record<string, unknown>;

  constructor({ message, cause, ...fields }: ConvologErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    // `code`, and of `path`, `issues` and `details` those given.
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) (this as Record<string, unknown>)[key] = value;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * Whether `value` is a {@link ConvologError} (optionally with the given `code`), also when it
 * was thrown by another bundled copy of convolog.
 */
export function isConvologError(value: unknown, code?: ConvologErrorCode): value is ConvologError {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as Record<symbol, unknown>)[BRAND] !== true) return false;
  return code === undefined || (value as ConvologError).code === code;
}
