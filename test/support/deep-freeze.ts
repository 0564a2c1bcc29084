/**
 * Freezes a value and everything it holds, so any write by the code under test throws: how the
 * tests prove that a function never mutates its input.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
