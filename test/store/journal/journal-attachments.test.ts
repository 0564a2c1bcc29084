// DESIGN §21 with §18: the journal mirrors attachment bytes too. Before, a restored database kept
// every reference and answered `not_found` for its bytes: pictures lost with the database. Each
// put's bytes are now a file of the journal (`a-<id>`), written before the put resolves, once per
// id; a restore puts them back (checked against their id) before the conversations that reference
// them; a roll removes the files of attachments the store no longer has.
import { describe, expect, it } from 'vitest';
import { user } from '../../../src/core/constructors.js';
import { isConvologError } from '../../../src/core/error.js';
import type { ConvologStore } from '../../../src/store/index.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import { liveLockName } from '../../../src/store/journal/live-files.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, profile, type Profile } from './journal-support.js';

const stores = storeFixture();

function bytesOf(seed: number, size: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, index) => (index * 31 + seed) % 251);
}

function attachmentFiles(browser: Profile, name: string): string[] {
  return [...browser.memory.files(name).keys(), ...browser.memory.binaries(name).keys()].filter((file) => file.startsWith('a-')).sort();
}

/** Whether the store holds exactly `bytes` under `id` (compared here: a deep equal of 300,000 numbers takes seconds). */
async function holds(store: ConvologStore, id: string, bytes: Uint8Array): Promise<boolean> {
  const stored = new Uint8Array(await (await store.getAttachment(id)).arrayBuffer());
  return stored.length === bytes.length && stored.every((byte, index) => byte === bytes[index]);
}

