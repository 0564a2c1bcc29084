// Serves files of a build ahead of Vite's dev server, for the suites that load the demo or the
// reliability harness built (test/e2e/support/demo-server.ts, test/reliability/support/vite-server.ts).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Content types of what the builds hold. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * A plugin that answers a request with the file `fileFor(pathname)` names; a path it names no
 * file for, or a file the build does not hold, falls through to the dev server.
 * @example
 * builtFilesPlugin('convolog-e2e-built-page', (path) => (path === '/' ? join(directory, 'index.html') : undefined));
 */
export function builtFilesPlugin(name: string, fileFor: (path: string) => string | undefined): Plugin {
  return {
    name,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = fileFor(new URL(request.url ?? '/', 'http://built').pathname);
        if (file === undefined) return next();
        stat(file).then(
          (found) => {
            response.setHeader('Content-Type', CONTENT_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
            response.setHeader('Content-Length', found.size);
            createReadStream(file).pipe(response);
          },
          () => next(),
        );
      });
    },
  };
}
