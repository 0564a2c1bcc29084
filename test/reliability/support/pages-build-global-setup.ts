// Vitest globalSetup for the projects that drive pages from the reliability dev server
// (`reliability`, `crash-harness`, `reliability-firefox`, `reliability-webkit`): the demo and the
// harness pages built once per project, into a directory of the run's own, which every file's dev
// server serves ahead of its modules (support/vite-server.ts).
//
// Why built: served module by module, the demo took 3.6-3.9 s to be ready in a fresh page and the
// harness page ~2 s on a quiet machine (2026-12-05), several times that under CI load, and these
// scenarios load pages again and again: the crash harnesses at every restart (20 in Chromium, 10
// per engine), the refresh storm at every reload. What the scenarios test is the library and the
// demo as users run them, built.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildDemo, REPOSITORY_ROOT } from '../../support/build-demo.js';

declare module 'vitest' {
  export interface ProvidedContext { reliabilityBuild: string }
}

/** Where the harness pages' scripts go, beside the demo's `assets/`. */
export const PAGES_ASSETS = 'reliability-assets';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), 'convolog-reliability-build-'));
  await buildDemo(join(outDir, 'demo'));
  await build({
    root: REPOSITORY_ROOT,
    configFile: false,
    logLevel: 'warn',
    build: {
      // The pages keep their paths: pages/test/reliability/pages/<name>.html.
      outDir: join(outDir, 'pages'),
      emptyOutDir: true,
      sourcemap: true,
      assetsDir: PAGES_ASSETS,
      rollupOptions: {
        input: ['harness.html', 'kill-loop-launch.html'].map((page) => join(REPOSITORY_ROOT, 'test/reliability/pages', page)),
      },
    },
  });
  project.provide('reliabilityBuild', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}
