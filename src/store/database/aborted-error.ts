import { ConvologError } from '../../core/error.js';

/**
 * The `aborted` error of a store operation stopped by its `AbortSignal` (`cause`: the signal's
 * reason). `operation` names it, e.g. `'The import'`.
 * @internal
 */
export function abortedError(operation: string, signal: AbortSignal | undefined): ConvologError {
  return new ConvologError({
    code: 'aborted',
    message: `${operation} was aborted by its signal; nothing was written. Call it again to retry.`,
    cause: signal?.reason,
  });
}

/** Throws {@link abortedError} when `signal` has aborted. @internal */
export function throwIfAborted(operation: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(operation, signal);
}
