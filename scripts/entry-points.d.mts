/** One public entry point of the package. */
export interface EntryPoint {
  /** The `exports` key: `.` or `./name`. */
  subpath: string;
  /** What an application imports: `convolog` or `convolog/name`. */
  specifier: string;
  /** The output name without extension: `index` or `name/index`. */
  name: string;
  /** The source module, relative to the repository: `src/index.ts` or `src/name/index.ts`. */
  source: string;
}
export declare function entryPoints(manifest?: { name: string; exports?: Record<string, unknown> }): EntryPoint[];
