// store.mergeEntries and attachments (DESIGN §13, §18): an untrusted merge (sync's default) keeps
// a reference whose bytes are stored in this store and drops the rest with a warning;
// `fetchAttachments` is asked for what new entries reference and the store lacks, before the
// merge's transaction; a pending put the merge references is claimed. With another tab deleting
// the bytes' last conversation at the same moment. Node (fake-indexeddb) and real browsers.
import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { AttachmentSource, Message } from '../../src/core/message.js';
import type { ConvologStore } from '../../src/store/index.js';
import { attachmentStores, bytesOf } from './attachment-support.js';
import { storeFixture } from './store-fixture.js';

const stores = storeFixture();
const CREATED = '2026-01-01T00:00:00.000Z';

function showing(source: AttachmentSource, text = 'look'): Message {
  return user([{ type: 'text', text }, { type: 'image', source }]);
}

/** An entry as another device would send it (no seq). */
function remote(id: string, message: Message, parentId: string | null = null): Record<string, unknown> {
  return { type: 'message', id, parentId, timestamp: '2026-01-02T00:00:00.000Z', message };
}

async function stored(store: ConvologStore, id: string): Promise<boolean> {
  const code = await store.getAttachment(id).then(() => 'found', (error: { code?: string }) => error.code);
  if (code !== 'found' && code !== 'not_found') throw new Error(`unexpected ${code}`);
  return code === 'found';
}

/** A reference to bytes that are stored nowhere: a well-formed id of other bytes. */
function unknownImage(): AttachmentSource {
  return { kind: 'attachment', id: 'ab'.repeat(32), mediaType: 'image/png', size: 10 };
}

describe('mergeEntries with attachments', () => {
  it('an untrusted merge keeps a reference whose bytes are stored here and drops one whose bytes are not, with a warning', async () => {
    const store = await stores.open();
    const image = await store.putAttachment(bytesOf(300, 1), { mediaType: 'image/png', filename: 'here.png' });
    const missing = unknownImage();
    const result = await store.mergeEntries('c1', [
      remote('r1', showing(image, 'kept')),
      remote('r2', showing(missing, 'dropped'), 'r1'),
    ], { conversation: { title: 'synced', createdAt: CREATED } });
    expect(result.added.map((entry) => entry.id)).toEqual(['r1', 'r2']);
    expect(await store.context('c1')).toEqual([showing(image, 'kept'), user([{ type: 'text', text: 'dropped' }])]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ code: 'dropped_block' });
    expect(result.warnings[0]!.message).toMatch(/^Entry r2: /);
  });

  it('a pending put that the merge references is claimed: deleting the conversation right away removes the bytes', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const image = await store.putAttachment(bytesOf(300, 2), { mediaType: 'image/png' });
    await store.mergeEntries('c1', [remote('r1', showing(image))], { conversation: { title: 'synced', createdAt: CREATED } });
    expect((await attachmentStores(name)).refs).toEqual([{ conversationId: 'c1', seq: 1, attachmentId: image.id }]);
    await store.deleteConversation('c1');
    expect(await stored(store, image.id)).toBe(false);
    expect(await attachmentStores(name)).toMatchObject({ ids: [], chunks: 0, refs: [] });
  });

  it('asks fetchAttachments for what new entries reference and the store lacks, each id once, and keeps what it put', async () => {
    const device = await stores.open();
    const here = await stores.open();
    const bytes = bytesOf(500, 3);
    const image = await device.putAttachment(bytes, { mediaType: 'image/png' });
    const gone = unknownImage();
    const asked: AttachmentSource[][] = [];
    const result = await here.mergeEntries('c1', [
      remote('r1', showing(image, 'one')), remote('r2', showing(image, 'two'), 'r1'), remote('r3', showing(gone, 'three'), 'r2'),
    ], {
      conversation: { title: 'synced', createdAt: CREATED },
      fetchAttachments: async (missing) => {
        asked.push(missing);
        await here.putAttachment(bytes, { mediaType: 'image/png' });
      },
    });
    expect(asked).toEqual([[image, gone]]);
    expect(result.added).toHaveLength(3);
    expect(await here.context('c1')).toEqual([showing(image, 'one'), showing(image, 'two'), user([{ type: 'text', text: 'three' }])]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
    expect(new Uint8Array(await (await here.getAttachment(image.id)).arrayBuffer())).toEqual(bytes);
  });

  it('entries already in the store ask nothing and warn nothing (a device\'s own entries coming back)', async () => {
    const store = await stores.open();
    const image = await store.putAttachment(bytesOf(100, 4), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    const entries = await store.append(id, [showing(image)]);
    let asked = 0;
    const result = await store.mergeEntries(id, entries, {
      fetchAttachments: async () => {
        asked++;
      },
    });
    expect(asked).toBe(0);
    expect(result).toMatchObject({ added: [], warnings: [] });
  });

  it('nothing referenced, nothing asked: fetchAttachments is not called', async () => {
    const store = await stores.open();
    let asked = 0;
    await store.mergeEntries('c1', [remote('r1', user('plain'))], {
      conversation: { title: 'synced', createdAt: CREATED },
      fetchAttachments: async () => {
        asked++;
      },
    });
    expect(asked).toBe(0);
  });

  it('a trusted merge keeps every reference, stored or not, and still asks for the missing bytes', async () => {
    const store = await stores.open();
    const missing = unknownImage();
    const asked: string[] = [];
    const result = await store.mergeEntries('c1', [remote('r1', showing(missing))], {
      trusted: true, conversation: { title: 'synced', createdAt: CREATED },
      fetchAttachments: async (sources) => {
        asked.push(...sources.map((source) => source.id));
      },
    });
    expect(asked).toEqual([missing.id]);
    expect(result.warnings).toEqual([]);
    expect(await store.context('c1')).toEqual([showing(missing)]);
  });
});

