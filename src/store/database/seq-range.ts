/** The key range of one conversation's entries with `from <= seq <= to`. @internal */
export function seqRange(keyRange: typeof IDBKeyRange, id: string, from: number, to: number): IDBKeyRange {
  return keyRange.bound([id, from], [id, to]);
}
