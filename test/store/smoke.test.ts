import { expect, it } from 'vitest';
import { openDB, deleteDB } from 'idb';

it('opens an IndexedDB database and round-trips a record', async () => {
  const name = `smoke-${Math.random()}`;
  const db = await openDB(name, 1, { upgrade: (database) => database.createObjectStore('items') });
  await db.put('items', { hello: 'world' }, 'key');
  expect(await db.get('items', 'key')).toEqual({ hello: 'world' });
  db.close();
  await deleteDB(name);
});
