import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();
const EMPTY = { conversations: 0, entries: 0, searchIndex: 0, attachments: 0, journal: 0 };
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('estimateStorage / requestPersistence', () => {
  it('report what navigator.storage says', async () => {
    const store = await stores.open({ journal: false });
    vi.stubGlobal('navigator', {
      storage: { estimate: async () => ({ usage: 10, quota: 100 }), persisted: async () => true, persist: async () => true },
    });
    expect(await store.estimateStorage()).toEqual({ usage: 10, quota: 100, persisted: true, attachments: 0, parts: EMPTY });
    expect(await store.requestPersistence()).toBe(true);
  });

  it('say nothing, without throwing, where navigator.storage is missing or refuses', async () => {
    const store = await stores.open({ journal: false });
    vi.stubGlobal('navigator', {});
    expect(await store.estimateStorage()).toEqual({ attachments: 0, parts: EMPTY });
    expect(await store.requestPersistence()).toBe(false);
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => { throw new Error('denied'); }, persisted: async () => { throw new Error('denied'); },
        persist: async () => { throw new Error('denied'); },
      },
    });
    expect(await store.estimateStorage()).toEqual({ attachments: 0, parts: EMPTY });
    expect(await store.requestPersistence()).toBe(false);
  });

  it('work against the platform as it is', async () => {
    const store = await stores.open({ journal: false });
    const estimate = await store.estimateStorage();
    for (const value of [estimate.usage, estimate.quota]) if (value !== undefined) expect(value).toBeGreaterThanOrEqual(0);
    expect(typeof (await store.requestPersistence())).toBe('boolean');
  });

  // WebKitGTK has no navigator.storage at all (DESIGN §19): the store answers without it.
  it.runIf(typeof navigator !== 'undefined' && !('storage' in navigator))('answer {} and false in an engine without navigator.storage', async () => {
    const store = await stores.open({ journal: false });
    expect(await store.estimateStorage()).toEqual({ attachments: 0, parts: EMPTY });
    expect(await store.requestPersistence()).toBe(false);
  });

  // Chromium and Firefox have it: real numbers, and Firefox's persist() answers (the test profile
  // grants the prompt, shared/TOOLCHAIN.md) instead of waiting on it.
  it.runIf(typeof navigator !== 'undefined' && 'storage' in navigator)('report real usage and quota in an engine with navigator.storage', async () => {
    const store = await stores.open({ journal: false });
    const estimate = await store.estimateStorage();
    expect(estimate.usage).toBeGreaterThanOrEqual(0);
    expect(estimate.quota).toBeGreaterThan(0);
    expect(typeof estimate.persisted).toBe('boolean');
    expect(typeof (await store.requestPersistence())).toBe('boolean');
  });
});
