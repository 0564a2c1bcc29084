// A Vite dev server whose root is the repository, with the demo at '/' and the harness pages at
// /test/reliability/pages/, both as this run built them (pages-build-global-setup.ts); every other
// path is served module by module (a Worker's module, a page a test imports from '/src/...').
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { inject } from 'vitest';
import { builtFilesPlugin } from '../../support/built-files-plugin.js';
import { PAGES_ASSETS } from './pages-build-global-setup.js';

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
    plugins: [builtPages(inject('reliabilityBuild')), ...plugins],
    // Pre-bundle the runtime dependencies up front: a dependency discovered mid-test makes Vite
    // reload every page, which would look like a refresh the test did not ask for.
    optimizeDeps: { include: ['idb', 'zod', 'uuid'], entries: ['index.html', 'test/reliability/pages/*.html'] },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null;
  if (address === null || address === undefined) throw new Error('Vite did not listen');
  return { origin: `http://127.0.0.1:${address.port}`, server, close: () => server.close() };
}

/** The built file for `path` in `directory` (demo/ and pages/), or undefined for a path the build does not hold. */
function builtFile(directory: string, path: string): string | undefined {
  if (path === '/' || path === '/index.html') return join(directory, 'demo/index.html');
  const asset = new RegExp(`^/(assets|${PAGES_ASSETS})/(\\w[\\w.-]*)$`).exec(path);
  if (asset !== null) return join(directory, asset[1] === PAGES_ASSETS ? 'pages' : 'demo', asset[1]!, asset[2]!);
  const page = /^\/test\/reliability\/pages\/([\w-]+\.html)$/.exec(path);
  return page === null ? undefined : join(directory, 'pages/test/reliability/pages', page[1]!);
}

/** Serves the built demo and harness pages ahead of the dev server's modules; a file the build lacks falls through. */
function builtPages(directory: string): Plugin {
  return builtFilesPlugin('convolog-reliability-built-pages', (path) => builtFile(directory, path));
}
