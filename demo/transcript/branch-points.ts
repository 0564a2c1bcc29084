// Where the transcript offers branch actions, worked out from the path it shows and the
// conversation's fork points: the ‹ n/m › switcher on an entry with siblings, Edit on a user
// message whose text can be edited, Regenerate on the answer that ends a turn.
import type { Entry, MessageEntry } from '../../src/index.js';
import type { TranscriptItem } from './transcript-item.js';

/** The versions at a fork point: sibling ids in seq order, and which one the path goes through. */
export interface Siblings { ids: readonly string[]; index: number }

/** The branch actions one entry of the shown path offers. */
export interface BranchPoint {
  /** Set when the versions shown are switched here: the entry's own, or its turn's (see `versionsOf`). */
  siblings?: Siblings;
  /**
   * The entry whose versions `siblings` are, when not this one: a regenerated turn's versions are
   * siblings of its first entry, but the switcher sits on the answer that ends it (where
   * Regenerate was clicked), not on a tool-calling message above.
   */
  versionsOf?: Entry;
  /** A user message made of text only (editing would drop anything else). */
  editable: boolean;
  /**
   * On the last assistant message of a turn: the turn's first entry. A regenerated answer is
   * written as its sibling (a child of the user message before it), tools and all.
   */
  regenerateFrom?: Entry;
}

/** Fork points by parent id (`null`: the root), each with its children's ids in seq order. */
export type ForkMap = ReadonlyMap<string | null, readonly string[]>;

/**
 * The branch actions of every user and assistant message (and compaction) in `items`, one path
 * in ascending seq. A turn whose user message is not loaded (cut off by paging, or a path that
 * starts with an answer) offers no Regenerate: there is nothing known to answer.
 */
export function branchPoints(items: readonly TranscriptItem[], forks: ForkMap): Map<string, BranchPoint> {
  const points = new Map<string, BranchPoint>();
  let turnStart: Entry | undefined;
  let turnHasUser = false;
  items.forEach((item, index) => {
    if (item.type === 'corrupt') {
      turnStart = undefined;
      return;
    }
    const siblings = siblingsOf(item, forks);
    if (item.type === 'compaction' || item.message.role === 'user') {
      points.set(item.id, { ...(siblings && { siblings }), editable: item.type === 'message' && isEditable(item) });
      turnStart = undefined;
      return;
    }
    if (turnStart === undefined) {
      turnStart = item;
      const before = items[index - 1];
      turnHasUser = before !== undefined && before.type !== 'corrupt' && (before.type === 'compaction' || before.message.role === 'user');
    }
    if (item.message.role !== 'assistant') return;
    const point: BranchPoint = { ...(siblings && { siblings }), editable: false };
    const ends = endsTurn(items, index);
    if (turnHasUser && ends) point.regenerateFrom = turnStart;
    if (ends && turnStart !== item) moveTurnVersions(points, turnStart, point);
    points.set(item.id, point);
  });
  return points;
}

/** Moves the switcher of the turn starting at `turnStart` to `end`, the answer that ends the turn. */
function moveTurnVersions(points: Map<string, BranchPoint>, turnStart: Entry, end: BranchPoint): void {
  const start = points.get(turnStart.id);
  if (start?.siblings === undefined || end.siblings !== undefined) return;
  end.siblings = start.siblings;
  end.versionsOf = turnStart;
  delete start.siblings;
}

function siblingsOf(entry: Entry, forks: ForkMap): Siblings | undefined {
  const ids = forks.get(entry.parentId);
  if (ids === undefined || ids.length < 2) return undefined;
  const index = ids.indexOf(entry.id);
  return index === -1 ? undefined : { ids, index };
}

/** Whether no assistant message follows before the next user message (tool results do not count). */
function endsTurn(items: readonly TranscriptItem[], index: number): boolean {
  for (let position = index + 1; position < items.length; position += 1) {
    const next = items[position]!;
    if (next.type !== 'message') return true;
    if (next.message.role === 'tool') continue;
    return next.message.role === 'user';
  }
  return true;
}

/**
 * Text, pictures and files only: the inline editor shows and sends back the text, and the new
 * version keeps the pictures and files as they are. A provider's raw part would be lost: not editable.
 */
export function isEditable(entry: MessageEntry): boolean {
  const { content } = entry.message;
  return typeof content === 'string' || content.every((part) => part.type === 'text' || part.type === 'image' || part.type === 'file');
}
