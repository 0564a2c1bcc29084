// Not a test file: one CouchDB-compatible server (pouchdb-server in memory on a free loopback
// port, see scripts/start-couch-server.mjs) per test file, started before its first test and
// killed after its last, also when a test fails.
import { afterAll, beforeAll } from 'vitest';
import { startCouchServer, type CouchServer } from '../../scripts/start-couch-server.mjs';

export { startCouchServer, type CouchServer };

/** Registers the hooks; read `server()` inside tests (not at import time). */
export function useCouchServer(): () => CouchServer {
  let server: CouchServer | undefined;
  beforeAll(async () => {
    server = await startCouchServer();
  }, 35_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (server === undefined) throw new Error('the couch server is not running (use server() inside a test)');
    return server;
  };
}
