import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { StoreChange } from '../../src/store/index.js';
import { faultyFactory } from './faulty-factory.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();
// Forcing an abnormal close needs fake-indexeddb's hook: Node only.
const inBrowser = typeof window !== 'undefined';

describe('an abnormally closed connection', () => {
  it.skipIf(inBrowser)('emits closed (terminated) and the next call opens a fresh connection', async () => {
    const specifier = 'fake-indexeddb';
    const { forceCloseDatabase } = await import(/* @vite-ignore */ specifier) as { forceCloseDatabase: (database: IDBDatabase) => void };
    const faults = faultyFactory();
    const store = await stores.open({ indexedDB: faults.factory, IDBKeyRange });
    const { id } = await store.createConversation();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    forceCloseDatabase(faults.databases[0]!);
    expect(changes).toEqual([{ type: 'closed', reason: 'terminated' }]);
    await store.append(id, [user('after the browser dropped the connection')]);
    expect(faults.databases).toHaveLength(2);
    expect(await store.entries(id)).toHaveLength(1);
  });
});
