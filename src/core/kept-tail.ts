import type { CompactionEntry, Entry, MessageEntry } from './entry.js';

/** What {@link keptTail} selects: the compaction in force (if any) and the message entries sent verbatim. */
export interface KeptTail {
  compaction?: CompactionEntry;
  entries: MessageEntry[];
}

/**
 * The message entries `buildContext` sends, with their ids, and the compaction in force.
 *
 * Without a compaction, every message entry in log order. Otherwise the **last** compaction
 * wins: every message entry from the one whose id is its `firstKeptId` to the end of the log
 * (entries after the compaction entry included); if no message entry has that id, the message
 * entries after the compaction entry. An app plans its own cut over `entries` and names the
 * chosen entry's id as the next `firstKeptId`.
 *
 * @example
 * const { entries } = keptTail(log)
 * const cut = planCut(entries.map((entry) => entry.message), 20_000)
 * const firstKeptId = cut === null ? undefined : entries[cut]?.id
 */
export function keptTail(entries: readonly Entry[]): KeptTail {
  const compactionIndex = lastCompactionIndex(entries);
  if (compactionIndex < 0) return { entries: messageEntriesFrom(entries, 0) };
  const compaction = entries[compactionIndex] as CompactionEntry;
  const keptIndex = indexOfMessage(entries, compaction.firstKeptId);
  const start = keptIndex < 0 ? compactionIndex + 1 : keptIndex;
  return { compaction, entries: messageEntriesFrom(entries, start) };
}

function lastCompactionIndex(entries: readonly Entry[]): number {
  for (let index = entries.length - 1; index >= 0; index--) {
    if ((entries[index] as Entry).type === 'compaction') return index;
  }
  return -1;
}

function indexOfMessage(entries: readonly Entry[], id: string): number {
  return entries.findIndex((entry) => entry.type === 'message' && entry.id === id);
}

function messageEntriesFrom(entries: readonly Entry[], start: number): MessageEntry[] {
  const selected: MessageEntry[] = [];
  for (let index = start; index < entries.length; index++) {
    const entry = entries[index] as Entry;
    if (entry.type === 'message') selected.push(entry);
  }
  return selected;
}
