/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes every item as an argument
 * and throws `RangeError` past about 120,000 of them (V8), a size a hostile or just very long export
 * reaches: a converter never spreads input-sized data into a call.
 * @internal
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
