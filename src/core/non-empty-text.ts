/**
 * `value` when it is a string of at least one character, else `undefined`: what providers send
 * for an id, a model or a finish reason may be absent, `null` or `''`, and each means none.
 * @internal
 */
export function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
