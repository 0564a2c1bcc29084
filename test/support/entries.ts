// Log entries for tests, shaped as the store writes them.
import type { CompactionEntry, MessageEntry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';

/** Builds entries of one conversation with ids the test chooses; `seq` counts up across both kinds. */
export interface EntryFactory {
  message(id: string, message: Message): MessageEntry;
  compaction(id: string, firstKeptId: string, summary?: string, tokensBefore?: number): CompactionEntry;
}

/** A fresh {@link EntryFactory}: `seq` from 1, timestamps one second apart in `toISOString` form. */
export function entryFactory(): EntryFactory {
  let seq = 0;
  let previous: string | null = null;
  // Linear by default: each entry follows the one made before it.
  const next = (id: string) => {
    seq++;
    const parentId = previous;
    previous = id;
    return { id, conversationId: 'c', seq, timestamp: new Date(seq * 1000).toISOString(), parentId };
  };
  return {
    message: (id, message) => ({ type: 'message', ...next(id), message }),
    compaction: (id, firstKeptId, summary = `summary ${id}`, tokensBefore) => {
      const entry: CompactionEntry = { type: 'compaction', ...next(id), summary, firstKeptId };
      if (tokensBefore !== undefined) entry.tokensBefore = tokensBefore;
      return entry;
    },
  };
}

/** One message entry per message, with id `m<index>` so a test can name an entry by its message's index. */
export function messageEntries(messages: readonly Message[]): MessageEntry[] {
  const factory = entryFactory();
  return messages.map((message, index) => factory.message(`m${index}`, message));
}
