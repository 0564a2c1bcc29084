import type { Entry } from './entry.js';
import { entryTree } from './entry-tree.js';
import type { Fork } from './fork.js';

/**
 * Every fork point of a conversation's tree: each entry (or the root) with two or more children,
 * children in seq order. The root comes first, then fork points in the seq order of their parent.
 * `entries` is any list of one conversation's entries, in any order.
 *
 * @example
 * const forks = forksOf(await store.entries(id, { allBranches: true }))
 * const versions = forks.find((fork) => fork.childIds.includes(entry.id))?.childIds ?? [entry.id] // ‹ 2/3 ›
 */
export function forksOf(entries: readonly Entry[]): Fork[] {
  const { byId, children } = entryTree(entries);
  const forks: { seq: number; fork: Fork }[] = [];
  for (const [parentId, siblings] of children) {
    if (siblings.length < 2) continue;
    const seq = parentId === null ? 0 : byId.get(parentId)?.seq ?? Number.POSITIVE_INFINITY;
    forks.push({ seq, fork: { parentId, childIds: siblings.map((entry) => entry.id) } });
  }
  return forks.sort((left, right) => left.seq - right.seq).map(({ fork }) => fork);
}
