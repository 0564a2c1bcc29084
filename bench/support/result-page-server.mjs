// A Vite dev server for a bench page that runs by itself (`?auto`) and posts its results back:
// the engines launched without a page handle (Firefox ESR, WebKitGTK) can only report this way,
// and Chromium's benches use the same path so every engine is measured alike.
import { join } from 'node:path';
import { createServer } from 'vite';

/**
 * Serves `repository` and answers `POST /__<name>-bench-result` once, resolving `posted` with the
 * JSON body. `pageUrl(settings)` is the bench page's address with `?auto` and the settings.
 * @param {{ repository: string, name: string, include: string[] }} options
 */
export async function startResultPageServer({ repository, name, include }) {
  let deliver;
  const posted = new Promise((resolvePosted) => { deliver = resolvePosted; });
  const server = await createServer({
    configFile: false, root: repository, cacheDir: join(repository, `bench/.tmp/vite-cache-${name}`), logLevel: 'warn', clearScreen: false,
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    optimizeDeps: { include, entries: [`bench/${name}/index.html`] },
    plugins: [{
      name: `${name}-bench-results`,
      configureServer(dev) {
        dev.middlewares.use(`/__${name}-bench-result`, (request, response) => {
          let body = '';
          request.on('data', (chunk) => { body += chunk; });
          request.on('end', () => {
            response.end('ok');
            deliver(JSON.parse(body));
          });
        });
      },
    }],
  });
  await server.listen();
  const { port } = server.httpServer.address();
  return {
    posted,
    pageUrl: (settings) => `http://127.0.0.1:${port}/bench/${name}/index.html?${new URLSearchParams({ auto: '1', ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])) })}`,
    close: () => server.close(),
  };
}
