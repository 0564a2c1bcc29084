// The approach users pick instead: the whole conversation is one array value, read, pushed to
// and written back per message (apps built on idb-keyval or localForage do exactly this).
import { openDB, type IDBPDatabase } from 'idb';
import localforage from 'localforage';
import type { RawDurability } from './raw-idb.js';

/** Something that keeps a conversation as one array value. */
export interface ArrayConversation {
  label: string;
  seed(items: readonly unknown[]): Promise<void>;
  /** Read the array, push one item, write the whole array back. */
  appendByRewrite(item: unknown): Promise<void>;
  length(): Promise<number>;
}

const KEY = 'conversation';

/**
 * idb-keyval's pattern (one object store, out-of-line keys, `get` then `set`, each its own
 * transaction), written with idb so the write can use the same durability as the store.
 */
export async function openKeyvalArray(name: string, durability: RawDurability): Promise<ArrayConversation> {
  const database: IDBPDatabase = await openDB(name, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('keyval');
    },
  });
  const set = async (value: unknown[]): Promise<void> => {
    const transaction = database.transaction('keyval', 'readwrite', { durability });
    void transaction.store.put(value, KEY);
    await transaction.done;
  };
  const get = async (): Promise<unknown[]> => ((await database.get('keyval', KEY)) as unknown[] | undefined) ?? [];
  return {
    label: `idb-keyval pattern (get + set, durability ${durability})`,
    seed: (items) => set([...items]),
    async appendByRewrite(item) {
      const items = await get();
      items.push(item);
      await set(items);
    },
    length: async () => (await get()).length,
  };
}

/** The same with localForage itself (IndexedDB driver, the browser's default durability). */
export async function openLocalForageArray(name: string): Promise<ArrayConversation> {
  const instance = localforage.createInstance({ name, storeName: 'keyvaluepairs', driver: localforage.INDEXEDDB });
  await instance.ready();
  const get = async (): Promise<unknown[]> => (await instance.getItem<unknown[]>(KEY)) ?? [];
  return {
    label: 'localForage (getItem + setItem, browser default durability)',
    seed: async (items) => {
      await instance.setItem(KEY, [...items]);
    },
    async appendByRewrite(item) {
      const items = await get();
      items.push(item);
      await instance.setItem(KEY, items);
    },
    length: async () => (await get()).length,
  };
}
