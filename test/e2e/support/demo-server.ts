// The demo's Vite dev server on 127.0.0.1 and a free port, configured by vite.demo.config.ts.
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running demo server and its origin (`http://127.0.0.1:PORT`). */
export interface DemoServer {
  readonly origin: string;
  readonly server: ViteDevServer;
  close(): Promise<void>;
}

/** Starts the demo exactly as `npm run dev` does, minus file watching (others edit files while tests run). */
export async function startDemoServer(): Promise<DemoServer> {
  const server = await createServer({
    root: REPOSITORY_ROOT,
    configFile: fileURLToPath(new URL('../../../vite.demo.config.ts', import.meta.url)),
    logLevel: 'error',
    clearScreen: false,
    // Its own dependency cache, so it never races another suite's server over node_modules/.vite.
    cacheDir: 'node_modules/.vite-demo-e2e',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  if (address === null || address === undefined) {
    await server.close();
    throw new Error('The Vite dev server did not listen on a port.');
  }
  return { origin: `http://127.0.0.1:${address.port}`, server, close: () => server.close() };
}
