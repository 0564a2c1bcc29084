import { type ConvologError, isConvologError } from '../../src/core/error.js';

/**
 * What `action` throws, or `undefined` when it returns: lets a test assert on the error's fields
 * (`code`, `path`, `issues`) instead of only on its message.
 */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * The {@link ConvologError} `action` throws; fails the test when it returns or throws anything
 * else (a `TypeError` where a clear error was promised is the defect these tests look for).
 */
export function convologErrorThrownBy(action: () => unknown): ConvologError {
  const error = thrownBy(action);
  if (isConvologError(error)) return error;
  throw new Error(error === undefined ? 'returned instead of throwing a ConvologError' : `threw ${String(error)}, not a ConvologError`);
}
