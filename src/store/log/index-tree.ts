import type { Entry, MessageEntry } from '../../core/entry.js';
import type { EntryRecord } from '../database/schema.js';
import { LineTable } from './line-table.js';
import { nextWindowStart } from './next-window-start.js';
import { ROOT_NODE, type TreeNode } from './tree-node.js';

/** A whole tree of entries with the store's bookkeeping: what an import writes. @internal */
export interface IndexedTree {
  records: EntryRecord[];
  table: LineTable;
  /** Entry id → its node. */
  nodes: Map<string, TreeNode>;
}

/**
 * Computes the store's bookkeeping for a whole, checked tree of entries in seq order (every
 * `parentId` and `firstKeptId` names an earlier entry): each entry's line, where its branch's
 * kept tail and trailing tool window start, and the lines of the tree. O(n).
 * @internal
 */
export function indexTree(entries: readonly Entry[]): IndexedTree {
  const table = new LineTable([]);
  const nodes = new Map<string, TreeNode>();
  const records: EntryRecord[] = [];
  for (const entry of entries) {
    const parent = entry.parentId === null ? ROOT_NODE : nodes.get(entry.parentId) ?? ROOT_NODE;
    const node: TreeNode = {
      id: entry.id, seq: entry.seq, line: table.place(parent, entry.seq),
      keptFrom: entry.type === 'compaction' ? nodes.get(entry.firstKeptId)?.seq ?? entry.seq : parent.keptFrom,
      window: entry.type === 'message' ? nextWindowStart(parent.window, [entry as MessageEntry]) : parent.window,
    };
    nodes.set(entry.id, node);
    records.push({ ...entry, tree: { line: node.line, keptFrom: node.keptFrom, window: node.window } });
  }
  return { records, table, nodes };
}
