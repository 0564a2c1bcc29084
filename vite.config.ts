// Library build: ES modules, one output module per source module (dist/ mirrors src/), runtime
// dependencies left external. The entry points come from package.json `exports`: `.` is
// src/index.ts and `./x` is src/x/index.ts, so a new entry point is one line in `exports`.
//
// Why one module per source module: with a few large chunks, a consumer importing `validate`
// also got every schema and helper that shared its chunk (3.8 KB gzipped instead of 0.7 KB). With the
// source's own module graph and `"sideEffects": false`, a consumer's bundler drops every module
// whose exports it does not use, as it would from src/.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { entryPoints } from './scripts/entry-points.mjs';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  name: string; exports: Record<string, unknown>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>;
};

/** A runtime or peer dependency (React, for convolog/react) and its subpaths (`zod` and `zod/mini`) stay imports in the output. */
const external = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/|$)`));

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: Object.fromEntries(entryPoints(manifest).map((entry) => [entry.name, entry.source])),
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rollupOptions: {
      external,
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
