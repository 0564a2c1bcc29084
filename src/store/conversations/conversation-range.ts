/** Every key of one conversation in `entries` or `toolCalls` ([id, number] and [id, string] keys). @internal */
export function conversationRange(keyRange: typeof IDBKeyRange, id: string): IDBKeyRange {
  // Arrays sort after every number and string, so [id, []] bounds both kinds of second key.
  return keyRange.bound([id], [id, []], false, true);
}
