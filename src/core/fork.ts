/**
 * A fork point of a conversation's tree: an entry (or the root, `parentId: null`) with two or more
 * children, each the first entry of one version (an edited message, a regenerated answer).
 */
export interface Fork {
  /** The entry the versions follow; `null` when they are first entries of the conversation. */
  parentId: string | null;
  /** The children's ids, in seq order (the order they were written). */
  childIds: string[];
}
