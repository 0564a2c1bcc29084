// The push side against a real CouchDB-compatible server: the document layout, write-once
// entries, idempotent re-push, request counts, failures with their HTTP status.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import { useCouchServer } from './couch-server.js';
import { allDocuments, countingFetch, dyingFetch, useDevices } from './devices.js';
import { syncOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

describe('push', { timeout: 60_000 }, () => {
  it('writes one write-once document per entry and one per conversation, with deterministic ids and no local seq', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation({ title: 'Trip', appData: { 'app.model': 'm' } });
    const [first, second] = await store.append(conversation.id, [user('Where to?'), assistant('Oslo.')]);
    const result = await syncOf(store, url).push();
    expect(result.written).toBe(3);
    const documents = await allDocuments(url);
    expect([...documents.keys()].sort()).toEqual([
      `conversation:${conversation.id}`, `entry:${conversation.id}:${first!.id}`, `entry:${conversation.id}:${second!.id}`,
    ].sort());
    const entryDocument = documents.get(`entry:${conversation.id}:${second!.id}`)!;
    expect(entryDocument).toMatchObject({
      type: 'convolog.entry', formatVersion: 1, conversationId: conversation.id,
      entry: { type: 'message', id: second!.id, timestamp: second!.timestamp, message: second!.message },
    });
    expect(entryDocument['entry']).not.toHaveProperty('seq');
    expect(documents.get(`conversation:${conversation.id}`)).toMatchObject({
      type: 'convolog.conversation', title: 'Trip', createdAt: conversation.createdAt, appData: { 'app.model': 'm' },
    });
    expect(documents.get(`conversation:${conversation.id}`)).not.toHaveProperty('deleted');
  });

  it('pushing again writes nothing, also from a new client without the checkpoint', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation();
    await store.append(conversation.id, [user('a'), assistant('b')]);
    const sync = syncOf(store, url);
    await sync.push();
    const before = await allDocuments(url);
    expect(await sync.push()).toEqual({ written: 0 });
    expect(await syncOf(store, url).push()).toEqual({ written: 0 });
    const after = await allDocuments(url);
    expect([...after].map(([id, doc]) => [id, doc['_rev']])).toEqual([...before].map(([id, doc]) => [id, doc['_rev']]));
  });

  it('pushes one new entry with two requests: _bulk_docs and the checkpoint', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation();
    await store.append(conversation.id, [user('a'), assistant('b')]);
    const counter = countingFetch();
    const sync = syncOf(store, url, { fetch: counter.fetch });
    await sync.push();
    await store.append(conversation.id, [user('c')]);
    counter.requests.length = 0;
    expect(await sync.push()).toEqual({ written: 1 });
    expect(counter.requests).toEqual(['POST _bulk_docs', expect.stringMatching(/^PUT _local\//)]);
    counter.requests.length = 0;
    expect(await sync.push()).toEqual({ written: 0 });
    expect(counter.requests).toEqual([]);
  });

  it('a server that dies mid-push loses nothing: the next push completes without duplicates or gaps', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation();
    const messages = Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? user(`q${index}`) : assistant(`a${index}`)));
    const entries = await store.append(conversation.id, messages);
    // GET checkpoint, then two batches; the third request (second batch) is written but its answer is lost.
    const dying = dyingFetch(2, { afterResponse: true });
    const sync = syncOf(store, url, { fetch: dying.fetch, batchSize: 10 });
    const error = await sync.push().then(() => undefined, (caught: unknown) => caught);
    expect(isConvologError(error, 'sync_failed')).toBe(true);
    expect((error as { details?: { status?: number } }).details?.status).toBeUndefined();
    dying.revive();
    await sync.push();
    const documents = await allDocuments(url);
    const entryIds = [...documents.values()].filter((doc) => doc['type'] === 'convolog.entry').map((doc) => (doc['entry'] as { id: string }).id);
    expect(entryIds.sort()).toEqual(entries.map((entry) => entry.id).sort());
    for (const doc of documents.values()) expect(String(doc['_rev'])).toMatch(/^1-/);
  });

  it('reports an HTTP failure as sync_failed with the status', async () => {
    const store = await device();
    await store.createConversation();
    const missing = `${server().url}/no-such-database`;
    const error = await syncOf(store, missing).push().then(() => undefined, (caught: unknown) => caught);
    expect(isConvologError(error, 'sync_failed')).toBe(true);
    expect((error as { details: { status: number } }).details.status).toBe(404);
    expect((error as Error).message).toMatch(/HTTP 404.*does not exist/);
  });
});

describe('setup', { timeout: 60_000 }, () => {
  it('installs a validate_doc_update that refuses changing or deleting an entry document once written', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation({ title: 'x' });
    const [entry] = await store.append(conversation.id, [user('hello')]);
    const sync = syncOf(store, url);
    await sync.setup();
    await sync.setup(); // idempotent
    await sync.push();
    const id = encodeURIComponent(`entry:${conversation.id}:${entry!.id}`);
    const current = await (await fetch(`${url}/${id}`)).json() as Record<string, unknown>;
    const changed = await fetch(`${url}/${id}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...current, entry: { ...(current['entry'] as object), message: user('forged') } }),
    });
    expect(changed.status).toBe(403);
    const deleted = await fetch(`${url}/${id}?rev=${String(current['_rev'])}`, { method: 'DELETE' });
    expect(deleted.status).toBe(403);
    // Conversation metadata stays editable (renames, tombstones).
    const metadataId = encodeURIComponent(`conversation:${conversation.id}`);
    const metadata = await (await fetch(`${url}/${metadataId}`)).json() as Record<string, unknown>;
    const renamed = await fetch(`${url}/${metadataId}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...metadata, title: 'y' }) });
    expect(renamed.status).toBe(201);
  });

  it('creates a missing database', async () => {
    const store = await device();
    const url = `${server().url}/created-by-setup-${Date.now()}`;
    await syncOf(store, url).setup();
    expect((await fetch(url)).status).toBe(200);
  });
});
