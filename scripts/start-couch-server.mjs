// Starts a CouchDB-compatible server (pouchdb-server, in memory) as a child process on a free
// loopback port, for the sync tests and benchmarks: nothing needs to be running beforehand.
// CORS is on (a page on another origin talks to it), logs go to a temporary folder, and the
// process is killed on stop() and when this process exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../node_modules/pouchdb-server/bin/pouchdb-server');
const START_TIMEOUT_MS = 30_000;

/** A port the OS says is free on 127.0.0.1 right now. */
function freePort() {
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

function writeConfig(folder) {
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

async function waitForServer(url, child) {
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

/**
 * Starts pouchdb-server in memory on a free loopback port.
 * @returns {Promise<{ url: string, database(prefix?: string): Promise<string>, stop(): Promise<void> }>}
 */
export async function startCouchServer() {
  const folder = mkdtempSync(join(tmpdir(), 'convolog-couch-'));
  const port = await freePort();
  const child = spawn(process.execPath, [
    SERVER_BIN, '--in-memory', '--host', '127.0.0.1', '--port', String(port), '--config', writeConfig(folder), '--no-stdout-logs',
  ], { cwd: folder, stdio: 'ignore' });
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
