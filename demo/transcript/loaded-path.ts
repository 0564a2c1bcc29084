// The part of one path of a conversation's tree that the transcript has loaded: consecutive
// items ending at the leaf on screen, keyed by seq (along a path seqs strictly increase), and
// whether the path's first entry is among them.
import type { Entry } from '../../src/index.js';
import type { TranscriptItem } from './transcript-item.js';
import { mergePath } from './transcript-path.js';

/** How an entry just written relates to the loaded path. */
export type Placement = 'known' | 'continues' | 'forks' | 'elsewhere';

/** The loaded items of the path on screen. */
export class LoadedPath {
  private readonly items = new Map<number, TranscriptItem>();
  /** The oldest seq loaded (`Infinity` when nothing is). */
  oldestSeq = Infinity;
  /** The path's first entry is loaded (nothing older to page in). */
  atStart = true;
  /** Bumped by every change to the items, so a read that raced one can tell it must be read again. */
  version = 0;

  get size(): number {
    return this.items.size;
  }

  has(seq: number): boolean {
    return this.items.has(seq);
  }

  clear(): void {
    this.version += 1;
    this.items.clear();
    this.oldestSeq = Infinity;
    this.atStart = true;
  }

  /** The items in seq order (root side first). */
  sorted(): TranscriptItem[] {
    return [...this.items.values()].sort((left, right) => left.seq - right.seq);
  }

  /** The newest readable entry: the leaf on screen. */
  tip(): Entry | undefined {
    const items = this.sorted();
    for (let index = items.length - 1; index >= 0; index -= 1) {
      const item = items[index]!;
      if (item.type !== 'corrupt') return item;
    }
    return undefined;
  }

  entryById(id: string): Entry | undefined {
    for (const item of this.items.values()) if (item.type !== 'corrupt' && item.id === id) return item;
    return undefined;
  }

  /** Adds items older than (or among) those loaded: a page read further up the same path. */
  place(item: TranscriptItem): void {
    this.version += 1;
    this.items.set(item.seq, item);
    this.oldestSeq = Math.min(this.oldestSeq, item.seq);
  }

  /** Keeps the path only down to `anchorId` (`null`: nothing); false when that entry is not loaded. */
  cutBelow(anchorId: string | null): boolean {
    if (anchorId === null) {
      this.clear();
      return true;
    }
    const anchor = this.entryById(anchorId);
    if (anchor === undefined) return false;
    this.dropBelow(anchor.seq);
    return true;
  }

  /**
   * Adds an entry just written where it belongs: below the leaf (`continues`), or below an
   * entry shown, replacing what was below it (`forks`). `elsewhere`: its parent is not loaded,
   * so only a read of the path can place it.
   */
  add(entry: Entry): Placement {
    const existing = this.items.get(entry.seq);
    if (existing !== undefined && existing.type !== 'corrupt' && existing.id === entry.id) return 'known';
    const tip = this.tip();
    if (tip !== undefined && entry.parentId === tip.id && entry.seq > tip.seq) {
      this.place(entry);
      return 'continues';
    }
    if (!this.cutBelow(entry.parentId)) return 'elsewhere';
    this.place(entry);
    return 'forks';
  }

  /**
   * Joins `page` (consecutive items of the path to show, ending at its leaf) to what is loaded;
   * `reachesStart` says the page was read back to the path's first entry. Returns what
   * happened: nothing, a change below a fork point still shown, or a whole new path.
   */
  merge(page: readonly TranscriptItem[], reachesStart: boolean): 'unchanged' | 'extend' | 'replace' {
    const merge = mergePath(this.items, page);
    const before = this.tip()?.id;
    const count = this.items.size;
    if (merge.kind === 'replace') this.clear();
    else this.dropBelow(merge.keepThroughSeq);
    for (const item of merge.add) this.place(item);
    if (merge.kind === 'replace') this.atStart = merge.atStart || reachesStart;
    const changed = merge.add.length > 0 || this.items.size !== count || this.tip()?.id !== before;
    return changed ? merge.kind : 'unchanged';
  }

  private dropBelow(seq: number): void {
    this.version += 1;
    for (const key of [...this.items.keys()]) if (key > seq) this.items.delete(key);
    if (this.items.size === 0) this.oldestSeq = Infinity;
  }
}
