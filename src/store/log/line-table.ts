import type { LineRecord } from '../database/schema.js';
import type { TreeNode } from './tree-node.js';

/** A run of one branch inside one line: the entries of `line` with `from <= seq <= to`. @internal */
export interface PathSegment { line: number; from: number; to: number }

/**
 * The lines of one conversation's tree (see {@link LineRecord}), with the questions the store
 * asks of them. Lines are few (one per fork, plus one), so each answer costs O(lines) in memory
 * and no read. Placing entries changes a copy: the record it came from stays as it was.
 * @internal
 */
export class LineTable {
  private readonly byStart = new Map<number, LineRecord>();
  private readonly ordered: LineRecord[];

  constructor(lines: readonly LineRecord[]) {
    this.ordered = lines.map((line) => ({ ...line }));
    for (const line of this.ordered) this.byStart.set(line.start, line);
  }

  /** The lines, in the order they started (a copy fit to store). */
  get lines(): LineRecord[] {
    return this.ordered.map((line) => ({ ...line }));
  }

  /** Whether `node` is a leaf: the tip of its line (the root only while the tree is empty). */
  isLeaf(node: TreeNode): boolean {
    if (node.seq === 0) return this.ordered.length === 0;
    return this.byStart.get(node.line)?.tip === node.seq;
  }

  /**
   * Records an entry written at `seq` under `parent` and returns the line it joins: its parent's
   * line when the parent was a leaf, else a new line starting at `seq`.
   */
  place(parent: TreeNode, seq: number): number {
    const line = parent.seq === 0 ? undefined : this.byStart.get(parent.line);
    if (line !== undefined && line.tip === parent.seq) {
      line.tip = seq;
      return line.start;
    }
    const started: LineRecord = { start: seq, forkFrom: parent.seq, parentLine: parent.line, tip: seq };
    this.ordered.push(started);
    this.byStart.set(seq, started);
    return seq;
  }

  /** Whether the entry `entry` lies on the branch from the root to `leaf` (itself included). */
  isOnPath(entry: { seq: number; line: number }, leaf: { seq: number; line: number }): boolean {
    let line = leaf.line;
    let reach = leaf.seq;
    while (line !== entry.line) {
      const record = this.byStart.get(line);
      if (record === undefined || record.forkFrom === 0) return false;
      reach = record.forkFrom;
      line = record.parentLine;
    }
    return reach >= entry.seq;
  }

  /** The seq of the newest leaf at or below `entry`: the highest tip among the lines of its subtree. */
  newestTipBelow(entry: { seq: number; line: number }): number {
    const inSubtree = new Set<number>([entry.line]);
    let newest = this.byStart.get(entry.line)?.tip ?? entry.seq;
    // Lines are ordered by start, and a line starts after its parent line: one pass sees parents first.
    for (const line of this.ordered) {
      if (line.start === entry.line || !inSubtree.has(line.parentLine) || line.forkFrom === 0) continue;
      if (line.parentLine === entry.line && line.forkFrom < entry.seq) continue;
      inSubtree.add(line.start);
      if (line.tip > newest) newest = line.tip;
    }
    return newest;
  }

  /**
   * The segments of the branch ending at `leaf` with seq in `[from, to]`, newest first: one per
   * line it passes through. Their entries, oldest first, are the branch.
   */
  segments(leaf: { seq: number; line: number }, from: number, to: number = leaf.seq): PathSegment[] {
    const segments: PathSegment[] = [];
    let line = this.byStart.get(leaf.line);
    let top = leaf.seq;
    while (line !== undefined && top >= from) {
      const bottom = Math.max(line.start, from);
      if (bottom <= Math.min(top, to)) segments.push({ line: line.start, from: bottom, to: Math.min(top, to) });
      if (line.forkFrom === 0) break;
      top = line.forkFrom;
      line = this.byStart.get(line.parentLine);
    }
    return segments;
  }

  /** Whether every entry with seq in `[segment.from, segment.to]` is in the segment's line (so a plain seq range reads it exactly). */
  isAlone(segment: PathSegment): boolean {
    for (const line of this.ordered) {
      if (line.start === segment.line) continue;
      if (line.start <= segment.to && line.tip >= segment.from) return false;
    }
    return true;
  }

  /** The lines whose first entry is a child of `parentSeq` (0: the root): every root line, or the forks under an entry. */
  linesForkingFrom(parentSeq: number): LineRecord[] {
    return this.ordered.filter((line) => line.forkFrom === parentSeq);
  }

  /** The line starting at `start`. */
  line(start: number): LineRecord | undefined {
    return this.byStart.get(start);
  }

  /** The seqs of every fork point (0: the root), ascending. */
  forkPoints(): number[] {
    const counts = new Map<number, number>();
    for (const line of this.ordered) counts.set(line.forkFrom, (counts.get(line.forkFrom) ?? 0) + 1);
    const points: number[] = [];
    for (const [seq, count] of counts) {
      // A line forking from an entry means the entry already had a child; the root needs two root lines.
      if (seq !== 0 || count >= 2) points.push(seq);
    }
    return points.sort((left, right) => left - right);
  }
}