describe('mergeEntries with attachments and another tab deleting', () => {
  it('the bytes\' last conversation deleted before the merge: the reference is dropped; after it: the bytes stay with the merged reference', async () => {
    for (const deleteFirst of [true, false]) {
      const name = stores.name();
      const tabA = await stores.open({ name });
      const tabB = await stores.open({ name });
      const image = await tabA.putAttachment(bytesOf(200, 5), { mediaType: 'image/png' });
      const doomed = await tabA.createConversation();
      await tabA.append(doomed.id, [showing(image)]);
      if (deleteFirst) await tabA.deleteConversation(doomed.id);
      const result = await tabB.mergeEntries('c1', [remote('r1', showing(image))], { conversation: { title: 'synced', createdAt: CREATED } });
      if (!deleteFirst) await tabA.deleteConversation(doomed.id);
      const raw = await attachmentStores(name);
      if (deleteFirst) {
        expect(result.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
        expect(raw).toMatchObject({ ids: [], chunks: 0, refs: [] });
      } else {
        expect(result.warnings).toEqual([]);
        expect(raw.ids).toEqual([image.id]);
        expect(raw.refs).toEqual([{ conversationId: 'c1', seq: 1, attachmentId: image.id }]);
      }
    }
  });

  it('a delete and a merge in another tab at the same moment: either the bytes stay with the merged reference, or the reference is dropped; never a reference without bytes', async () => {
    for (let round = 0; round < 6; round++) {
      const name = stores.name();
      const tabA = await stores.open({ name });
      const tabB = await stores.open({ name });
      const image = await tabA.putAttachment(bytesOf(300, 10 + round), { mediaType: 'image/png' });
      const doomed = await tabA.createConversation();
      await tabA.append(doomed.id, [showing(image)]);
      const [, merged] = await Promise.all([
        round % 2 === 0 ? tabA.deleteConversation(doomed.id) : Promise.resolve().then(() => tabA.deleteConversation(doomed.id)),
        tabB.mergeEntries('c1', [remote('r1', showing(image))], { conversation: { title: 'synced', createdAt: CREATED } }),
      ]);
      const raw = await attachmentStores(name);
      const [kept] = await tabB.context('c1');
      if (raw.ids.length === 1) {
        expect(kept, `round ${round}`).toEqual(showing(image));
        expect(raw.refs, `round ${round}`).toEqual([{ conversationId: 'c1', seq: 1, attachmentId: image.id }]);
        expect(merged.warnings).toEqual([]);
      } else {
        expect(kept, `round ${round}`).toEqual(user([{ type: 'text', text: 'look' }]));
        expect(raw, `round ${round}`).toMatchObject({ ids: [], chunks: 0, refs: [] });
        expect(merged.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
      }
    }
  });
});
