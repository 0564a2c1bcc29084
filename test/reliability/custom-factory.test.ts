// A factory handed to openStore in a runtime with no IndexedDB globals (Node without
// fake-indexeddb/auto, a server render) cannot work: idb, which the store is built on, recognizes
// IndexedDB objects with `instanceof IDBRequest`, `IDBDatabase`, … against globals. Decided: the
// store says so at once, naming what is missing and the fix, instead of failing deep inside the
// first upgrade with a misleading abort (what it did before). DESIGN §6 documents the limit.
import { expect, it } from 'vitest';

it('openStore with a given factory but no IndexedDB globals fails fast with a clear storage_unavailable', async () => {
  const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
  const { openStore, isConvologError } = await import('../../src/index.js');
  expect(typeof (globalThis as { IDBRequest?: unknown }).IDBRequest).toBe('undefined');
  const factory = new IDBFactory();
  const error = await openStore({ name: 'custom-factory', indexedDB: factory, IDBKeyRange }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isConvologError(error, 'storage_unavailable')).toBe(true);
  expect((error as Error).message).toContain('IDBRequest');
  expect((error as Error).message).toContain("import 'fake-indexeddb/auto'");
  // Nothing was created behind the refusal.
  expect(await factory.databases()).toEqual([]);
});
