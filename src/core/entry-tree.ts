import type { Entry } from './entry.js';
import { ConvologError } from './error.js';
import { quoted } from './excerpt.js';

/**
 * The entries of one conversation indexed by id and by parent (children in seq order), for the
 * tree functions. Built once per call, O(n log n).
 * @internal
 */
export interface EntryTree {
  byId: ReadonlyMap<string, Entry>;
  /** Parent id (`null`: the root) → its children in seq order. */
  children: ReadonlyMap<string | null, Entry[]>;
}

/** Indexes `entries` (any order). @internal */
export function entryTree(entries: readonly Entry[]): EntryTree {
  const byId = new Map<string, Entry>();
  const children = new Map<string | null, Entry[]>();
  for (const entry of entries) {
    byId.set(entry.id, entry);
    const siblings = children.get(entry.parentId);
    if (siblings === undefined) children.set(entry.parentId, [entry]);
    else siblings.push(entry);
  }
  for (const siblings of children.values()) siblings.sort((left, right) => left.seq - right.seq);
  return { byId, children };
}

/** The entry with this id, or `not_found` naming what was asked for. @internal */
export function entryOf(tree: EntryTree, id: string, role: string): Entry {
  const entry = typeof id === 'string' ? tree.byId.get(id) : undefined;
  if (entry !== undefined) return entry;
  throw new ConvologError({
    code: 'not_found',
    message: `No entry with id ${quoted(id)} among the entries given (the ${role}). Pass the id of an entry of this conversation.`,
    details: { entryId: id },
  });
}
