// Shared by the store tests (not a test file itself): fresh databases per test, closed and
// deleted afterwards. Uses the global `indexedDB`: fake-indexeddb in Node, the real one in Chromium.
import { openDB } from 'idb';
import { afterEach } from 'vitest';
import { isConvologError } from '../../src/core/error.js';
import { deleteStore, openStore, type ConvologStore, type OpenStoreOptions } from '../../src/store/index.js';

export interface StoreFixture {
  /** A fresh database name, deleted after the test. */
  name(): string;
  /** Opens a store (on a fresh database unless `name` is given), closed after the test. */
  open(options?: OpenStoreOptions): Promise<ConvologStore>;
}

let counter = 0;

/** Call at the top of a test file. */
export function storeFixture(): StoreFixture {
  const stores: ConvologStore[] = [];
  const names: string[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) store.close();
    for (const name of names.splice(0)) await deleteStore({ name });
  });
  const fixture: StoreFixture = {
    name() {
      const name = `convolog-test-${Date.now()}-${counter++}-${Math.random().toString(36).slice(2)}`;
      names.push(name);
      return name;
    },
    async open(options = {}) {
      const store = await openStore({ ...options, name: options.name ?? fixture.name() });
      stores.push(store);
      return store;
    },
  };
  return fixture;
}

/** Deterministic ids: `id-1`, `id-2`, … */
export function sequentialIds(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

/** A clock that moves one second per call from 2025-01-01. */
export function steppingClock(start = Date.UTC(2025, 0, 1)): () => Date {
  let now = start;
  return () => new Date((now += 1000));
}

/** The code of the ConvologError a promise rejects with, so a failing test shows the code it got. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await rejectionOf(promise);
  return isConvologError(error) ? error.code : `not a ConvologError: ${String(error)}`;
}

/** Resolves with the error a promise rejects with (fails if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/**
 * Overwrites the stored entry at `seq` with a record that no longer parses, behind the store's
 * back (another program, or a bug in an older build).
 */
export async function corruptEntry(name: string, conversationId: string, seq: number): Promise<void> {
  const raw = await openDB(name);
  try {
    await raw.put('entries', { type: 'message', id: `broken-${seq}`, conversationId, seq, timestamp: 'x', message: { role: 'robot' } });
  } finally {
    raw.close();
  }
}
