// The sync bench page: our push and pull of a 10,000-entry history against the same
// pouchdb-server as PouchDB's own replication of the same 10,000 documents. The Node side
// (run-sync-figures.mjs) calls these functions through page.evaluate and times nothing itself.
import { assistant, user } from '../../src/core/constructors.js';
import { deleteStore, openStore, type ConvologStore } from '../../src/store/index.js';
import { createCouchSync } from '../../src/sync/index.js';

// PouchDB's own browser build (dist/pouchdb.min.js), added to the page by the runner: its ES
// build needs Node's `events` module, which a browser page does not have.
interface PouchDatabase {
  bulkDocs(docs: unknown[]): Promise<unknown>;
  destroy(): Promise<unknown>;
}
interface PouchStatic {
  new (name: string): PouchDatabase;
  replicate(source: PouchDatabase | string, target: PouchDatabase | string): Promise<{ docs_written: number }>;
}
const PouchDB = (): PouchStatic => (globalThis as unknown as { PouchDB: PouchStatic }).PouchDB;

let counter = 0;

/** A fresh store holding one conversation of `count` entries (user/assistant turns). */
async function seededStore(count: number): Promise<{ store: ConvologStore; name: string }> {
  const name = `bench-sync-${Date.now()}-${++counter}`;
  const store = await openStore({ name, durability: 'relaxed' });
  const { id } = await store.createConversation({ title: 'bench' });
  const turn = (index: number) => (index % 2 === 0 ? user(`question ${index}: ${'lorem ipsum '.repeat(8)}`) : assistant(`answer ${index}: ${'dolor sit amet '.repeat(12)}`));
  for (let start = 0; start < count; start += 500) {
    await store.append(id, Array.from({ length: Math.min(500, count - start) }, (_, offset) => turn(start + offset)));
  }
  return { store, name };
}

async function dispose(store: ConvologStore, name: string): Promise<void> {
  store.close();
  await deleteStore({ name });
}

/** Runs `operation` with a fetch that counts its requests: its result, milliseconds, and the count. */
async function timedWithCountedFetch<Result>(operation: (fetch: typeof globalThis.fetch) => Promise<Result>): Promise<Result & { ms: number; requests: number }> {
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const started = performance.now();
  const result = await operation(counting);
  return { ...result, ms: performance.now() - started, requests };
}

/** Our push of a fresh 10,000-entry store into the empty database `url`: milliseconds, and documents written. */
async function ourPush(url: string, count: number): Promise<{ ms: number; written: number; requests: number }> {
  const { store, name } = await seededStore(count);
  const { ms, written, requests } = await timedWithCountedFetch((fetch) => createCouchSync(store, { url, fetch }).push());
  await dispose(store, name);
  return { ms, written, requests };
}

/** Our pull of everything in `url` into a fresh store. */
async function ourPull(url: string): Promise<{ ms: number; entries: number; requests: number }> {
  const name = `bench-sync-pull-${Date.now()}-${++counter}`;
  const store = await openStore({ name, durability: 'relaxed' });
  const { ms, entries, requests } = await timedWithCountedFetch((fetch) => createCouchSync(store, { url, fetch }).pull());
  await dispose(store, name);
  return { ms, entries, requests };
}

/** The documents our push writes, read back from `source`, to seed PouchDB with the very same documents. */
async function documentsOf(source: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${source}/_all_docs?include_docs=true`);
  const body = await response.json() as { rows: Array<{ doc: Record<string, unknown> }> };
  return body.rows.map(({ doc }) => {
    const { _rev: _ignored, ...rest } = doc;
    return rest;
  });
}

/** PouchDB (IndexedDB adapter) holding the same documents, replicated into the empty database `url`. */
async function pouchPush(source: string, url: string): Promise<{ ms: number; written: number }> {
  const local = new (PouchDB())(`bench-pouch-${Date.now()}-${++counter}`);
  const docs = await documentsOf(source);
  for (let start = 0; start < docs.length; start += 1000) await local.bulkDocs(docs.slice(start, start + 1000));
  const started = performance.now();
  const result = await PouchDB().replicate(local, url);
  const ms = performance.now() - started;
  await local.destroy();
  return { ms, written: result.docs_written };
}

/** PouchDB replicating everything in `url` into a fresh local database. */
async function pouchPull(url: string): Promise<{ ms: number; written: number }> {
  const local = new (PouchDB())(`bench-pouch-pull-${Date.now()}-${++counter}`);
  const started = performance.now();
  const result = await PouchDB().replicate(url, local);
  const ms = performance.now() - started;
  await local.destroy();
  return { ms, written: result.docs_written };
}

/** Requests an incremental sync of one new entry costs (`once` on a device that is up to date). */
async function incrementalRequests(url: string): Promise<number> {
  const { store, name } = await seededStore(10);
  const requests: string[] = [];
  const counting: typeof fetch = (input, init) => {
    requests.push(String(input));
    return fetch(input, init);
  };
  const sync = createCouchSync(store, { url, fetch: counting });
  await sync.once();
  const [conversation] = await store.listConversations();
  await store.append(conversation!.id, [user('one more')]);
  requests.length = 0;
  await sync.once();
  await dispose(store, name);
  return requests.length;
}

Object.assign(globalThis, { syncBench: { ourPush, ourPull, pouchPush, pouchPull, incrementalRequests } });
document.body.dataset.ready = 'true';
