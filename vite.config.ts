// Library build: ES modules, one output module per source module (dist/ mirrors src/), runtime
// dependencies left external. The entry points come from package.json `exports`: `.` is
// src/index.ts and `./x` is src/x/index.ts, so a new entry point is one line in `exports`.
//
// Why one module per source module: with a few large chunks, a consumer importing `validate`
// also got every schema and helper that shared its chunk (4.5 KB instead of 0.6 KB). With the
// source's own module graph and `"sideEffects": false`, a consumer's bundler drops every module
// whose exports it does not use, as it would from src/.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

interface PackageManifest { exports?: Record<string, unknown>; dependencies?: Record<string, string> }

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as PackageManifest;

/** `exports` subpaths → build entries: `.` → `index`, `./core` → `core/index`. */
export function entriesFromExports(exports: Record<string, unknown>): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const subpath of Object.keys(exports)) {
    if (subpath === './package.json') continue;
    if (subpath !== '.' && !/^\.\/[a-z][a-z0-9-]*$/.test(subpath)) {
      throw new Error(`package.json exports "${subpath}": expected "." or "./name" (built from src/name/index.ts)`);
    }
    const name = subpath === '.' ? 'index' : `${subpath.slice(2)}/index`;
    entries[name] = `src/${name}.ts`;
  }
  return entries;
}

/** A runtime dependency and its subpaths (`zod` and `zod/mini`) stay imports in the output. */
const external = Object.keys(manifest.dependencies ?? {}).map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/|$)`));

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: entriesFromExports(manifest.exports ?? {}),
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rollupOptions: {
      external,
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
