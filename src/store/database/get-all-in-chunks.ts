/**
 * The most seqs one read request covers. A 50,000-entry chat read in one `getAll` held the tab's
 * other IndexedDB requests (the page opening that chat) behind one reply of 50,000 records; the
 * long-chat scenario bounds every read at 1,000 records (test/reliability/long-chat.test.ts).
 * Smaller requests issued at once are also faster in every engine: reading 50,000 records of 60
 * bytes took Chromium 875 ms in one request, 1,042 in requests of 1,000, 332 in requests of 250;
 * Firefox 1,720 / 186 / 118; WebKitGTK 814 / 297 / 368. 20,000 records of 2 KB: Chromium 2,079 /
 * 1,927 / 1,907, Firefox 1,176 / 343 / 226, WebKitGTK 1,515 / 605 / 380 (medians of 3, one run).
 * @internal
 */
export const READ_CHUNK = 250;

/**
 * The records with `from <= seq <= to`, read as requests of at most {@link READ_CHUNK} seqs, all
 * issued at once in the caller's transaction: the same consistent snapshot as one request, in
 * seq order, without one reply as large as the range. `range(from, to)` is the key range of those
 * seqs (the conversation's, or one line's of it).
 *
 * @example
 * ```ts
 * const store = transaction.objectStore('entries');
 * const records = await getAllInChunks((part) => store.getAll(part), (first, last) => seqRange(keyRange, id, first, last), 1, lastSeq);
 * ```
 * @internal
 */
export async function getAllInChunks<T>(
  getAll: (range: IDBKeyRange) => Promise<T[]>,
  range: (from: number, to: number) => IDBKeyRange,
  from: number,
  to: number,
): Promise<T[]> {
  if (from > to) return [];
  if (to - from < READ_CHUNK) return getAll(range(from, to));
  const reads: Promise<T[]>[] = [];
  for (let start = from; start <= to; start += READ_CHUNK) reads.push(getAll(range(start, Math.min(to, start + READ_CHUNK - 1))));
  return (await Promise.all(reads)).flat();
}
