// The demo on 127.0.0.1 and a free port: its page from the build of this run
// (demo-build-global-setup.ts), and every source module through Vite's dev server, so a test
// can still import the library or a demo module into the page by its path (`/src/index.ts`).
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { inject } from 'vitest';
import { builtFilesPlugin } from '../../support/built-files-plugin.js';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where the page imports the library from, built (see demo-build-global-setup.ts): a test that
 * writes through a store of its own in the page, as another tab would, imports it with
 * `page.evaluate(\`import('${PAGE_LIBRARY}')...\`)` (a string, so the test runner leaves the import alone).
 */
export const PAGE_LIBRARY = '/library/index.js';

/** A running demo server and its origin (`http://127.0.0.1:PORT`). */
export interface DemoServer {
  readonly origin: string;
  readonly server: ViteDevServer;
  close(): Promise<void>;
}

/** Starts the demo as `npm run build:demo` builds it, without file watching (others edit files while tests run). */
export async function startDemoServer(): Promise<DemoServer> {
  const server = await createServer({
    root: REPOSITORY_ROOT,
    configFile: fileURLToPath(new URL('../../../vite.demo.config.ts', import.meta.url)),
    logLevel: 'error',
    clearScreen: false,
    // Its own dependency cache, so it never races another suite's server over node_modules/.vite;
    // one per Vitest worker slot, as two demo files run at once (vitest.config.ts).
    cacheDir: `node_modules/.vite-demo-e2e-${process.env.VITEST_POOL_ID ?? '0'}`,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    plugins: [builtPage(inject('demoBuild'))],
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  if (address === null || address === undefined) {
    await server.close();
    throw new Error('The Vite dev server did not listen on a port.');
  }
  return { origin: `http://127.0.0.1:${address.port}`, server, close: () => server.close() };
}

/** Serves `/`, `/assets/*` and `/library/*` from the build in `directory`, ahead of the dev server. */
function builtPage(directory: string): Plugin {
  return builtFilesPlugin('convolog-e2e-built-page', (path) => {
    const file = path === '/' || path === '/index.html' ? 'index.html' : builtAsset(path);
    return file === undefined ? undefined : join(directory, file);
  });
}

/** The file of the build at `path` (in `assets/`, `library/` or `library/assets/`); undefined for any other path. */
function builtAsset(path: string): string | undefined {
  const match = /^\/(assets|library|library\/assets)\/(\w[\w.-]*)$/.exec(path);
  return match === null ? undefined : `${match[1]}/${match[2]}`;
}
