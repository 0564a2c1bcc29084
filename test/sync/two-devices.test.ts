// Two devices (two stores on separate IndexedDB factories) syncing through one pouchdb-server.
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { SyncEvent } from '../../src/sync/index.js';
import { useCouchServer } from './couch-server.js';
import { allDocuments, countingFetch, dyingFetch, useDevices } from './devices.js';
import { everything, expectWellFormed, syncOf, treeOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

// Real HTTP to a child process on a shared machine: generous timeouts (the figures are not timed here).
describe('two devices', { timeout: 60_000 }, () => {
  it('first sync: the other device gets the conversation with ids, parents, timestamps, title and createdAt', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation({ title: 'Trip', appData: { 'app.system': 'be brief' } });
    await laptop.append(conversation.id, [user('Where to?'), assistant('Oslo.')]);
    expect(await syncOf(laptop, url).once()).toMatchObject({ written: 3, entries: 0 });
    expect(await syncOf(phone, url).once()).toMatchObject({ written: 0, entries: 2, conversations: 1 });
    const copy = await phone.getConversation(conversation.id);
    expect(copy).toMatchObject({ title: 'Trip', createdAt: conversation.createdAt, appData: { 'app.system': 'be brief' }, lastSeq: 2 });
    expect(await treeOf(phone, conversation.id)).toEqual(await treeOf(laptop, conversation.id));
    expect(copy!.headId).toBe((await laptop.getConversation(conversation.id))!.headId);
    await expectWellFormed(phone, conversation.id);
  });

  it('re-syncing writes nothing twice, on the server or on either device', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation({ title: 't' });
    await laptop.append(conversation.id, [user('a'), assistant('b')]);
    const laptopSync = syncOf(laptop, url);
    const phoneSync = syncOf(phone, url);
    await laptopSync.once();
    await phoneSync.once();
    const documents = await allDocuments(url);
    const phoneBefore = await phone.getConversation(conversation.id);
    expect(await phoneSync.once()).toEqual({ written: 0, entries: 0, conversations: 0 });
    expect(await laptopSync.once()).toEqual({ written: 0, entries: 0, conversations: 0 });
    // A fresh client (no checkpoint) re-reads everything and still writes nothing.
    expect(await syncOf(phone, url).once()).toEqual({ written: 0, entries: 0, conversations: 0 });
    expect(await phone.getConversation(conversation.id)).toEqual(phoneBefore);
    const after = await allDocuments(url);
    expect([...after].map(([id, doc]) => [id, doc['_rev']])).toEqual([...documents].map(([id, doc]) => [id, doc['_rev']]));
  });

  it('concurrent offline appends after the same entry become the same two sibling branches on both, each head on its own', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const laptopSync = syncOf(laptop, url);
    const phoneSync = syncOf(phone, url);
    const conversation = await laptop.createConversation({ title: 'shared' });
    const [, answer] = await laptop.append(conversation.id, [user('q1'), assistant('a1')]);
    await laptopSync.once();
    await phoneSync.once();
    const [laptopQuestion] = await laptop.append(conversation.id, [user('laptop q2'), assistant('laptop a2')]);
    const [phoneQuestion] = await phone.append(conversation.id, [user('phone q2'), assistant('phone a2')]);
    const laptopHead = (await laptop.getConversation(conversation.id))!.headId;
    const phoneHead = (await phone.getConversation(conversation.id))!.headId;
    await laptopSync.once();
    await phoneSync.once();
    await laptopSync.once();
    expect(await treeOf(phone, conversation.id)).toEqual(await treeOf(laptop, conversation.id));
    for (const store of [laptop, phone]) {
      const forks = await store.forks(conversation.id);
      expect(forks).toHaveLength(1);
      expect(forks[0]!.parentId).toBe(answer!.id);
      expect([...forks[0]!.childIds].sort()).toEqual([laptopQuestion!.id, phoneQuestion!.id].sort());
      await expectWellFormed(store, conversation.id);
    }
    expect((await laptop.getConversation(conversation.id))!.headId).toBe(laptopHead);
    expect((await phone.getConversation(conversation.id))!.headId).toBe(phoneHead);
  });

  it('a head that is an ancestor of what arrived fast-forwards to the newest leaf below it', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation();
    await laptop.append(conversation.id, [user('q1'), assistant('a1')]);
    await syncOf(laptop, url).once();
    const phoneSync = syncOf(phone, url);
    await phoneSync.once();
    const added = await laptop.append(conversation.id, [user('q2'), assistant('a2')]);
    await syncOf(laptop, url).once();
    expect(await phoneSync.once()).toMatchObject({ entries: 2 });
    expect((await phone.getConversation(conversation.id))!.headId).toBe(added[1]!.id);
    expect(await phone.context(conversation.id)).toEqual(await laptop.context(conversation.id));
  });

  it('tool windows arrive whole, also when the batches split them', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation();
    await laptop.append(conversation.id, [
      user('weather in Oslo and Bergen?'),
      assistant([toolCall('call-1', 'weather', '{"city":"Oslo"}'), toolCall('call-2', 'weather', '{"city":"Bergen"}')]),
      toolResult('call-2', 'weather', 'rain'),
      toolResult('call-1', 'weather', 'sun'),
      assistant('Sun in Oslo, rain in Bergen.'),
    ]);
    await syncOf(laptop, url).once();
    await syncOf(phone, url, { batchSize: 2 }).once();
    expect(await treeOf(phone, conversation.id)).toEqual(await treeOf(laptop, conversation.id));
    expect(await phone.context(conversation.id)).toEqual(await laptop.context(conversation.id));
    await expectWellFormed(phone, conversation.id);
  });

  it('renames and deletions reach the other device; concurrent renames converge to one title', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const laptopSync = syncOf(laptop, url);
    const phoneSync = syncOf(phone, url);
    const kept = await laptop.createConversation({ title: 'first' });
    const doomed = await laptop.createConversation({ title: 'doomed' });
    await laptop.append(doomed.id, [user('x')]);
    await laptopSync.once();
    await phoneSync.once();
    await laptop.updateConversation(kept.id, { title: 'renamed on laptop' });
    await laptopSync.once();
    await phoneSync.once();
    expect((await phone.getConversation(kept.id))!.title).toBe('renamed on laptop');

    await laptop.updateConversation(kept.id, { title: 'laptop title' });
    await phone.updateConversation(kept.id, { title: 'phone title' });
    await laptopSync.once();
    await phoneSync.once();
    await laptopSync.once();
    const titles = [(await laptop.getConversation(kept.id))!.title, (await phone.getConversation(kept.id))!.title];
    expect(titles[0]).toBe(titles[1]);
    expect(['laptop title', 'phone title']).toContain(titles[0]);

    await phone.deleteConversation(doomed.id);
    await laptop.append(doomed.id, [assistant('written offline after the deletion')]);
    await phoneSync.once();
    await laptopSync.once();
    await phoneSync.once();
    expect(await laptop.getConversation(doomed.id)).toBeUndefined();
    expect(await phone.getConversation(doomed.id)).toBeUndefined();
    expect((await allDocuments(url)).get(`conversation:${doomed.id}`)).toMatchObject({ deleted: true });
  });

  it('a server that dies mid-pull: the next pull resumes without duplicates or gaps', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation();
    const messages = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? user(`q${index}`) : assistant(`a${index}`)));
    await laptop.append(conversation.id, messages);
    await syncOf(laptop, url).once();
    for (const okRequests of [2, 3, 4, 6]) {
      const phoneDevice = await device();
      const dying = dyingFetch(okRequests, { afterResponse: true });
      const phoneSync = syncOf(phoneDevice, url, { fetch: dying.fetch, batchSize: 5 });
      await expect(phoneSync.once()).rejects.toMatchObject({ code: 'sync_failed' });
      dying.revive();
      await phoneSync.once();
      expect(await treeOf(phoneDevice, conversation.id)).toEqual(await treeOf(laptop, conversation.id));
      await expectWellFormed(phoneDevice, conversation.id);
    }
    void phone;
  });

  it('a hostile document planted in the database is skipped with a warning; the rest is applied', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation({ title: 'ok' });
    const [question] = await laptop.append(conversation.id, [user('q'), assistant('a')]);
    await syncOf(laptop, url).once();
    const plant = (docs: unknown[]) => fetch(`${url}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) });
    const entryEnvelope = (id: string, entry: Record<string, unknown>) => ({
      _id: `entry:${conversation.id}:${id}`, type: 'convolog.entry', formatVersion: 1, conversationId: conversation.id, entry: { id, ...entry },
    });
    await plant([
      entryEnvelope('bad-role', { type: 'message', parentId: question!.id, timestamp: '2025-01-01T00:00:00.000Z', message: { role: 'robot', content: 'x' } }),
      entryEnvelope('orphan-result', { type: 'message', parentId: question!.id, timestamp: '2025-01-01T00:00:00.000Z', message: toolResult('nope', 'f', 'x') }),
      { ...entryEnvelope('mismatch', { type: 'message', parentId: null, timestamp: '2025-01-01T00:00:00.000Z', message: user('x') }), _id: `entry:${conversation.id}:other` },
      { _id: `conversation:${conversation.id}-x`, type: 'convolog.conversation', formatVersion: 1, conversationId: 'elsewhere', title: 7 },
    ]);
    const later = await laptop.append(conversation.id, [user('after the planted ones')]);
    await syncOf(laptop, url).once();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    await phoneSync.once();
    expect(await treeOf(phone, conversation.id)).toEqual(await treeOf(laptop, conversation.id));
    expect((await phone.entries(conversation.id, { allBranches: true })).map((entry) => entry.id)).toContain(later[0]!.id);
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    await expectWellFormed(phone, conversation.id);
  });

  it('untrusted by default: pulled messages lose provider data; trusted keeps it', async () => {
    const url = await server().database();
    const [laptop, phone, trustedPhone] = [await device(), await device(), await device()];
    const conversation = await laptop.createConversation();
    await laptop.append(conversation.id, [
      user('hi'),
      { role: 'assistant', content: [{ type: 'text', text: 'hello', providerData: { openai: { id: 'x' } } }], providerData: { openai: { response: 'r' } } },
    ]);
    await syncOf(laptop, url, { trusted: true }).once();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url);
    phoneSync.subscribe((event) => events.push(event));
    await phoneSync.once();
    await syncOf(trustedPhone, url, { trusted: true }).once();
    const [, untrustedAnswer] = await phone.entries(conversation.id);
    const [, trustedAnswer] = await trustedPhone.entries(conversation.id);
    expect(untrustedAnswer).toMatchObject({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'hello' }] } });
    expect(JSON.stringify(untrustedAnswer)).not.toContain('providerData');
    expect(events.some((event) => event.type === 'warning' && event.warning.code === 'dropped_provider_data')).toBe(true);
    expect(trustedAnswer).toMatchObject({ message: { providerData: { openai: { response: 'r' } } } });
  });

  it('an incremental sync of one new entry costs three requests', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation();
    await laptop.append(conversation.id, [user('q'), assistant('a')]);
    const laptopCounter = countingFetch();
    const phoneCounter = countingFetch();
    const laptopSync = syncOf(laptop, url, { fetch: laptopCounter.fetch });
    const phoneSync = syncOf(phone, url, { fetch: phoneCounter.fetch });
    await laptopSync.once();
    await phoneSync.once();
    await laptop.append(conversation.id, [user('one more')]);
    laptopCounter.requests.length = 0;
    phoneCounter.requests.length = 0;
    expect(await laptopSync.once()).toMatchObject({ written: 1 });
    expect(laptopCounter.requests).toEqual(['POST _bulk_docs', 'GET _changes', expect.stringMatching(/^PUT _local\//)]);
    expect(await phoneSync.once()).toMatchObject({ entries: 1 });
    expect(phoneCounter.requests).toEqual(['GET _changes', expect.stringMatching(/^PUT _local\//)]);
  });

  it('live mode: an append on one device reaches the other without a call; stop ends the long poll', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation({ title: 'live' });
    const laptopSync = syncOf(laptop, url, { initialRetryMs: 50 });
    const phoneSync = syncOf(phone, url, { initialRetryMs: 50 });
    const idle = new Promise<void>((resolve) => phoneSync.subscribe((event) => event.type === 'idle' && resolve()));
    laptopSync.start();
    phoneSync.start();
    await idle;
    await laptop.append(conversation.id, [user('typed on the laptop')]);
    await waitFor(async () => (await phone.getConversation(conversation.id))?.lastSeq === 1);
    await phone.append(conversation.id, [assistant('answered on the phone')]);
    await waitFor(async () => (await laptop.getConversation(conversation.id))?.lastSeq === 2);
    expect(await treeOf(laptop, conversation.id)).toEqual(await treeOf(phone, conversation.id));
    laptopSync.stop();
    phoneSync.stop();
    expect(laptopSync.live).toBe(false);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
