import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('estimateStorage / requestPersistence', () => {
  it('report what navigator.storage says', async () => {
    const store = await stores.open();
    vi.stubGlobal('navigator', {
      storage: { estimate: async () => ({ usage: 10, quota: 100 }), persisted: async () => true, persist: async () => true },
    });
    expect(await store.estimateStorage()).toEqual({ usage: 10, quota: 100, persisted: true });
    expect(await store.requestPersistence()).toBe(true);
  });

  it('say nothing, without throwing, where navigator.storage is missing or refuses', async () => {
    const store = await stores.open();
    vi.stubGlobal('navigator', {});
    expect(await store.estimateStorage()).toEqual({});
    expect(await store.requestPersistence()).toBe(false);
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => { throw new Error('denied'); }, persisted: async () => { throw new Error('denied'); },
        persist: async () => { throw new Error('denied'); },
      },
    });
    expect(await store.estimateStorage()).toEqual({});
    expect(await store.requestPersistence()).toBe(false);
  });

  it('work against the platform as it is', async () => {
    const store = await stores.open();
    const estimate = await store.estimateStorage();
    for (const value of [estimate.usage, estimate.quota]) if (value !== undefined) expect(value).toBeGreaterThanOrEqual(0);
    expect(typeof (await store.requestPersistence())).toBe('boolean');
  });
});
