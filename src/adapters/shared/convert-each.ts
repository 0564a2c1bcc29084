/**
 * Converts the blocks or parts of a message with their index (what warnings point at), leaving
 * out those `convert` has nothing to send for: it returns `undefined` and reports why. @internal
 */
export function convertEach<Item, Wire>(items: readonly Item[], convert: (item: Item, index: number) => Wire | undefined): Wire[] {
  const converted: Wire[] = [];
  for (let index = 0; index < items.length; index++) {
    const wire = convert(items[index]!, index);
    if (wire !== undefined) converted.push(wire);
  }
  return converted;
}
