// Lazy attachments (DESIGN §18, §13 "Attachments"): a merge keeps references whose bytes another
// place promises, and `getAttachment` fetches them through the fetchers added with
// `store.addAttachmentFetcher` — checked against the id, stored like a put, fetched once per store.
// Everything that reads bytes (resolveAttachments, exports) goes through it; deleting a chat whose
// bytes never came works. With another tab deleting the chat or fetching the same bytes.
// Node (fake-indexeddb) and real browsers.
import { describe, expect, it } from 'vitest';
import { toOpenAIChatMessages } from '../../src/adapters/index.js';
import { assistant, user } from '../../src/core/constructors.js';
import { ConvologError } from '../../src/core/error.js';
import type { AttachmentSource, Message } from '../../src/core/message.js';
import { resolveAttachments, type AttachmentFetcher, type ConvologStore } from '../../src/store/index.js';
import { attachmentStores, bytesOf, HOUR, settableClock, sha256 } from './attachment-support.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();
const CREATED = '2026-01-01T00:00:00.000Z';

function showing(source: AttachmentSource, text = 'look'): Message {
  return user([{ type: 'text', text }, { type: 'image', source }]);
}

function remote(id: string, message: Message, parentId: string | null = null): Record<string, unknown> {
  return { type: 'message', id, parentId, timestamp: '2026-01-02T00:00:00.000Z', message };
}

/** Bytes held "on a server": their reference, and a fetcher over them that counts its calls. */
async function remoteBytes(size: number, seed: number) {
  const bytes = bytesOf(size, seed);
  const source: AttachmentSource = { kind: 'attachment', id: await sha256(bytes), mediaType: 'image/png', size, filename: 'far.png' };
  return { bytes, source };
}

function serving(held: Map<string, Uint8Array>): AttachmentFetcher & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async fetchAttachment(id) {
      calls.push(id);
      const bytes = held.get(id);
      return bytes === undefined ? undefined : { bytes: bytes.slice().buffer, mediaType: 'image/png' };
    },
  };
}

/** A merge that promises every missing attachment in `promise`, as lazy sync does. */
async function mergePromising(store: ConvologStore, conversationId: string, entries: Record<string, unknown>[], promise: readonly string[]) {
  return store.mergeEntries(conversationId, entries, {
    conversation: { title: 'synced', createdAt: CREATED },
    fetchAttachments: async (missing) => missing.map((source) => source.id).filter((id) => promise.includes(id)),
  });
}

