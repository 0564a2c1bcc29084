// A Vite dev server whose root is the repository, so test pages import '/src/index.ts' as the
// demo does, and the demo itself is at '/'.
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running dev server and its origin (`http://127.0.0.1:PORT`). */
export interface DevServer { readonly origin: string; close(): Promise<void>; readonly server: ViteDevServer }

/** `plugins` add to the server, e.g. a middleware a launch-only page posts its results to. */
export async function startDevServer(plugins: Plugin[] = []): Promise<DevServer> {
  const server = await createServer({
    root: REPOSITORY_ROOT,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    // Its own cache, so it never fights another suite's dev server over node_modules/.vite: one
    // per engine process and Vitest worker slot, as the crash harnesses run side by side and the
    // Firefox and WebKit processes run their scenarios beside this one's (vitest.config.ts).
    cacheDir: `node_modules/.vite-reliability-${process.env.CONVOLOG_PAGE_ENGINE ?? 'chromium'}-${process.env.VITEST_POOL_ID ?? '0'}`,
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    plugins,
    // Pre-bundle the runtime dependencies up front: a dependency discovered mid-test makes Vite
    // reload every page, which would look like a refresh the test did not ask for.
    optimizeDeps: { include: ['idb', 'zod', 'uuid'], entries: ['index.html', 'test/reliability/pages/*.html'] },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null;
  if (address === null || address === undefined) throw new Error('Vite did not listen');
  return { origin: `http://127.0.0.1:${address.port}`, server, close: () => server.close() };
}
