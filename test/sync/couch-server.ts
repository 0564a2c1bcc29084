// Not a test file: starts a CouchDB-compatible server (pouchdb-server, in memory, on a free
// loopback port) as a child process for one test file, gives each test a fresh database, and
// kills the server afterwards, also when a test fails or the test process exits early.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const SERVER_BIN = resolve(import.meta.dirname, '../../node_modules/pouchdb-server/bin/pouchdb-server');
const START_TIMEOUT_MS = 30_000;

/** A running pouchdb-server. */
export interface CouchServer {
  /** The server's root URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Creates a fresh, empty database and returns its URL. */
  database(prefix?: string): Promise<string>;
  /** Kills the server and removes its working folder. */
  stop(): Promise<void>;
}

/** A port the OS says is free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The CORS settings a browser page on another origin needs, and the log file kept out of the repo. */
function writeConfig(folder: string): string {
  const path = join(folder, 'config.json');
  writeFileSync(path, JSON.stringify({
    httpd: { enable_cors: true },
    cors: {
      origins: '*', credentials: true, methods: 'GET, PUT, POST, HEAD, DELETE',
      headers: 'accept, authorization, content-type, origin, referer',
    },
    log: { file: join(folder, 'log.txt'), level: 'error' },
  }));
  return path;
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pouchdb-server exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`pouchdb-server did not answer GET ${url} within ${START_TIMEOUT_MS} ms`);
}

let databaseCounter = 0;

/** Starts pouchdb-server in memory on a free loopback port. Call `stop()` when done. */
export async function startCouchServer(): Promise<CouchServer> {
  const folder = mkdtempSync(join(tmpdir(), 'convolog-couch-'));
  const port = await freePort();
  const child = spawn(process.execPath, [
    SERVER_BIN, '--in-memory', '--host', '127.0.0.1', '--port', String(port),
    '--config', writeConfig(folder), '--no-stdout-logs',
  ], { cwd: folder, stdio: 'ignore' });
  // A test process that dies without running afterAll must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    async database(prefix = 'db') {
      const databaseUrl = `${url}/${prefix}-${++databaseCounter}-${Math.random().toString(36).slice(2, 8)}`;
      const response = await fetch(databaseUrl, { method: 'PUT' });
      if (!response.ok) throw new Error(`PUT ${databaseUrl}: ${response.status} ${await response.text()}`);
      return databaseUrl;
    },
    stop,
  };
}

/**
 * One server for the whole test file, started before its first test and stopped after its last.
 * Read `server()` inside tests (not at import time).
 */
export function useCouchServer(): () => CouchServer {
  let server: CouchServer | undefined;
  beforeAll(async () => {
    server = await startCouchServer();
  }, START_TIMEOUT_MS + 5000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (server === undefined) throw new Error('the couch server is not running (use server() inside a test)');
    return server;
  };
}
