import type { ConversationRecord, EntryRecord } from '../database/schema.js';

/**
 * Where a write goes or a read starts: an entry of the tree (or the root), with what the store
 * keeps about the branch ending at it.
 * @internal
 */
export interface TreeNode {
  /** The entry's id; `null` for the root. */
  id: string | null;
  /** Its seq; 0 for the root. */
  seq: number;
  /** Its line's start; 0 for the root. */
  line: number;
  /** Where the kept tail of the last compaction on its branch starts; 1 without one. */
  keptFrom: number;
  /** Where its branch's trailing tool window starts; 0 without one. */
  window: number;
}

/** The root: the parent of every first entry of a branch. @internal */
export const ROOT_NODE: TreeNode = { id: null, seq: 0, line: 0, keptFrom: 1, window: 0 };

/** The node of a stored entry. @internal */
export function nodeOfRecord(record: EntryRecord): TreeNode {
  return { id: record.id, seq: record.seq, line: record.tree.line, keptFrom: record.tree.keptFrom, window: record.tree.window };
}

/** The head's node, from the conversation record alone (the root while the log is empty). @internal */
export function headNode(record: ConversationRecord): TreeNode {
  if (record.headId === null) return ROOT_NODE;
  // The head is always a leaf, so it is the tip of exactly one line.
  const line = record.lines.find((candidate) => candidate.tip === record.headSeq);
  return { id: record.headId, seq: record.headSeq, line: line?.start ?? 0, keptFrom: record.keptFromSeq, window: record.windowStartSeq };
}
