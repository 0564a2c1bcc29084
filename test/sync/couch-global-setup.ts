// Vitest globalSetup for the browser project: one pouchdb-server (in memory, loopback, CORS on)
// for the sync tests that run in real Chromium, whose page cannot start processes. The URL
// reaches them through `inject('couchUrl')`.
import type { TestProject } from 'vitest/node';
import { startCouchServer } from '../../scripts/start-couch-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext { couchUrl: string }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startCouchServer();
  project.provide('couchUrl', server.url);
  return () => server.stop();
}
