// How a freshly read piece of a branch joins what the transcript already shows. The transcript
// shows one path of the conversation's tree (root → head); when the head moves to another
// branch (a switch here or in another tab, an edit, a regenerate), everything above the fork
// point stays on screen untouched and only what is below it is replaced.
import type { TranscriptItem } from './transcript-item.js';

/**
 * What to do with a page: keep the loaded items up to `keepThroughSeq` and add `add` below
 * them (`extend`), or drop everything and show `add` alone (`replace`; `atStart` when `add`
 * begins at a root of the tree).
 */
export type PathMerge =
  | { kind: 'extend'; keepThroughSeq: number; add: TranscriptItem[] }
  | { kind: 'replace'; add: TranscriptItem[]; atStart: boolean };

/**
 * Joins `page` — consecutive items of one path, ascending seq, ending at its leaf — to the
 * `loaded` items (also one path, keyed by seq). Along a path seqs strictly increase, so "below
 * the fork point" is exactly "seq greater than the fork point's".
 */
export function mergePath(loaded: ReadonlyMap<number, TranscriptItem>, page: readonly TranscriptItem[]): PathMerge {
  const isLoaded = (item: TranscriptItem): boolean => {
    const existing = loaded.get(item.seq);
    if (existing === undefined) return false;
    return item.type === 'corrupt' || existing.type === 'corrupt' || existing.id === item.id;
  };
  const firstNew = page.findIndex((item) => !isLoaded(item));
  if (firstNew === -1) {
    // Nothing new: the path ends at the page's last item, whatever was shown below it is gone.
    const last = page.at(-1);
    return last === undefined ? { kind: 'replace', add: [], atStart: true } : { kind: 'extend', keepThroughSeq: last.seq, add: [] };
  }
  const add = page.slice(firstNew);
  if (firstNew > 0) return { kind: 'extend', keepThroughSeq: page[firstNew - 1]!.seq, add };
  const first = page[0]!;
  if (first.type === 'corrupt') return { kind: 'replace', add, atStart: false };
  if (first.parentId === null) return { kind: 'replace', add, atStart: true };
  const anchor = [...loaded.values()].find((item) => item.type !== 'corrupt' && item.id === first.parentId);
  return anchor === undefined ? { kind: 'replace', add, atStart: false } : { kind: 'extend', keepThroughSeq: anchor.seq, add };
}
