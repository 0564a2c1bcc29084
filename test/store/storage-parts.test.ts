// DESIGN §20: `estimateStorage().parts`, what each part of the store takes. The record stores are
// estimated from a bounded sample (count × mean serialized size), attachments and the journal are
// exact. Runs in Node (fake-indexeddb, the in-memory journal folder) and in every browser.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { STORE_JOURNALS } from '../../src/store/create-store-api.js';
import type { ConvologStore, StorageParts } from '../../src/store/index.js';
import { hasOpfs, opfsBackend } from '../../src/store/journal/opfs-backend.js';
import { openStoreWith } from '../../src/store/open-store.js';
import { profile } from './journal/journal-support.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** Texts of 100 to 1,900 characters, in a pattern that repeats every 10 messages (no drift a sample at both ends would miss). */
const text = (index: number): string => `message ${index} `.padEnd(100 + (index % 10) * 200, 'abcdefghij ');

/** Writes `conversations` × `messages` messages; returns the JSON size of every entry as `append` returned it. */
async function writeChats(store: ConvologStore, conversations: number, messages: number): Promise<number> {
  let bytes = 0;
  for (let c = 0; c < conversations; c++) {
    const { id } = await store.createConversation({ title: `chat ${c}` });
    for (let start = 0; start < messages; start += 25) {
      const batch = Array.from({ length: Math.min(25, messages - start) }, (_, i) => (i % 2 === 0 ? user : assistant)(text(start + i)));
      const entries: Entry[] = await store.append(id, batch);
      bytes += entries.reduce((sum, entry) => sum + JSON.stringify(entry).length, 0);
    }
  }
  return bytes;
}

function expectSane(parts: StorageParts): void {
  for (const value of Object.values(parts)) {
    expect(Number.isFinite(value)).toBe(true);
    expect(value).toBeGreaterThanOrEqual(0);
  }
}

describe('estimateStorage().parts', () => {
  it('are all 0 in an empty store without a journal', async () => {
    const store = await stores.open({ journal: false });
    expect((await store.estimateStorage()).parts).toEqual({ conversations: 0, entries: 0, searchIndex: 0, attachments: 0, journal: 0 });
  });

  // 4 chats × 120 messages = 480 entries, well over the sample: the estimate extrapolates. The
  // stored record adds its tree fields (~40 bytes) to the JSON of the public entry: 0.9×–1.3×.
  it('estimate the entries within a stated tolerance of their serialized size', async () => {
    const store = await stores.open({ journal: false });
    const json = await writeChats(store, 4, 120);
    const { parts } = await store.estimateStorage();
    expect(parts.entries).toBeGreaterThan(json * 0.9);
    expect(parts.entries).toBeLessThan(json * 1.3);
    expect(parts.conversations).toBeGreaterThan(4 * 100);
    expect(parts.conversations).toBeLessThan(4 * 1000);
  });

  // 150 chats, more than the sample: the chats' count is extrapolated too (entries are counted
  // from the sampled chats' lengths, not by count(), which walks every key in Chromium).
  it('estimate the entries of more chats than the sample holds', async () => {
    const store = await stores.open({ journal: false });
    const json = await writeChats(store, 150, 4);
    const { parts } = await store.estimateStorage();
    expect(parts.entries).toBeGreaterThan(json * 0.9);
    expect(parts.entries).toBeLessThan(json * 1.3);
  });

  it('count the search index once it is built, and nothing before', async () => {
    const store = await openStoreWith({ name: stores.name(), journal: false }, { backgroundIndexing: false });
    try {
      await writeChats(store, 1, 30);
      expect((await store.estimateStorage()).parts.searchIndex).toBe(0);
      await store.flushSearchIndex();
      const { parts } = await store.estimateStorage();
      expect(parts.searchIndex).toBeGreaterThan(0);
      // Packed postings are much smaller than the text they index.
      expect(parts.searchIndex).toBeLessThan(parts.entries);
    } finally {
      store.close();
    }
  });

  it('count attachments exactly, as the top-level `attachments`', async () => {
    const store = await stores.open({ journal: false });
    await store.putAttachment(new Uint8Array(70_000).fill(7), { mediaType: 'image/png' });
    await store.putAttachment(new Uint8Array(1_234).fill(9), { mediaType: 'image/png' });
    const estimate = await store.estimateStorage();
    expect(estimate.parts.attachments).toBe(71_234);
    expect(estimate.attachments).toBe(71_234);
  });

  it('count the journal folder\'s files exactly (in-memory folder)', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    try {
      await writeChats(store, 2, 30);
      await store.putAttachment(new Uint8Array(5_000).fill(3), { mediaType: 'image/png' });
      await STORE_JOURNALS.get(store)!.flushed();
      await STORE_JOURNALS.get(store)!.rolled();
      const encoder = new TextEncoder();
      const files = [...browser.memory.files(name).values()].reduce((sum, file) => sum + encoder.encode(file).byteLength, 0);
      const binaries = [...browser.memory.binaries(name).values()].reduce((sum, file) => sum + file.byteLength, 0);
      const { parts } = await store.estimateStorage();
      expect(files).toBeGreaterThan(0);
      expect(binaries).toBeGreaterThan(5_000);
      expect(parts.journal).toBe(files + binaries);
    } finally {
      store.close();
    }
  });

  it.runIf(hasOpfs())('count the journal\'s files in OPFS exactly', async () => {
    const name = stores.name();
    const store = await stores.open({ name, journal: true });
    await writeChats(store, 2, 30);
    await STORE_JOURNALS.get(store)!.flushed();
    await STORE_JOURNALS.get(store)!.rolled();
    const folder = await opfsBackend(name);
    const { parts } = await store.estimateStorage();
    let bytes = 0;
    for (const file of await folder.list()) bytes += (await folder.readBytes!(file))!.byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(parts.journal).toBe(bytes);
  });

  // Another tab appending while the estimate counts and samples, and this tab too: the estimate
  // reads in one transaction, so it sees the store before or after each write, never a half.
  it('answer with sane numbers while other writers append', async () => {
    const name = stores.name();
    const store = await stores.open({ name, journal: false });
    const other = await stores.open({ name, journal: false });
    await writeChats(store, 1, 150);
    const writes = Promise.all([writeChats(other, 2, 50), writeChats(store, 1, 50)]);
    const estimates = await Promise.all(Array.from({ length: 6 }, () => store.estimateStorage()));
    await writes;
    for (const { parts } of estimates) {
      expectSane(parts);
      expect(parts.entries).toBeGreaterThan(0);
    }
    expectSane((await store.estimateStorage()).parts);
  });
});
