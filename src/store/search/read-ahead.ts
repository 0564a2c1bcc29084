/**
 * The items of `source` in order, each with what `fetch` gives for it, `fetch` being called for up
 * to `window` items ahead of the one given out: their reads are in flight together instead of one
 * round trip after the other (a page's hits, DESIGN §17.15). What is fetched ahead and never
 * given out (the caller stopped) is dropped, its failure too.
 * @internal
 */
export async function* readAhead<Item, Fetched>(
  source: AsyncIterator<Item>, window: number, fetch: (item: Item) => Promise<Fetched>,
): AsyncGenerator<[Item, Promise<Fetched>]> {
  const queue: Array<[Item, Promise<Fetched>]> = [];
  let ended = false;
  for (;;) {
    while (!ended && queue.length < window) {
      const next = await source.next();
      if (next.done === true) {
        ended = true;
        break;
      }
      const fetched = fetch(next.value);
      fetched.catch(() => undefined);
      queue.push([next.value, fetched]);
    }
    const head = queue.shift();
    if (head === undefined) return;
    yield head;
  }
}