// A 300 KB picture spans two chunks; hashing and cloning it in fake-indexeddb takes seconds at load.
describe('attachment bytes in the journal', { timeout: 30_000 }, () => {
  it('come back with the restore: a picture appended before the reset reads whole after it', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const picture = bytesOf(1, 300_000);
    const ref = await store.putAttachment(picture, { mediaType: 'image/png', filename: 'cat.png' });
    const { id } = await store.createConversation({ title: 'with a picture' });
    await store.append(id, [user([{ type: 'text', text: 'look' }, { type: 'image', source: ref }])]);
    store.close();

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.issues).toEqual([]);
    expect(restored.openReport.restored).toEqual({ conversations: 1, entries: 1, attachments: 1 });
    expect(await holds(restored, ref.id, picture)).toBe(true);
    restored.close();
  });

  it('a reference a lazy sync kept without its bytes survives a reset, and its bytes come back lazily, journaled then', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const picture = bytesOf(4, 2000);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', picture as Uint8Array<ArrayBuffer>));
    const id = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
    const source = { kind: 'attachment' as const, id, mediaType: 'image/png', size: 2000 };
    const message = user([{ type: 'text', text: 'on the server' }, { type: 'image', source }]);
    await store.mergeEntries('c1', [{ type: 'message', id: 'r1', parentId: null, timestamp: '2026-01-02T00:00:00.000Z', message }], {
      conversation: { title: 'synced', createdAt: '2026-01-01T00:00:00.000Z' }, fetchAttachments: async () => [id],
    });
    store.close();

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.restored).toMatchObject({ conversations: 1, entries: 1, attachments: 0 });
    expect(await restored.context('c1')).toEqual([message]);
    restored.addAttachmentFetcher({ fetchAttachment: async () => ({ bytes: picture, mediaType: 'image/png' }) });
    expect(await holds(restored, id, picture)).toBe(true);
    expect(attachmentFiles(browser, name)).toEqual([`a-${id}`]);
    restored.close();
  });

  it('are written once per id, however many times the same bytes are put', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const first = await store.putAttachment(bytesOf(2, 1000), { mediaType: 'image/png' });
    await store.putAttachment(bytesOf(2, 1000), { mediaType: 'image/png' });
    let writes = 0;
    browser.memory.faults.refuseWrite = () => {
      writes++;
      return false;
    };
    await store.putAttachment(bytesOf(2, 1000), { mediaType: 'image/png' });
    expect(writes).toBe(0);
    expect(attachmentFiles(browser, name)).toEqual([`a-${first.id}`]);
    store.close();
  });

  it('are not restored when they do not match their id, and the restore says which', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open();
    const ref = await store.putAttachment(bytesOf(3, 5000), { mediaType: 'application/pdf', filename: 'a.pdf' });
    const { id } = await store.createConversation({ title: 'with a file' });
    await store.append(id, [user([{ type: 'file', source: ref }])]);
    store.close();
    const file = browser.memory.binaries(name).get(`a-${ref.id}`)!;
    file[file.length - 1] = file[file.length - 1]! ^ 0xff; // flipped bits on disk

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.restored).toMatchObject({ conversations: 1, attachments: 0 });
    expect(restored.openReport.issues).toEqual([expect.objectContaining({ code: 'journal_unreadable', file: `a-${ref.id}` })]);
    const failure = await restored.getAttachment(ref.id).catch((error: unknown) => error);
    expect(isConvologError(failure) && failure.code).toBe('not_found');
    restored.close();
  });

  it('are removed by a roll once the store no longer has them', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open({}, 1);
    const kept = await store.putAttachment(bytesOf(4, 2000), { mediaType: 'image/png' });
    const dropped = await store.putAttachment(bytesOf(5, 2000), { mediaType: 'image/png' });
    const { id } = await store.createConversation({ title: 'keeps one' });
    await store.append(id, [user([{ type: 'image', source: kept }])]);
    const other = await store.createConversation({ title: 'goes' });
    await store.append(other.id, [user([{ type: 'image', source: dropped }])]);
    expect(attachmentFiles(browser, name)).toEqual([`a-${dropped.id}`, `a-${kept.id}`].sort());
    await store.deleteConversation(other.id); // removes `dropped`: nothing else references it
    await STORE_JOURNALS.get(store)?.rolled();
    expect(attachmentFiles(browser, name)).toEqual([`a-${kept.id}`]);
    store.close();
  });

  // Where Web Locks are (browsers): a put writes its file beside its commit, the file marked live.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  it.runIf(locks !== undefined)('are written beside the commit with the file marked live, and a roll leaves a live file alone', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open({}, 1);
    const liveNames = async (): Promise<string[]> => ((await locks!.query()).held ?? []).map((lock) => lock.name ?? '');
    let heldDuringWrite: string[] = [];
    browser.memory.faults.afterWriteBytes = async () => {
      heldDuringWrite = await liveNames();
    };
    const ref = await store.putAttachment(bytesOf(7, 2000), { mediaType: 'image/png' });
    expect(heldDuringWrite).toContain(liveLockName(name, `a-${ref.id}`));
    expect(await liveNames()).not.toContain(liveLockName(name, `a-${ref.id}`));

    // A put in flight in another tab: its file written, its commit not landed (IndexedDB lacks the id).
    const inFlight = 'f'.repeat(64);
    browser.memory.binaries(name).set(`a-${inFlight}`, new Uint8Array([1, 2, 3]));
    let release!: () => void;
    const held = new Promise<void>((resolve) => void locks!.request(liveLockName(name, `a-${inFlight}`), () => new Promise<void>((done) => {
      release = done;
      resolve();
    })));
    await held;
    const { id } = await store.createConversation({ title: 'a write to roll' });
    await store.append(id, [user('one')]);
    await STORE_JOURNALS.get(store)?.rolled();
    expect(attachmentFiles(browser, name)).toContain(`a-${inFlight}`);
    release();
    await store.append(id, [user('two')]); // the next roll: no longer live, and IndexedDB lacks it
    await STORE_JOURNALS.get(store)?.rolled();
    expect(attachmentFiles(browser, name)).toEqual([`a-${ref.id}`]);
    store.close();
  });

  it('stay when the same bytes are put again between the roll reading the store and removing the file', async () => {
    const name = stores.name();
    const browser = profile(name);
    const store = await browser.open({}, 1);
    const picture = bytesOf(6, 3000);
    const ref = await store.putAttachment(picture, { mediaType: 'image/png', filename: 'again.png' });
    const { id } = await store.createConversation({ title: 'goes' });
    await store.append(id, [user([{ type: 'image', source: ref }])]);
    await STORE_JOURNALS.get(store)?.rolled();
    // Another tab pastes the same picture after the roll read the attachments (the id was gone)
    // and before it removes the file: the put commits its bytes and writes its file first.
    let putAgain = false;
    browser.memory.faults.beforeRemove = async (file) => {
      if (file !== `a-${ref.id}` || putAgain) return;
      putAgain = true;
      await other.putAttachment(picture, { mediaType: 'image/png', filename: 'again.png' });
    };
    const other = await browser.open();
    await store.deleteConversation(id); // removes the bytes: nothing else references them
    await STORE_JOURNALS.get(store)?.rolled();
    expect(putAgain).toBe(true);
    expect(attachmentFiles(browser, name)).toEqual([`a-${ref.id}`]);
    store.close();
    other.close();

    await deleteBehindTheStoresBack(name);
    const restored = await browser.open();
    expect(restored.openReport.issues).toEqual([]);
    expect(await holds(restored, ref.id, picture)).toBe(true);
    restored.close();
  });
});
