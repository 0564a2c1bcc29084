// The pull against a real CouchDB-compatible server when things do not arrive or happen in the
// order a single device would produce them: a local append that lands while a pull merges, and
// children delivered before their parents across `_changes` batches (and across a restart).
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import type { ConvologStore } from '../../src/store/index.js';
import type { SyncEvent } from '../../src/sync/index.js';
import type { SyncStore } from '../../src/sync/sync-store.js';
import { useCouchServer } from './couch-server.js';
import { allDocuments, dyingFetch, useDevices } from './devices.js';
import { expectWellFormed, syncOf, treeOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

/**
 * The store as sync sees it, except that `mergeEntries` first runs `before` (once): whatever it
 * writes lands after everything the pull read and before the merge's own transaction.
 */
function mergingAfter(store: ConvologStore, before: () => Promise<void>): SyncStore {
  let pending: (() => Promise<void>) | undefined = before;
  return new Proxy(store, {
    get(target, key) {
      if (key === 'mergeEntries') {
        return async (...args: Parameters<SyncStore['mergeEntries']>) => {
          const run = pending;
          pending = undefined;
          if (run !== undefined && args[1].length > 0) await run();
          return target.mergeEntries(...args);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as SyncStore;
}

/** Copies every document of `from` into a new database, one request each, in `order` (ids): the `_changes` order of the copy. */
async function copyInOrder(from: string, to: string, order: readonly string[]): Promise<void> {
  const documents = await allDocuments(from);
  expect(new Set(order)).toEqual(new Set(documents.keys()));
  for (const id of order) {
    const { _rev: _ignored, ...document } = documents.get(id)!;
    const response = await fetch(`${to}/${encodeURIComponent(id)}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(document),
    });
    expect(response.status).toBe(201);
  }
}

/** A conversation of six entries in a chain, pushed by a laptop; the database and its ids. */
async function chainOfSix(): Promise<{ url: string; laptop: ConvologStore; conversationId: string; ids: string[] }> {
  const url = await server().database();
  const laptop = await device();
  const conversation = await laptop.createConversation({ title: 'chain' });
  const entries = await laptop.append(conversation.id, [user('q1'), assistant('a1'), user('q2'), assistant('a2'), user('q3'), assistant('a3')]);
  await syncOf(laptop, url).once();
  return { url, laptop, conversationId: conversation.id, ids: entries.map((entry) => `entry:${conversation.id}:${entry.id}`) };
}

describe('pull races', { timeout: 60_000 }, () => {
  it('a local append made while a pull merges stays pending and reaches the other device', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const conversation = await laptop.createConversation({ title: 'race' });
    await laptop.append(conversation.id, [user('q1'), assistant('a1')]);
    const laptopSync = syncOf(laptop, url, { deviceId: 'laptop' });
    await laptopSync.once();
    await syncOf(phone, url, { deviceId: 'phone' }).once();
    await laptop.append(conversation.id, [user('q2 on the laptop')]);
    await laptopSync.once();

    let typed: Entry | undefined;
    const racing = mergingAfter(phone, async () => {
      [typed] = await phone.append(conversation.id, [user('typed on the phone while the pull merged')]);
    });
    const phoneSync = syncOf(phone, url, { deviceId: 'phone' });
    const racingSync = syncOf(racing as ConvologStore, url, { deviceId: 'phone' });
    expect(await racingSync.pull()).toMatchObject({ entries: 1 });
    expect(typed).toBeDefined();
    // The typed entry (seq 3) is not on the server. The mark is a prefix, so it stays at 2 and the
    // merged entry above it (seq 4) counts as pending too, until the next push finds it already there.
    expect((await phone.entries(conversation.id, { allBranches: true })).map((entry) => [entry.seq, entry.id === typed!.id])).toEqual([
      [1, false], [2, false], [3, true], [4, false],
    ]);
    expect(await racingSync.pendingCount()).toBe(2);
    expect(await phoneSync.pendingCount()).toBe(2);
    expect(await phoneSync.once()).toMatchObject({ written: 1 });
    await laptopSync.once();
    expect((await laptop.entries(conversation.id, { allBranches: true })).map((entry) => entry.id)).toContain(typed!.id);
    expect(await treeOf(laptop, conversation.id)).toEqual(await treeOf(phone, conversation.id));
    expect(await phoneSync.pendingCount()).toBe(0);
  });

  it('a child held back in one _changes batch is applied when its parent comes batches later', async () => {
    const { url: source, laptop, conversationId, ids } = await chainOfSix();
    const url = await server().database();
    const [e1, e2, e3, e4, e5, e6] = ids;
    // batchSize 2: [metadata, e3] [e4, e5] [e6, e1] [e2]: e3 waits three batches for e2.
    await copyInOrder(source, url, [`conversation:${conversationId}`, e3!, e4!, e5!, e6!, e1!, e2!]);
    const phone = await device();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url, { batchSize: 2 });
    phoneSync.subscribe((event) => events.push(event));
    expect(await phoneSync.pull()).toMatchObject({ entries: 6 });
    expect(await treeOf(phone, conversationId)).toEqual(await treeOf(laptop, conversationId));
    await expectWellFormed(phone, conversationId);
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });

  it('a restart between batches keeps every waiting child: the checkpoint saves them with the position past them', async () => {
    const { url: source, laptop, conversationId, ids } = await chainOfSix();
    const url = await server().database();
    const [e1, e2, e3, e4, e5, e6] = ids;
    await copyInOrder(source, url, [`conversation:${conversationId}`, e3!, e4!, e5!, e6!, e1!, e2!]);
    const phone = await device();
    // GET _local, GET _changes, PUT _local, GET _changes, PUT _local: the app dies before the third batch.
    const dying = dyingFetch(5);
    await expect(syncOf(phone, url, { batchSize: 2, deviceId: 'phone', fetch: dying.fetch }).pull()).rejects.toMatchObject({ code: 'sync_failed' });
    expect((await phone.getConversation(conversationId))!.lastSeq).toBe(0);
    const saved = (await (await fetch(`${url}/_local/convolog-sync-phone`)).json()) as { waiting: string[] };
    expect([...saved.waiting].sort()).toEqual([e3!, e4!, e5!].sort());
    // The restarted app: a new client with the same deviceId.
    expect(await syncOf(phone, url, { batchSize: 2, deviceId: 'phone' }).pull()).toMatchObject({ entries: 6 });
    expect(await treeOf(phone, conversationId)).toEqual(await treeOf(laptop, conversationId));
    const after = (await (await fetch(`${url}/_local/convolog-sync-phone`)).json()) as { waiting: string[] };
    expect(after.waiting).toEqual([]);
  });

  it('past 1000 waiting documents the longest-waiting ones are dropped with a dropped_orphan warning each', async () => {
    const url = await server().database();
    const laptop = await device();
    const conversation = await laptop.createConversation({ title: 'orphans' });
    await syncOf(laptop, url).once();
    const orphans = Array.from({ length: 1003 }, (_, index) => ({
      _id: `entry:${conversation.id}:orphan-${String(index).padStart(4, '0')}`, type: 'convolog.entry', formatVersion: 1, conversationId: conversation.id,
      entry: { type: 'message', id: `orphan-${String(index).padStart(4, '0')}`, parentId: 'never-arrives', timestamp: '2025-01-01T00:00:00.000Z', message: user(`o${index}`) },
    }));
    for (let start = 0; start < orphans.length; start += 500) {
      const response = await fetch(`${url}/_bulk_docs`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs: orphans.slice(start, start + 500) }),
      });
      expect(response.status).toBe(201);
    }
    const phone = await device();
    const events: SyncEvent[] = [];
    const phoneSync = syncOf(phone, url, { batchSize: 400, deviceId: 'phone' });
    phoneSync.subscribe((event) => events.push(event));
    await phoneSync.pull();
    const dropped = events.flatMap((event) => (event.type === 'warning' ? [event] : []));
    expect(dropped.map((event) => event.warning.code)).toEqual(['dropped_orphan', 'dropped_orphan', 'dropped_orphan']);
    expect(dropped.map((event) => event.documentId).sort()).toEqual(orphans.slice(0, 3).map((orphan) => orphan._id));
    const saved = (await (await fetch(`${url}/_local/convolog-sync-phone`)).json()) as { waiting: string[] };
    expect(saved.waiting).toHaveLength(1000);
    expect(saved.waiting).not.toContain(orphans[0]!._id);
  });
});
