// Sync in real Chromium (browser project): two stores on real IndexedDB, the server started by
// the project's globalSetup. Concurrent offline appends become the same two branches on both.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { branchPath } from '../../src/core/branch-path.js';
import { assistant, user } from '../../src/core/constructors.js';
import { validate } from '../../src/core/validate.js';
import { deleteStore, openStore, type ConvologStore } from '../../src/store/index.js';
import { createCouchSync } from '../../src/sync/index.js';

const opened: ConvologStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) {
    store.close();
    await deleteStore({ name: store.name });
  }
});

async function device(): Promise<ConvologStore> {
  const store = await openStore({ name: `sync-browser-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  opened.push(store);
  return store;
}

async function tree(store: ConvologStore, id: string): Promise<string[]> {
  return (await store.entries(id, { allBranches: true })).map(({ seq: _seq, ...rest }) => JSON.stringify(rest)).sort();
}

describe('sync in Chromium', { timeout: 60_000 }, () => {
  it('two devices appending offline after the same entry end with the same two branches, each head on its own', async () => {
    const url = `${inject('couchUrl')}/browser-${Date.now()}`;
    await fetch(url, { method: 'PUT' });
    const [laptop, phone] = [await device(), await device()];
    const laptopSync = createCouchSync(laptop, { url });
    const phoneSync = createCouchSync(phone, { url });
    const conversation = await laptop.createConversation({ title: 'shared' });
    const [, answer] = await laptop.append(conversation.id, [user('q1'), assistant('a1')]);
    await laptopSync.once();
    await phoneSync.once();
    await laptop.append(conversation.id, [user('laptop q2'), assistant('laptop a2')]);
    await phone.append(conversation.id, [user('phone q2'), assistant('phone a2')]);
    await laptopSync.once();
    await phoneSync.once();
    await laptopSync.once();
    expect(await tree(phone, conversation.id)).toEqual(await tree(laptop, conversation.id));
    for (const store of [laptop, phone]) {
      const forks = await store.forks(conversation.id);
      expect(forks.map((fork) => [fork.parentId, fork.childIds.length])).toEqual([[answer!.id, 2]]);
      const entries = await store.entries(conversation.id, { allBranches: true });
      const head = (await store.getConversation(conversation.id))!.headId!;
      const messages = branchPath(entries, head).flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
      expect(validate(messages, 'resumable')).toEqual([]);
    }
    const laptopHead = (await laptop.getConversation(conversation.id))!.headId;
    const phoneHead = (await phone.getConversation(conversation.id))!.headId;
    expect(laptopHead).not.toBe(phoneHead);
    expect((await laptop.context(conversation.id)).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('a picture travels with its bytes: uploaded as a CouchDB attachment from a Blob, fetched and checked on the other device', async () => {
    const url = `${inject('couchUrl')}/browser-attachments-${Date.now()}`;
    await fetch(url, { method: 'PUT' });
    const [laptop, phone] = [await device(), await device()];
    const bytes = new Uint8Array(300_000).map((_, index) => (index * 31) % 251);
    const image = await laptop.putAttachment(new Blob([bytes], { type: 'image/webp' }), { mediaType: 'image/webp' });
    const conversation = await laptop.createConversation({ title: 'pictures' });
    await laptop.append(conversation.id, [user([{ type: 'text', text: 'look' }, { type: 'image', source: image }])]);
    const warnings: string[] = [];
    for (const sync of [createCouchSync(laptop, { url }), createCouchSync(phone, { url })]) {
      sync.subscribe((event) => {
        if (event.type === 'warning') warnings.push(event.warning.code);
      });
      await sync.once();
    }
    expect(await phone.context(conversation.id)).toEqual(await laptop.context(conversation.id));
    const blob = await phone.getAttachment(image.id);
    expect(blob.type).toBe('image/webp');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(warnings).toEqual([]);
  });

  it('lazy: the pull brings the chat without the bytes; getAttachment fetches them, with their media type, checked and stored', async () => {
    const url = `${inject('couchUrl')}/browser-lazy-${Date.now()}`;
    await fetch(url, { method: 'PUT' });
    const [laptop, tablet] = [await device(), await device()];
    const bytes = new Uint8Array(300_000).map((_, index) => (index * 17) % 251);
    const image = await laptop.putAttachment(new Blob([bytes], { type: 'image/webp' }), { mediaType: 'image/webp' });
    const conversation = await laptop.createConversation({ title: 'pictures' });
    await laptop.append(conversation.id, [user([{ type: 'text', text: 'look' }, { type: 'image', source: image }])]);
    await createCouchSync(laptop, { url }).once();
    await createCouchSync(tablet, { url, attachments: 'lazy' }).once();
    expect(await tablet.context(conversation.id)).toEqual(await laptop.context(conversation.id));
    expect((await tablet.estimateStorage()).attachments).toBe(0);
    const blob = await tablet.getAttachment(image.id);
    expect(blob.type).toBe('image/webp');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect((await tablet.estimateStorage()).attachments).toBe(300_000);
  });
});
