import type { Entry } from './entry.js';
import { entryOf, entryTree } from './entry-tree.js';

/**
 * The newest entry at or below `entryId` (the highest seq in its subtree), which is always a
 * leaf: where a chat UI lands when the user switches to a version. `entries` is any list of one
 * conversation's entries, in any order. An id not in the list throws `not_found`.
 *
 * @example
 * const tree = await store.entries(id, { allBranches: true })
 * const shown = branchPath(tree, newestLeaf(tree, siblingId).id)
 */
export function newestLeaf(entries: readonly Entry[], entryId: string): Entry {
  const tree = entryTree(entries);
  let newest = entryOf(tree, entryId, 'entry to start from');
  const visited = new Set<string>();
  const pending: Entry[] = [newest];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    // Damaged parents may loop; each entry counts once.
    if (visited.has(entry.id)) continue;
    visited.add(entry.id);
    if (entry.seq > newest.seq) newest = entry;
    for (const child of tree.children.get(entry.id) ?? []) pending.push(child);
  }
  return newest;
}
