// The demo built as `npm run build:demo` builds it for users, for the suites that load it in a
// browser many times (test/e2e, test/reliability): served module by module by Vite's dev server,
// a fresh page fetched ~250 modules and took 3.6-3.9 s to be ready on a quiet machine, against
// 0.8-1.0 s built (2026-12-05).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The repository's root directory. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the demo into `outDir`: `index.html` and `assets/`, with source maps, so an error a test
 * reports from the page names the demo's own files.
 * @example
 * await buildDemo(await mkdtemp(join(tmpdir(), 'convolog-demo-build-')));
 */
export async function buildDemo(outDir: string): Promise<void> {
  await build({
    root: REPOSITORY_ROOT,
    configFile: join(REPOSITORY_ROOT, 'vite.demo.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: true },
  });
}
