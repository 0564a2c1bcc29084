// Types for measure-package.mjs (plain JavaScript, shared by bench/run.mjs and test/build).
import type { SizeCase } from './size-cases.mjs';

/** What a measured case gained, or why it was not measured. */
export interface SizeResult {
  id: string;
  title: string;
  description: string;
  budgetBytes?: number;
  over?: string;
  /** Set when the case's entry point is not in the package's exports yet. */
  skipped?: string;
  /** Set when its consumer failed to build. */
  error?: string;
  /** Gzipped bytes loaded up front (the entry chunk and its static imports), over the baseline. */
  gainedBytes?: number;
  /** Gzipped bytes behind dynamic imports, loaded on first use (the store's import/export). */
  onDemandBytes?: number;
  minifiedBytes?: number;
  /** `undefined` when the case has no budget. */
  pass?: boolean;
  gainedWithoutZodBytes?: number;
  /** Which of zod and idb have code in the minified bundle. */
  bundledPackages?: string[];
  /** Of `bundledPackages`, those in what loads up front (the entry chunk and its static imports). */
  upFrontPackages?: string[];
  /** Rendered bytes before the minifier drops unused pure code, by `convolog/<folder>` or package. */
  breakdown?: { source: string; renderedBytes: number }[];
}

/** The packed tarball and the paths it holds. */
export interface Packed { tarball: string; files: string[]; bytes: number }

export declare function packPackage(repository: string, directory: string): Promise<Packed>;
export declare function installConsumer(tarball: string, directory: string): Promise<string>;
export declare function measurePackage(options: {
  repository: string;
  tarball?: string;
  log?: (text: string) => void;
  withoutZod?: boolean;
  withZodFlavours?: boolean;
  cases?: readonly SizeCase[];
  keep?: boolean;
}): Promise<{
  cases: SizeResult[];
  zodFlavours?: { classic: number; mini: number };
  packed: Partial<Packed> & { tarball: string };
  consumerDirectory?: string;
}>;
