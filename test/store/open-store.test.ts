import { describe, expect, it, vi } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import { deleteStore, openStore } from '../../src/store/index.js';
import { faultyFactory } from './faulty-factory.js';
import { wrapFactory } from './wrap-factory.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

describe('openStore', () => {
  it('reopens the same storage from a second openStore with everything intact', async () => {
    const name = stores.name();
    const first = await openStore({ name });
    const { id } = await first.createConversation({ title: 'kept' });
    await first.append(id, [user('remember me')]);
    first.close();
    const second = await stores.open({ name });
    expect((await second.getConversation(id))?.title).toBe('kept');
    expect(await second.context(id)).toEqual([user('remember me')]);
  });

  it('uses a custom factory and IDBKeyRange through idb', async () => {
    let opened = 0;
    const factory = wrapFactory(indexedDB, (name, version) => {
      opened++;
      return indexedDB.open(name, version);
    });
    const store = await stores.open({ indexedDB: factory, IDBKeyRange });
    const { id } = await store.createConversation();
    await store.append(id, [user('x')]);
    expect(await store.entries(id, { beforeSeq: 5, limit: 1 })).toHaveLength(1);
    expect(opened).toBe(1);
  });

  it("opens every transaction with durability 'strict' unless told otherwise", async () => {
    const faults = faultyFactory();
    // journal: false: the journal's own background reads (DESIGN §21, on in Chromium) would join the count.
    const store = await stores.open({ indexedDB: faults.factory, IDBKeyRange, journal: false });
    const { id } = await store.createConversation();
    await store.append(id, [user('on disk before append resolves')]);
    await store.context(id);
    expect(faults.durabilities).toEqual(['strict', 'strict', 'strict']);
  });

  it('accepts each durability and refuses an unknown one', async () => {
    for (const durability of ['strict', 'relaxed', 'default'] as const) {
      const faults = faultyFactory();
      const store = await stores.open({ durability, indexedDB: faults.factory, IDBKeyRange, journal: false });
      await store.createConversation();
      expect(faults.durabilities).toEqual([durability]);
    }
    const error = await rejectionOf(stores.open({ durability: 'fast' as 'strict' }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain("'strict', 'relaxed' or 'default'");
  });

  it('throws storage_unavailable without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      expect(await codeOf(openStore({ name: 'x' }))).toBe('storage_unavailable');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof indexedDB).toBe('object');
  });

  it('says which IndexedDB globals idb needs when a custom factory comes without them', async () => {
    vi.stubGlobal('IDBCursor', undefined);
    try {
      const error = await rejectionOf(openStore({ name: 'x', indexedDB, IDBKeyRange }));
      expect(isConvologError(error, 'storage_unavailable')).toBe(true);
      expect((error as Error).message).toContain('IDBCursor');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('throws storage_unavailable when the factory refuses to open', async () => {
    const refusing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    expect(await codeOf(openStore({ indexedDB: refusing, IDBKeyRange }))).toBe('storage_unavailable');
  });

  it('is a disposable: [Symbol.dispose] closes it', async () => {
    const store = await stores.open();
    const dispose = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('Symbol.dispose');
    (store as unknown as Record<symbol, () => void>)[dispose]!();
    expect(await codeOf(store.getConversation('x'))).toBe('closed');
  });
});

describe('deleteStore', () => {
  it('deletes the database; an open store on it closes with version_change', async () => {
    const name = `convolog-delete-${Math.random()}`;
    const store = await openStore({ name });
    await store.createConversation({ id: 'c' });
    const reasons: string[] = [];
    store.subscribe((change) => change.type === 'closed' && reasons.push(change.reason));
    await deleteStore({ name });
    expect(reasons).toEqual(['version_change']);
    const fresh = await openStore({ name });
    expect(await fresh.getConversation('c')).toBeUndefined();
    fresh.close();
    await deleteStore({ name });
  });
});
