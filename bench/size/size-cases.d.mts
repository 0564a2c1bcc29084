// Types for size-cases.mjs (plain JavaScript, shared by bench/run.mjs and test/build).

/** One row of figure 11: a one-line consumer of the packed package. */
export interface SizeCase {
  /** The figure number, e.g. `11a`. */
  id: string;
  /** What the row stands for. */
  description: string;
  /** The consumer's one line; its `from '…'` names the entry point. */
  source: string;
  /** The gzipped bytes it may add; without it the size is only reported. */
  budgetBytes?: number;
  /** The id of the case this line is added to (the gain is measured over that case's bundle). */
  over?: string;
  /** Packages the app brings itself, left out of the bundle. */
  external?: RegExp[];
}

/** 1 KB = 1024 bytes. */
export declare const KB: number;
/** Every case of figure 11. */
export declare const SIZE_CASES: readonly SizeCase[];
/** The package subpath a case imports: `'convolog/core'` → `'./core'`, `'convolog'` → `'.'`. */
export declare function entryOf(sizeCase: SizeCase): string;
