/**
 * Whether `value` is a JSON object: not an array, not `null`. Untrusted input can hold anything
 * where a record belongs, and tool input and provider state must be objects.
 * @internal
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
