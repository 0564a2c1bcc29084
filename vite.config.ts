// Library build: ES modules, one output module per source module (dist/ mirrors src/), runtime
// dependencies left external. The entry points come from package.json `exports`: `.` is
// src/index.ts and `./x` is src/x/index.ts, so a new entry point is one line in `exports`.
//
// Why one module per source module: with a few large chunks, a consumer importing `validate`
// also got every schema and helper that shared its chunk (3.8 KB gzipped instead of 0.7 KB). With the
// source's own module graph and `"sideEffects": false`, a consumer's bundler drops every module
// whose exports it does not use, as it would from src/.
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { entryPoints } from './scripts/entry-points.mjs';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  name: string; exports: Record<string, unknown>; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>;
};

/** A runtime or peer dependency (React, for convolog/react) and its subpaths (`zod` and `zod/mini`) stay imports in the output. */
const external = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/|$)`));

/**
 * Leaves `new Worker(new URL('./journal-worker.js', import.meta.url), …)` as written: Vite's lib
 * build would bundle the worker into `/assets/…` (an absolute URL, wrong for a package) or inline
 * it as a `data:` URL (which a CSP like `script-src 'self'` blocks), behind an expression no
 * consumer's bundler recognizes. Kept as written, it names dist's own `journal-worker.js` (an
 * entry below), and the app's bundler (Vite, webpack 5) emits it (DESIGN §21).
 */
const URL_REWRITERS = ['vite:worker-import-meta-url', 'vite:asset-import-meta-url'];
const keepWorkerUrls: Plugin = {
  name: 'convolog:keep-worker-urls',
  configResolved(config) {
    const plugins = config.plugins as Plugin[];
    for (const name of URL_REWRITERS) {
      const index = plugins.findIndex((plugin) => plugin.name === name);
      if (index >= 0) plugins.splice(index, 1);
    }
  },
};

/** Modules loaded by URL rather than imported, each a file of its own in dist/. */
const workerEntries = { 'store/journal/journal-worker': 'src/store/journal/journal-worker.ts' };

export default defineConfig({
  plugins: [keepWorkerUrls],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: { ...Object.fromEntries(entryPoints(manifest).map((entry) => [entry.name, entry.source])), ...workerEntries },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rollupOptions: {
      external,
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