async function bytesIn(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('lazy attachments: promised references and addAttachmentFetcher', () => {
  it('an untrusted merge keeps a promised reference without its bytes and still drops one nobody promises', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const far = await remoteBytes(500, 1);
    const nowhere = await remoteBytes(40, 2);
    const result = await mergePromising(store, 'c1', [
      remote('r1', showing(far.source, 'promised')),
      remote('r2', showing(nowhere.source, 'not promised'), 'r1'),
    ], [far.source.id]);
    const context = await store.context('c1');
    expect(context).toEqual([showing(far.source, 'promised'), user([{ type: 'text', text: 'not promised' }])]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
    // The reference row is written (the bytes will live as long as it), the bytes are not here.
    expect(await attachmentStores(name)).toMatchObject({ ids: [], chunks: 0, refs: [{ conversationId: 'c1', seq: 1, attachmentId: far.source.id }] });
    expect((await store.estimateStorage()).attachments).toBe(0);
    expect(await codeOf(store.getAttachment(far.source.id))).toBe('not_found');
    // The adapters refuse the reference until it is resolved, as any reference.
    expect(() => toOpenAIChatMessages(context)).toThrow(expect.objectContaining({ code: 'unresolved_attachment' }));
  });

  it('a promise of an id the merge did not ask about keeps nothing', async () => {
    const store = await stores.open();
    const nowhere = await remoteBytes(40, 3);
    await store.mergeEntries('c1', [remote('r1', showing(nowhere.source, 'forged'))], {
      conversation: { title: 'synced', createdAt: CREATED },
      fetchAttachments: async () => [nowhere.source.id, 'ff'.repeat(32)],
    });
    // Asked about, and promised: kept. The other id was never referenced, so it changes nothing.
    expect(await store.context('c1')).toEqual([showing(nowhere.source, 'forged')]);
    const stray = await store.mergeEntries('c2', [remote('s1', showing(nowhere.source, 'again'))], {
      conversation: { title: 'other', createdAt: CREATED }, fetchAttachments: async () => ['ff'.repeat(32)],
    });
    expect(stray.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
  });

  it('getAttachment fetches missing bytes once, checks and stores them like a put: counted, then read from the store', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const far = await remoteBytes(1500, 4);
    await mergePromising(store, 'c1', [remote('r1', showing(far.source))], [far.source.id]);
    const fetcher = serving(new Map([[far.source.id, far.bytes]]));
    store.addAttachmentFetcher(fetcher);
    const blob = await store.getAttachment(far.source.id);
    expect(blob.type).toBe('image/png');
    expect(await bytesIn(blob)).toEqual(far.bytes);
    expect(await bytesIn(await store.getAttachment(far.source.id))).toEqual(far.bytes);
    expect(fetcher.calls).toEqual([far.source.id]);
    expect((await store.estimateStorage()).attachments).toBe(1500);
    expect((await attachmentStores(name)).ids).toEqual([far.source.id]);
    // resolveAttachments and the adapters' path read through the same getAttachment.
    const resolved = await resolveAttachments(store, await store.context('c1'));
    expect(resolved[0]!.content).toContainEqual({ type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: expect.any(String) } });
  });

  it('no fetcher, or no fetcher has the bytes: not_found as before; a removed fetcher is not asked', async () => {
    const store = await stores.open();
    const far = await remoteBytes(100, 5);
    expect(await codeOf(store.getAttachment(far.source.id))).toBe('not_found');
    const empty = serving(new Map());
    const remove = store.addAttachmentFetcher(empty);
    expect(await codeOf(store.getAttachment(far.source.id))).toBe('not_found');
    expect(empty.calls).toEqual([far.source.id]);
    remove();
    const full = serving(new Map([[far.source.id, far.bytes]]));
    const removeFull = store.addAttachmentFetcher(full);
    removeFull();
    expect(await codeOf(store.getAttachment(far.source.id))).toBe('not_found');
    expect([empty.calls.length, full.calls.length]).toEqual([1, 0]);
  });

  it('bytes that do not match the id are refused with attachment_mismatch and nothing is stored', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const far = await remoteBytes(800, 6);
    const lie = bytesOf(800, 7);
    store.addAttachmentFetcher(serving(new Map([[far.source.id, lie]])));
    const error = await rejectionOf(store.getAttachment(far.source.id));
    expect(error).toBeInstanceOf(ConvologError);
    expect(error).toMatchObject({ code: 'attachment_mismatch', details: { attachmentId: far.source.id, sha256: await sha256(lie) } });
    expect(await attachmentStores(name)).toMatchObject({ ids: [], chunks: 0 });
  });

  it('a fetcher that fails (offline) fails getAttachment with its own error; a later call fetches', async () => {
    const store = await stores.open();
    const far = await remoteBytes(300, 8);
    let online = false;
    const offline = new ConvologError({ code: 'sync_failed', message: 'offline: retry when online' });
    store.addAttachmentFetcher({
      fetchAttachment: async () => {
        if (!online) throw offline;
        return { bytes: far.bytes, mediaType: 'image/png' };
      },
    });
    expect(await rejectionOf(store.getAttachment(far.source.id))).toBe(offline);
    online = true;
    expect(await bytesIn(await store.getAttachment(far.source.id))).toEqual(far.bytes);
  });

  it('a failing fetcher does not hide another that has the bytes', async () => {
    const store = await stores.open();
    const far = await remoteBytes(300, 9);
    store.addAttachmentFetcher({ fetchAttachment: async () => { throw new Error('down'); } });
    store.addAttachmentFetcher(serving(new Map([[far.source.id, far.bytes]])));
    expect(await bytesIn(await store.getAttachment(far.source.id))).toEqual(far.bytes);
  });

  it('two reads of the same missing id in one store fetch once; two tabs fetching it store it once', async () => {
    const name = stores.name();
    const tab1 = await stores.open({ name });
    const tab2 = await stores.open({ name });
    const far = await remoteBytes(2000, 10);
    await mergePromising(tab1, 'c1', [remote('r1', showing(far.source))], [far.source.id]);
    const held = new Map([[far.source.id, far.bytes]]);
    const fetcher1 = serving(held);
    const fetcher2 = serving(held);
    tab1.addAttachmentFetcher(fetcher1);
    tab2.addAttachmentFetcher(fetcher2);
    const blobs = await Promise.all([tab1.getAttachment(far.source.id), tab1.getAttachment(far.source.id), tab2.getAttachment(far.source.id)]);
    for (const blob of blobs) expect(await bytesIn(blob)).toEqual(far.bytes);
    expect(fetcher1.calls).toEqual([far.source.id]);
    expect(fetcher2.calls.length).toBeLessThanOrEqual(1);
    expect(await attachmentStores(name)).toMatchObject({ ids: [far.source.id], chunks: 1, chunkBytes: 2000 });
    expect((await tab2.estimateStorage()).attachments).toBe(2000);
  });

  it('the chat deleted in another tab while a fetch is in flight: the bytes stay an unreferenced put, collected after the grace period', async () => {
    const name = stores.name();
    const clock = settableClock();
    const tab1 = await stores.open({ name, now: clock.now });
    const tab2 = await stores.open({ name, now: clock.now });
    const far = await remoteBytes(600, 11);
    await mergePromising(tab1, 'c1', [remote('r1', showing(far.source))], [far.source.id]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    tab1.addAttachmentFetcher({
      fetchAttachment: async () => {
        await gate;
        return { bytes: far.bytes, mediaType: 'image/png' };
      },
    });
    const reading = tab1.getAttachment(far.source.id);
    await tab2.deleteConversation('c1');
    release();
    expect(await bytesIn(await reading)).toEqual(far.bytes);
    expect(await attachmentStores(name)).toMatchObject({ ids: [far.source.id], refs: [] });
    clock.advance(25 * HOUR);
    await tab2.putAttachment(bytesOf(10, 12), { mediaType: 'text/plain' });
    expect((await attachmentStores(name)).ids).not.toContain(far.source.id);
  });

  it('deleting a chat whose referenced bytes never came works and removes its reference rows', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const far = await remoteBytes(100, 13);
    await mergePromising(store, 'c1', [remote('r1', showing(far.source)), remote('r2', assistant('a picture'), 'r1')], [far.source.id]);
    expect((await attachmentStores(name)).refs).toEqual([{ conversationId: 'c1', seq: 1, attachmentId: far.source.id }]);
    await store.deleteConversation('c1');
    expect(await store.getConversation('c1')).toBeUndefined();
    expect(await attachmentStores(name)).toMatchObject({ ids: [], chunks: 0, refs: [] });
  });

  it('an append may name bytes not here that an entry here references (an edited message); not ones nothing references', async () => {
    const name = stores.name();
    const tab1 = await stores.open({ name });
    const tab2 = await stores.open({ name });
    const far = await remoteBytes(100, 15);
    const nowhere = await remoteBytes(50, 16);
    await mergePromising(tab1, 'c1', [remote('r1', showing(far.source, 'first'))], [far.source.id]);
    const [edited] = await tab1.append('c1', [showing(far.source, 'edited')], { parentId: null });
    expect(edited!.parentId).toBeNull();
    expect(await codeOf(tab1.append('c1', [showing(nowhere.source)]))).toBe('not_found');
    // Another tab deletes the last conversation referencing it first: the append is refused, as for deleted bytes.
    const other = await tab1.createConversation();
    await tab2.deleteConversation('c1');
    expect(await codeOf(tab1.append(other.id, [showing(far.source, 'too late')]))).toBe('not_found');
    expect(await attachmentStores(name)).toMatchObject({ ids: [], refs: [] });
  });

  it('an export with attachments fetches the missing bytes through the fetcher; offline, it fails with the fetcher\'s error', async () => {
    const store = await stores.open();
    const far = await remoteBytes(700, 14);
    await mergePromising(store, 'c1', [remote('r1', showing(far.source))], [far.source.id]);
    // No fetcher: the export leaves the bytes out and keeps the reference, as before.
    expect((await store.exportConversation('c1')).attachments).toBeUndefined();
    let online = false;
    store.addAttachmentFetcher({
      fetchAttachment: async () => {
        if (!online) throw new ConvologError({ code: 'sync_failed', message: 'offline: retry when online' });
        return { bytes: far.bytes, mediaType: 'image/png' };
      },
    });
    expect(await codeOf(store.exportConversation('c1'))).toBe('sync_failed');
    expect((await store.exportConversation('c1', { attachments: 'omit' })).attachments).toBeUndefined();
    online = true;
    const exported = await store.exportConversation('c1');
    expect(exported.attachments).toEqual([{ id: far.source.id, mediaType: 'image/png', size: 700, data: expect.any(String) }]);
    const zip = await store.exportConversation('c1', { format: 'zip' });
    const copy = await stores.open();
    expect(await copy.importConversation(zip)).toMatchObject({ conversation: { id: 'c1' } });
    expect(await bytesIn(await copy.getAttachment(far.source.id))).toEqual(far.bytes);
  });
});
