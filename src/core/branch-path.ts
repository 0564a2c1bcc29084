import type { Entry } from './entry.js';
import { entryOf, entryTree } from './entry-tree.js';
import { ConvologError } from './error.js';

/**
 * The branch ending at `leafId`: the entries from its root to it, following `parentId`, root
 * first. `entries` is any list of one conversation's entries in any order (a whole tree, as
 * `store.entries(id, { allBranches: true })` gives it). The result is what `buildContext`,
 * `keptTail` and `toMarkdown` take. An id not in the list throws `not_found`; a parent missing
 * from the list, or a cycle, `invalid_history`.
 *
 * @example
 * const tree = await store.entries(id, { allBranches: true })
 * const messages = buildContext(branchPath(tree, newestLeaf(tree, editedEntryId).id))
 */
export function branchPath(entries: readonly Entry[], leafId: string): Entry[] {
  const tree = entryTree(entries);
  const path: Entry[] = [];
  let current: Entry | undefined = entryOf(tree, leafId, 'leaf');
  while (current !== undefined) {
    path.push(current);
    // A path longer than the list revisits an entry: the parents form a cycle.
    if (path.length > tree.byId.size) throw cycle(current);
    const parentId: string | null = current.parentId;
    if (parentId === null) break;
    const parent = tree.byId.get(parentId);
    if (parent === undefined) throw missingParent(current);
    current = parent;
  }
  return path.reverse();
}

function missingParent(entry: Entry): ConvologError {
  return new ConvologError({
    code: 'invalid_history',
    message: `Entry "${entry.id}" (seq ${entry.seq}) names the parent "${entry.parentId}", which is not among the entries given. ` +
      'Pass every entry of the conversation (entries(id, { allBranches: true })).',
    details: { entryId: entry.id, parentId: entry.parentId },
  });
}

function cycle(entry: Entry): ConvologError {
  return new ConvologError({
    code: 'invalid_history',
    message: `The parents of entry "${entry.id}" form a cycle: no root can be reached from it. The entries are damaged.`,
    details: { entryId: entry.id },
  });
}
