import type { Entry } from '../../core/entry.js';
import type { ConversationRecord, EntryRecord } from '../database/schema.js';
import { LineTable } from './line-table.js';
import type { TreeNode } from './tree-node.js';

/**
 * Places a chain of new entries (each the parent of the next, the first under `parent`) in the
 * tree: each gets its line and the branch bookkeeping copied from its parent (`windowOf` says
 * where the trailing tool window of the branch ending at it starts; a compaction sets where the
 * kept tail starts). Returns the records to store and the conversation record with the head on
 * the last entry, `lastSeq` moved and the lines updated.
 * @internal
 */
export function placeEntries(
  record: ConversationRecord, parent: TreeNode, entries: readonly Entry[],
  windowOf: (entry: Entry, parent: TreeNode) => number, keptFromOf?: (entry: Entry, parent: TreeNode) => number,
): { records: EntryRecord[]; record: ConversationRecord } {
  const table = new LineTable(record.lines);
  const records: EntryRecord[] = [];
  let previous = parent;
  for (const entry of entries) {
    const node: TreeNode = {
      id: entry.id, seq: entry.seq, line: table.place(previous, entry.seq),
      keptFrom: keptFromOf?.(entry, previous) ?? previous.keptFrom, window: windowOf(entry, previous),
    };
    records.push({ ...entry, tree: { line: node.line, keptFrom: node.keptFrom, window: node.window } });
    previous = node;
  }
  return {
    records,
    record: {
      ...record, lastSeq: previous.seq, headId: previous.id, headSeq: previous.seq,
      keptFromSeq: previous.keptFrom, windowStartSeq: previous.window, lines: table.lines,
    },
  };
}
