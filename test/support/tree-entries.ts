// Branched log entries for tests: each entry names the parent the test chooses.
import type { CompactionEntry, Entry, MessageEntry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';

/** Builds a tree of one conversation's entries; `seq` counts up in the order the test writes. */
export interface TreeFactory {
  message(id: string, parentId: string | null, message: Message): MessageEntry;
  compaction(id: string, parentId: string | null, firstKeptId: string, summary?: string): CompactionEntry;
  readonly all: Entry[];
}

export function treeFactory(): TreeFactory {
  const all: Entry[] = [];
  const base = (id: string, parentId: string | null) => {
    const seq = all.length + 1;
    return { id, conversationId: 'c', seq, timestamp: new Date(seq * 1000).toISOString(), parentId };
  };
  return {
    all,
    message(id, parentId, message) {
      const entry: MessageEntry = { type: 'message', ...base(id, parentId), message };
      all.push(entry);
      return entry;
    },
    compaction(id, parentId, firstKeptId, summary = `summary ${id}`) {
      const entry: CompactionEntry = { type: 'compaction', ...base(id, parentId), summary, firstKeptId };
      all.push(entry);
      return entry;
    },
  };
}
