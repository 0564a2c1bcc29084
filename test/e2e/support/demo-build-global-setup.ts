// Vitest globalSetup for the e2e project: the demo built once, as `npm run build:demo` builds it
// for users, into a directory of this run's own. Each test file's demo server serves the page
// from it (support/demo-server.ts).
//
// Why built and not served module by module: the dev server hands the page some 250 modules, six
// at a time, and a fresh context has no cache, so every page load took 2.7 s here on a quiet
// machine, and every test loads the page at least once, most twice (seeding reloads). The e2e
// suite spent most of its 16 minutes loading pages; the built demo loads in a few files. It is
// also what users run. The library is built beside it (`/library/index.js`, PAGE_LIBRARY), for the
// tests that write through a second store in the page, as another tab would: served from source,
// its 150 modules took another second or two per test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildDemo, REPOSITORY_ROOT } from '../../support/build-demo.js';

declare module 'vitest' {
  export interface ProvidedContext { demoBuild: string }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), 'convolog-demo-build-'));
  await buildDemo(outDir);
  await build({
    root: REPOSITORY_ROOT,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: join(outDir, 'library'),
      emptyOutDir: true,
      sourcemap: true,
      lib: { entry: join(REPOSITORY_ROOT, 'src/index.ts'), formats: ['es'], fileName: 'index' },
    },
  });
  project.provide('demoBuild', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}
