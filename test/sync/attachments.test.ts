// Attachments through sync against a real CouchDB-compatible server (DESIGN §13, §18): each one an
// `attachment:<id>` document with the bytes as its CouchDB attachment `data`, uploaded once before
// the entries that reference it, fetched and checked against the id before a pull merges them.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { AttachmentSource, Message } from '../../src/core/message.js';
import type { ConvologStore } from '../../src/store/index.js';
import type { MergeEntriesOptions } from '../../src/store/types/options.js';
import type { SyncEvent } from '../../src/sync/index.js';
import type { SyncStore } from '../../src/sync/sync-store.js';
import { bytesOf } from '../store/attachment-support.js';
import { useCouchServer } from './couch-server.js';
import { allDocuments, countingFetch, useDevices } from './devices.js';
import { syncOf, treeOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

function showing(source: AttachmentSource, text = 'look'): Message {
  return user([{ type: 'text', text }, { type: 'image', source }]);
}

async function bytesIn(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function warningsOf(events: SyncEvent[]): Array<{ code: string; documentId?: string }> {
  return events.flatMap((event) => (event.type === 'warning' ? [{ code: event.warning.code, ...(event.documentId === undefined ? {} : { documentId: event.documentId }) }] : []));
}

function attachmentPath(id: string): string {
  return `${encodeURIComponent(`attachment:${id}`)}/data`;
}

/** Replaces the server's bytes under an attachment's id (a server without setup()'s validate function lets it). */
async function tamper(url: string, id: string, bytes: Uint8Array): Promise<void> {
  const current = await (await fetch(`${url}/${encodeURIComponent(`attachment:${id}`)}`)).json() as { _rev: string };
  const put = await fetch(`${url}/${attachmentPath(id)}?rev=${current._rev}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(201);
}

/** A laptop with one conversation showing a picture, pushed; the database, the store and the picture. */
async function laptopWithPicture(bytes = bytesOf(3000, 7)) {
  const url = await server().database();
  const laptop = await device();
  const image = await laptop.putAttachment(bytes, { mediaType: 'image/png', filename: 'beach.png' });
  const conversation = await laptop.createConversation({ title: 'pictures' });
  await laptop.append(conversation.id, [showing(image), assistant('A beach.')]);
  return { url, laptop, image, bytes, conversationId: conversation.id };
}

describe('sync of attachments', { timeout: 60_000 }, () => {
  it('a picture put and appended on one device reaches the other: same reference, same bytes, same media type', async () => {
    const { url, laptop, image, bytes, conversationId } = await laptopWithPicture();
    const events: SyncEvent[] = [];
    const laptopSync = syncOf(laptop, url);
    laptopSync.subscribe((event) => events.push(event));
    // Two entry documents, the conversation's, and the attachment's.
    expect(await laptopSync.once()).toMatchObject({ written: 4 });
    const document = (await allDocuments(url)).get(`attachment:${image.id}`)!;
    expect(document['_attachments']).toMatchObject({ data: { content_type: 'image/png', length: 3000 } });
    const phone = await device();
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    expect(await phoneSync.once()).toMatchObject({ entries: 2 });
    expect(await phone.context(conversationId)).toEqual(await laptop.context(conversationId));
    const blob = await phone.getAttachment(image.id);
    expect(blob.type).toBe('image/png');
    expect(await bytesIn(blob)).toEqual(bytes);
    expect(warningsOf(events)).toEqual([]);
  });

  it('pushing twice uploads the bytes once: a second reference, a new client and another device holding them send none', async () => {
    const { url, laptop, image, bytes, conversationId } = await laptopWithPicture();
    const counter = countingFetch();
    await syncOf(laptop, url, { fetch: counter.fetch }).push();
    expect(counter.requests.filter((request) => request.startsWith('PUT attachment'))).toEqual([`PUT ${attachmentPath(image.id)}`]);
    // The attachment check comes before the entries that reference it.
    expect(counter.requests.indexOf(`PUT ${attachmentPath(image.id)}`)).toBeLessThan(counter.requests.indexOf('POST _bulk_docs'));
    counter.requests.length = 0;
    await laptop.append(conversationId, [showing(image, 'again')]);
    const sync = syncOf(laptop, url, { fetch: counter.fetch });
    expect(await sync.push()).toEqual({ written: 1 });
    expect(await syncOf(laptop, url, { fetch: counter.fetch }).push()).toEqual({ written: 0 });
    const phone = await device();
    const mine = await phone.putAttachment(bytes, { mediaType: 'image/png' });
    const other = await phone.createConversation();
    await phone.append(other.id, [showing(mine)]);
    await syncOf(phone, url, { fetch: counter.fetch }).push();
    expect(counter.requests.filter((request) => request.startsWith('PUT attachment'))).toEqual([]);
  });

  it('an incremental sync of one entry with a new picture: 5 requests up (check, bytes, entries, changes, checkpoint), 3 down', async () => {
    const { url, laptop, conversationId } = await laptopWithPicture();
    const phone = await device();
    const counter = countingFetch();
    const laptopSync = syncOf(laptop, url, { deviceId: 'laptop', fetch: counter.fetch });
    const phoneSync = syncOf(phone, url, { deviceId: 'phone', fetch: counter.fetch });
    await laptopSync.once();
    await phoneSync.once();
    const next = await laptop.putAttachment(bytesOf(800, 11), { mediaType: 'image/png' });
    await laptop.append(conversationId, [showing(next, 'and this')]);
    counter.requests.length = 0;
    await laptopSync.once();
    // The laptop's own entry comes back in _changes: already here, so its bytes are not fetched.
    expect(counter.requests).toEqual(['POST _all_docs', `PUT ${attachmentPath(next.id)}`, 'POST _bulk_docs', 'GET _changes', 'PUT _local/convolog-sync-laptop']);
    counter.requests.length = 0;
    await phoneSync.once();
    expect(counter.requests).toEqual(['GET _changes', `GET ${attachmentPath(next.id)}`, 'PUT _local/convolog-sync-phone']);
    expect((await phone.getAttachment(next.id)).size).toBe(800);
  });

  it('an upload that finds the document there (another device won the race) counts as there: 409 without setup, 403 write-once with it', async () => {
    for (const withSetup of [false, true]) {
      const { url, laptop, image, bytes } = await laptopWithPicture();
      if (withSetup) await syncOf(laptop, url).setup();
      // The other device's upload lands between this push's _all_docs check and its PUT.
      const sent: string[] = [];
      const racing: typeof fetch = async (input, init) => {
        sent.push(`${init?.method ?? 'GET'} ${String(input).slice(url.length + 1)}`);
        const response = await fetch(input, init);
        if (init?.method === 'POST' && String(input).endsWith('/_all_docs')) {
          await fetch(`${url}/${attachmentPath(image.id)}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes as Uint8Array<ArrayBuffer> });
        }
        return response;
      };
      const events: SyncEvent[] = [];
      const sync = syncOf(laptop, url, { fetch: racing });
      sync.subscribe((event) => events.push(event));
      expect(await sync.push(), `setup: ${withSetup}`).toEqual({ written: 3 });
      // It did try: the PUT found the document there and the push went on to the entries.
      expect(sent.filter((request) => request.startsWith('PUT attachment'))).toEqual([`PUT ${attachmentPath(image.id)}`]);
      expect(sent.at(-2)).toBe('POST _bulk_docs');
      expect(warningsOf(events)).toEqual([]);
    }
  });

  it('setup() keeps attachment documents write-once: other bytes under the id and a delete are refused', async () => {
    const { url, laptop, image } = await laptopWithPicture();
    const sync = syncOf(laptop, url);
    await sync.setup();
    await sync.push();
    const documentUrl = `${url}/${encodeURIComponent(`attachment:${image.id}`)}`;
    const { _rev: rev } = await (await fetch(documentUrl)).json() as { _rev: string };
    const replaced = await fetch(`${url}/${attachmentPath(image.id)}?rev=${rev}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array([1, 2, 3]) });
    expect(replaced.status).toBe(403);
    expect(await replaced.json()).toEqual({ error: 'forbidden', reason: 'convolog: attachment documents are write-once' });
    expect((await fetch(`${documentUrl}?rev=${rev}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('other bytes on the server under the id are refused on pull with a warning, and the reference is dropped', async () => {
    const { url, laptop, image, conversationId } = await laptopWithPicture();
    await syncOf(laptop, url).push();
    await tamper(url, image.id, bytesOf(3000, 8));
    const phone = await device();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    expect(await phoneSync.pull()).toMatchObject({ entries: 2 });
    expect(warningsOf(events)).toEqual([
      { code: 'attachment_mismatch', documentId: `attachment:${image.id}` },
      { code: 'dropped_block' },
    ]);
    const [question] = await phone.context(conversationId);
    expect(question).toEqual(user([{ type: 'text', text: 'look' }]));
    await expect(phone.getAttachment(image.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('an attachment document deleted on the server (no setup): the push warns and still sends the entries', async () => {
    const { url, laptop, image, bytes } = await laptopWithPicture();
    await syncOf(laptop, url).push();
    const documentUrl = `${url}/${encodeURIComponent(`attachment:${image.id}`)}`;
    const { _rev: rev } = await (await fetch(documentUrl)).json() as { _rev: string };
    expect((await fetch(`${documentUrl}?rev=${rev}`, { method: 'DELETE' })).status).toBe(200);
    const phone = await device();
    const mine = await phone.putAttachment(bytes, { mediaType: 'image/png' });
    const other = await phone.createConversation();
    await phone.append(other.id, [showing(mine)]);
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    // pouchdb-server refuses bytes under a deleted document (404): before, that failed every push of the phone.
    expect(await phoneSync.push()).toEqual({ written: 2 });
    expect((await allDocuments(url)).has(`entry:${other.id}:${(await phone.entries(other.id))[0]!.id}`)).toBe(true);
    expect(warningsOf(events)).toEqual([{ code: 'missing_attachment', documentId: `attachment:${image.id}` }]);
  });

  it('bytes of another size under the id are refused without being stored', async () => {
    const { url, laptop, image } = await laptopWithPicture();
    await syncOf(laptop, url).push();
    await tamper(url, image.id, bytesOf(5000, 8));
    const phone = await device();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    await phoneSync.pull();
    expect(warningsOf(events).map((warning) => warning.code)).toEqual(['attachment_mismatch', 'dropped_block']);
    expect((await phone.estimateStorage()).attachments).toBe(0);
  });

  it('a 0-byte attachment travels and comes back as 0 bytes', async () => {
    const url = await server().database();
    const laptop = await device();
    const empty = await laptop.putAttachment(new Uint8Array(0), { mediaType: 'text/plain', filename: 'empty.txt' });
    const conversation = await laptop.createConversation();
    await laptop.append(conversation.id, [user([{ type: 'text', text: 'an empty file' }, { type: 'file', source: empty }])]);
    await syncOf(laptop, url).once();
    const phone = await device();
    await syncOf(phone, url).once();
    expect(await phone.context(conversation.id)).toEqual(await laptop.context(conversation.id));
    const blob = await phone.getAttachment(empty.id);
    expect(blob.size).toBe(0);
    expect(blob.type).toBe('text/plain');
  });

  it('a reference whose bytes the pushing device lacks goes up without them, with a warning on both devices', async () => {
    const url = await server().database();
    const laptop = await device();
    const absent: AttachmentSource = { kind: 'attachment', id: 'cd'.repeat(32), mediaType: 'image/png', size: 12 };
    // A trusted merge (as from a journal restore) keeps a reference without bytes.
    await laptop.mergeEntries('c1', [{ type: 'message', id: 'e1', parentId: null, timestamp: '2026-01-01T00:00:00.000Z', message: showing(absent) }], {
      trusted: true, conversation: { title: 'restored', createdAt: '2026-01-01T00:00:00.000Z' },
    });
    const events: SyncEvent[] = [];
    const laptopSync = syncOf(laptop, url);
    laptopSync.subscribe((event) => events.push(event));
    expect(await laptopSync.push()).toEqual({ written: 2 });
    expect(warningsOf(events)).toEqual([{ code: 'missing_attachment', documentId: `attachment:${absent.id}` }]);
    const phone = await device();
    const phoneEvents: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => phoneEvents.push(event));
    await phoneSync.pull();
    expect(warningsOf(phoneEvents)).toEqual([{ code: 'missing_attachment', documentId: `attachment:${absent.id}` }, { code: 'dropped_block' }]);
    expect(await phone.context('c1')).toEqual([user([{ type: 'text', text: 'look' }])]);
  });

  it('a failed fetch of the bytes stops the pull (nothing skipped); the next pull merges the entries with their picture', async () => {
    const { url, laptop, image, bytes, conversationId } = await laptopWithPicture();
    await syncOf(laptop, url).push();
    const phone = await device();
    const failing: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET' && String(input).includes('attachment%3A')) throw new TypeError('fetch failed: the server went away');
      return fetch(input, init);
    };
    await expect(syncOf(phone, url, { deviceId: 'phone', fetch: failing }).pull()).rejects.toMatchObject({ code: 'sync_failed' });
    // The conversation's metadata was applied; its entries were not merged, nor skipped.
    expect(await phone.entries(conversationId)).toEqual([]);
    expect(await syncOf(phone, url, { deviceId: 'phone' }).pull()).toMatchObject({ entries: 2 });
    expect(await phone.context(conversationId)).toEqual(await laptop.context(conversationId));
    expect(await bytesIn(await phone.getAttachment(image.id))).toEqual(bytes);
  });
});

/**
 * The store as sync sees it, except that `mergeEntries` runs `between` (once) after the pull put
 * the fetched bytes and before the merge's own transaction.
 */
function appendingAfterFetch(store: ConvologStore, between: () => Promise<void>): SyncStore {
  let pending: (() => Promise<void>) | undefined = between;
  return new Proxy(store, {
    get(target, key) {
      if (key === 'mergeEntries') {
        return (conversationId: string, entries: readonly unknown[], options: MergeEntriesOptions = {}) => target.mergeEntries(conversationId, entries, {
          ...options,
          fetchAttachments: async (missing) => {
            await options.fetchAttachments?.(missing);
            const run = pending;
            pending = undefined;
            await run?.();
          },
        });
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as SyncStore;
}

describe('sync of attachments with a local append racing the pull', { timeout: 60_000 }, () => {
  it('a picture appended on the phone between the pull\'s fetch and its merge stays pending and reaches the laptop with its bytes', async () => {
    const { url, laptop, image, bytes, conversationId } = await laptopWithPicture();
    const laptopSync = syncOf(laptop, url, { deviceId: 'laptop' });
    await laptopSync.once();
    const phone = await device();
    const theirs = await phone.putAttachment(bytesOf(2000, 9), { mediaType: 'image/jpeg' });
    let typed = false;
    const racing = appendingAfterFetch(phone, async () => {
      // The conversation arrives with this merge; the phone's own chat gets the new picture meanwhile.
      const mine = await phone.createConversation({ id: 'phone-chat', title: 'mine' });
      await phone.append(mine.id, [showing(theirs, 'from the phone')]);
      typed = true;
    });
    expect(await syncOf(racing as ConvologStore, url, { deviceId: 'phone' }).pull()).toMatchObject({ entries: 2 });
    expect(typed).toBe(true);
    expect(await bytesIn(await phone.getAttachment(image.id))).toEqual(bytes);
    expect(await phone.context(conversationId)).toEqual(await laptop.context(conversationId));
    const phoneSync = syncOf(phone, url, { deviceId: 'phone' });
    expect(await phoneSync.pendingCount()).toBe(1);
    await phoneSync.once();
    await laptopSync.once();
    expect(await treeOf(laptop, 'phone-chat')).toEqual(await treeOf(phone, 'phone-chat'));
    expect((await laptop.getAttachment(theirs.id)).size).toBe(2000);
    expect(await phoneSync.pendingCount()).toBe(0);
  });

  it('an append in the same conversation between the pull\'s fetch and its merge: the merged picture is kept, the append stays pending', async () => {
    const { url, laptop, image, conversationId } = await laptopWithPicture();
    const laptopSync = syncOf(laptop, url, { deviceId: 'laptop' });
    await laptopSync.once();
    const phone = await device();
    await syncOf(phone, url, { deviceId: 'phone' }).once();
    const again = await laptop.putAttachment(bytesOf(1500, 10), { mediaType: 'image/png' });
    await laptop.append(conversationId, [showing(again, 'another one')]);
    await laptopSync.once();
    const racing = appendingAfterFetch(phone, async () => {
      await phone.append(conversationId, [user('typed on the phone while the pull merged')]);
    });
    expect(await syncOf(racing as ConvologStore, url, { deviceId: 'phone' }).pull()).toMatchObject({ entries: 1 });
    const entries = await phone.entries(conversationId, { allBranches: true });
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(entries[3]!.type === 'message' && entries[3]!.message).toEqual(showing(again, 'another one'));
    const phoneSync = syncOf(phone, url, { deviceId: 'phone' });
    // The mark is a prefix: the typed entry (seq 3) and the merged one above it count until the next push.
    expect(await phoneSync.pendingCount()).toBe(2);
    expect(await phoneSync.once()).toMatchObject({ written: 1 });
    await laptopSync.once();
    expect(await treeOf(laptop, conversationId)).toEqual(await treeOf(phone, conversationId));
    expect((await phone.getAttachment(image.id)).size).toBe(3000);
  });
});
