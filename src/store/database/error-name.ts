/**
 * The `name` of what IndexedDB threw (`'QuotaExceededError'`, `'InvalidStateError'`, …), which is
 * how DOMExceptions tell their kind; `undefined` for anything without a string name.
 * @internal
 */
export function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}
