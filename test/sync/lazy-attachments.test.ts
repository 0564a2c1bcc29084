// `createCouchSync(store, { attachments: 'lazy' })` against a real CouchDB-compatible server
// (DESIGN §13 "Attachments", §18): a pull fetches no bytes, only checks (one `POST _all_docs`)
// that the server holds them, and keeps the references; `getAttachment` then fetches each once,
// checks it against its id and stores it. A lying server, offline, another tab deleting the chat
// or fetching the same picture, and an eager and a lazy device on one server.
import { inspect } from 'node:util';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { AttachmentSource, Message } from '../../src/core/message.js';
import { openStore, type ConvologStore } from '../../src/store/index.js';
import type { SyncEvent } from '../../src/sync/index.js';
import { bytesOf } from '../store/attachment-support.js';
import { useCouchServer } from './couch-server.js';
import { countingFetch, useDevices } from './devices.js';
import { syncOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();
const tabs: ConvologStore[] = [];
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

function showing(source: AttachmentSource, text = 'look'): Message {
  return user([{ type: 'text', text }, { type: 'image', source }]);
}

async function bytesIn(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function warningsOf(events: SyncEvent[]): Array<{ code: string; documentId?: string }> {
  return events.flatMap((event) => (event.type === 'warning' ? [{ code: event.warning.code, ...(event.documentId === undefined ? {} : { documentId: event.documentId }) }] : []));
}

function dataPath(id: string): string {
  return `${encodeURIComponent(`attachment:${id}`)}/data`;
}

/** Replaces the server's bytes under an attachment's id (possible without setup()'s validate function). */
async function tamper(url: string, id: string, bytes: Uint8Array): Promise<void> {
  const current = await (await fetch(`${url}/${encodeURIComponent(`attachment:${id}`)}`)).json() as { _rev: string };
  const put = await fetch(`${url}/${dataPath(id)}?rev=${current._rev}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(201);
}

/** A laptop with one conversation showing a picture, pushed to a fresh database. */
async function pushedPicture(bytes = bytesOf(3000, 21)) {
  const url = await server().database();
  const laptop = await device();
  const image = await laptop.putAttachment(bytes, { mediaType: 'image/png', filename: 'beach.png' });
  const conversation = await laptop.createConversation({ title: 'pictures' });
  await laptop.append(conversation.id, [showing(image), assistant('A beach.')]);
  await syncOf(laptop, url).push();
  return { url, laptop, image, bytes, conversationId: conversation.id };
}

/** Two tabs of one device: two stores on one database of one IndexedDB factory. */
async function twoTabs(): Promise<[ConvologStore, ConvologStore]> {
  const factory = new IDBFactory();
  const name = `tablet-${Math.random().toString(36).slice(2)}`;
  const first = await openStore({ name, indexedDB: factory, IDBKeyRange });
  const second = await openStore({ name, indexedDB: factory, IDBKeyRange });
  tabs.push(first, second);
  return [first, second];
}

/** A fetch that holds every `GET …/data` until `release()`. */
function gatedFetch(): { fetch: typeof fetch; release(): void; waiting: Promise<void> } {
  let release!: () => void;
  let arrived!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const waiting = new Promise<void>((resolve) => { arrived = resolve; });
  return {
    release, waiting,
    fetch: async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET' && String(input).endsWith('/data')) {
        arrived();
        await gate;
      }
      return fetch(input, init);
    },
  };
}

describe('lazy attachments through sync', { timeout: 60_000 }, () => {
  it('a lazy pull fetches no bytes and keeps the references; getAttachment then fetches once, checked and stored', async () => {
    const { url, laptop, image, bytes, conversationId } = await pushedPicture();
    const tablet = await device();
    const counter = countingFetch();
    const events: SyncEvent[] = [];
    const sync = syncOf(tablet, url, { deviceId: 'tablet', fetch: counter.fetch, attachments: 'lazy' });
    sync.subscribe((event) => events.push(event));
    expect(await sync.pull()).toMatchObject({ entries: 2 });
    // One check that the server holds the bytes; no GET of them.
    expect(counter.requests).toEqual(['GET _local/convolog-sync-tablet', 'GET _changes', 'POST _all_docs', 'PUT _local/convolog-sync-tablet']);
    expect(warningsOf(events)).toEqual([]);
    expect(await tablet.context(conversationId)).toEqual(await laptop.context(conversationId));
    expect((await tablet.estimateStorage()).attachments).toBe(0);
    counter.requests.length = 0;
    const blob = await tablet.getAttachment(image.id);
    expect(blob.type).toBe('image/png');
    expect(await bytesIn(blob)).toEqual(bytes);
    expect(await bytesIn(await tablet.getAttachment(image.id))).toEqual(bytes);
    expect(counter.requests).toEqual([`GET ${dataPath(image.id)}`]);
    expect((await tablet.estimateStorage()).attachments).toBe(3000);
  });

  it('an untrusted lazy pull still drops references the server does not hold, or holds at another size, with warnings', async () => {
    const { url, laptop, image } = await pushedPicture();
    const second = await laptop.putAttachment(bytesOf(500, 22), { mediaType: 'image/png' });
    const other = await laptop.createConversation({ title: 'another' });
    await laptop.append(other.id, [showing(second, 'second')]);
    await syncOf(laptop, url).push();
    // The first picture's document deleted, the second's bytes replaced by 600 others (no setup: allowed).
    const documentUrl = `${url}/${encodeURIComponent(`attachment:${image.id}`)}`;
    const { _rev: rev } = await (await fetch(documentUrl)).json() as { _rev: string };
    expect((await fetch(`${documentUrl}?rev=${rev}`, { method: 'DELETE' })).status).toBe(200);
    await tamper(url, second.id, bytesOf(600, 23));
    const tablet = await device();
    const events: SyncEvent[] = [];
    const sync = syncOf(tablet, url, { attachments: 'lazy' });
    sync.subscribe((event) => events.push(event));
    await sync.pull();
    expect(warningsOf(events)).toEqual(expect.arrayContaining([
      { code: 'missing_attachment', documentId: `attachment:${image.id}` },
      { code: 'attachment_mismatch', documentId: `attachment:${second.id}` },
    ]));
    expect(warningsOf(events).filter((warning) => warning.code === 'dropped_block')).toHaveLength(2);
    const texts = (await Promise.all((await tablet.listConversations()).map((conversation) => tablet.context(conversation.id)))).flat();
    expect(texts.filter((message) => message.role === 'user')).toEqual(expect.arrayContaining([user([{ type: 'text', text: 'look' }]), user([{ type: 'text', text: 'second' }])]));
  });

  it('a lying server (other bytes of the same size under the id): getAttachment refuses them with attachment_mismatch and stores nothing', async () => {
    const { url, image, conversationId } = await pushedPicture();
    await tamper(url, image.id, bytesOf(3000, 24));
    const tablet = await device();
    await syncOf(tablet, url, { attachments: 'lazy' }).pull();
    // The size matches, so the pull keeps the promise; the bytes are what gives the lie away.
    expect((await tablet.context(conversationId))[0]).toEqual(showing(image));
    await expect(tablet.getAttachment(image.id)).rejects.toMatchObject({ code: 'attachment_mismatch', details: { attachmentId: image.id } });
    expect((await tablet.estimateStorage()).attachments).toBe(0);
  });

  it('offline: getAttachment fails with sync_failed saying to retry when online, no credential in it; a later call succeeds', async () => {
    const { url, image, bytes } = await pushedPicture();
    const tablet = await device();
    let online = true;
    const secret = 'Basic dGFibGV0OnMzY3JldC10b2tlbg==';
    const sync = syncOf(tablet, url, {
      attachments: 'lazy', headers: { 'x-device-token': secret },
      fetch: async (input, init) => {
        if (!online) throw new TypeError(`fetch failed (x-device-token: ${secret})`);
        return fetch(input, init);
      },
    });
    await sync.pull();
    online = false;
    const error = await tablet.getAttachment(image.id).then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'sync_failed', details: { attachmentId: image.id, request: `GET ${dataPath(image.id)}` } });
    expect((error as Error).message).toMatch(/on the sync server.*Retry when online/);
    const serialized = `${inspect(error, { depth: 20, showHidden: true })}${JSON.stringify(error)}`;
    expect(serialized).not.toContain('dGFibGV0OnMzY3JldC10b2tlbg');
    expect((await tablet.estimateStorage()).attachments).toBe(0);
    online = true;
    expect(await bytesIn(await tablet.getAttachment(image.id))).toEqual(bytes);
  });

  it('the chat deleted in another tab while a lazy fetch is in flight: the read completes, the bytes are an unreferenced put', async () => {
    const { url, image, bytes, conversationId } = await pushedPicture();
    const [tab1, tab2] = await twoTabs();
    const gate = gatedFetch();
    await syncOf(tab1, url, { attachments: 'lazy', fetch: gate.fetch }).pull();
    const reading = tab1.getAttachment(image.id);
    await gate.waiting;
    await tab2.deleteConversation(conversationId);
    gate.release();
    expect(await bytesIn(await reading)).toEqual(bytes);
    expect(await tab2.getConversation(conversationId)).toBeUndefined();
    // Stored like any put: counted, in its grace period (no conversation references it).
    expect((await tab2.estimateStorage()).attachments).toBe(3000);
    expect(await tab2.listConversations()).toEqual([]);
  });

  it('two tabs fetching the same picture: both read it, it is stored once', async () => {
    const { url, image, bytes } = await pushedPicture();
    const [tab1, tab2] = await twoTabs();
    const counter = countingFetch();
    await syncOf(tab1, url, { attachments: 'lazy', fetch: counter.fetch }).pull();
    syncOf(tab2, url, { attachments: 'lazy', fetch: counter.fetch });
    expect((await tab1.estimateStorage()).attachments).toBe(0);
    counter.requests.length = 0;
    const blobs = await Promise.all([tab1.getAttachment(image.id), tab2.getAttachment(image.id), tab1.getAttachment(image.id)]);
    for (const blob of blobs) expect(await bytesIn(blob)).toEqual(bytes);
    // One fetch per tab at most (the same tab's two reads share one).
    expect(counter.requests.length).toBeGreaterThanOrEqual(1);
    expect(counter.requests.every((request) => request === `GET ${dataPath(image.id)}`)).toBe(true);
    expect(counter.requests.length).toBeLessThanOrEqual(2);
    expect((await tab1.estimateStorage()).attachments).toBe(3000);
  });

  it('an eager and a lazy device on one server: each sees the other\'s pictures, the lazy one fetching on demand', async () => {
    const { url, laptop, image, bytes, conversationId } = await pushedPicture();
    const phone = await device();
    const tablet = await device();
    const phoneSync = syncOf(phone, url, { deviceId: 'phone' });
    const tabletSync = syncOf(tablet, url, { deviceId: 'tablet', attachments: 'lazy' });
    await phoneSync.once();
    await tabletSync.once();
    expect((await phone.estimateStorage()).attachments).toBe(3000);
    expect((await tablet.estimateStorage()).attachments).toBe(0);
    // The tablet adds its own picture to the laptop's chat, and forwards the laptop's (bytes not here).
    const mine = await tablet.putAttachment(bytesOf(700, 25), { mediaType: 'image/png' });
    await tablet.append(conversationId, [showing(mine, 'mine'), assistant('Yours.'), showing(image, 'again')]);
    expect((await tabletSync.once()).written).toBe(4);
    await phoneSync.once();
    await syncOf(laptop, url).once();
    for (const other of [phone, laptop]) {
      expect(await other.context(conversationId)).toEqual(await tablet.context(conversationId));
      expect((await other.getAttachment(mine.id)).size).toBe(700);
    }
    expect(await bytesIn(await tablet.getAttachment(image.id))).toEqual(bytes);
  });

  it('an eager client keeps its behaviour: no fetcher, a missing picture is not_found without a request', async () => {
    const { url, image } = await pushedPicture();
    const phone = await device();
    const counter = countingFetch();
    syncOf(phone, url, { fetch: counter.fetch });
    await expect(phone.getAttachment(image.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(counter.requests).toEqual([]);
  });
});
