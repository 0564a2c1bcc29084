// Not a test file: "devices" for sync tests — each a store on its own fake IndexedDB factory, so
// two devices share nothing but the server — and fetch wrappers that count or break requests.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { openStore, type ConvologStore } from '../../src/store/index.js';

let deviceCounter = 0;

/** A store on a fresh IndexedDB factory of its own (another device). */
export async function openDevice(): Promise<ConvologStore> {
  return openStore({ name: `device-${++deviceCounter}`, indexedDB: new IDBFactory(), IDBKeyRange });
}

/**
 * Registers an afterEach that closes every device a test opened; returns `device()`, which opens
 * one more (call it inside tests).
 */
export function useDevices(): () => Promise<ConvologStore> {
  const stores: ConvologStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });
  return async () => {
    const store = await openDevice();
    stores.push(store);
    return store;
  };
}

/** A fetch that records every request as `METHOD path` (path relative to the server root). */
export function countingFetch(): { fetch: typeof fetch; requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    fetch: (input, init) => {
      const url = new URL(String(input));
      requests.push(`${init?.method ?? 'GET'} ${url.pathname.split('/').slice(2).join('/')}`);
      return fetch(input, init);
    },
  };
}

/**
 * A fetch whose server "dies" after `okRequests` requests: every later request fails like a
 * dropped connection, until `revive()`. With `afterResponse`, the request that dies reaches the
 * server first (the write happens, the answer is lost).
 */
export function dyingFetch(okRequests: number, options: { afterResponse?: boolean } = {}): { fetch: typeof fetch; revive(): void; count(): number } {
  let count = 0;
  let limit = okRequests;
  return {
    revive: () => {
      limit = Number.POSITIVE_INFINITY;
    },
    count: () => count,
    fetch: async (input, init) => {
      count++;
      if (count <= limit) return fetch(input, init);
      if (options.afterResponse === true) await fetch(input, init).catch(() => undefined);
      throw new TypeError('fetch failed: the server went away');
    },
  };
}

/** Every document of a database (design documents aside), by id. */
export async function allDocuments(url: string): Promise<Map<string, Record<string, unknown>>> {
  const response = await fetch(`${url}/_all_docs?include_docs=true`);
  const body = await response.json() as { rows: Array<{ id: string; doc: Record<string, unknown> }> };
  return new Map(body.rows.filter((row) => !row.id.startsWith('_design/')).map((row) => [row.id, row.doc]));
}
