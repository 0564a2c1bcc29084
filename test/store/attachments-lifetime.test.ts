// How long attachments live (DESIGN §18): while an entry references them, on any branch or in any
// conversation; deleting a conversation or clear removes the rest in the same transaction; an
// abandoned put is collected after the 24 h grace period, never before. With another store on the
// same database (another tab) writing in between. Node (fake-indexeddb) and real browsers.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { AttachmentSource, Message } from '../../src/core/message.js';
import type { ConvologStore } from '../../src/store/index.js';
import { HOUR, attachmentStores, bytesOf, settableClock } from './attachment-support.js';
import { codeOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

function showing(source: AttachmentSource, text = 'look'): Message {
  return user([{ type: 'text', text }, { type: 'image', source }]);
}

async function stored(store: ConvologStore, id: string): Promise<boolean> {
  const code = await store.getAttachment(id).then(() => 'found', (error: { code?: string }) => error.code);
  if (code !== 'found' && code !== 'not_found') throw new Error(`unexpected ${code}`);
  return code === 'found';
}

describe('attachment lifetime', () => {
  // Found by review: the replace wrote deleteConversation's deletes by hand and left out the
  // references, so the replaced copy's bytes were never collected (and stayed, for privacy).
  it('a re-import that replaces an earlier copy releases the earlier copy\'s references', async () => {
    const name = stores.name();
    const clock = settableClock();
    const store = await stores.open({ name, now: clock.now });
    const image = await store.putAttachment(bytesOf(300), { mediaType: 'image/png' });
    const { id } = await store.createConversation({ title: 'source', appData: { 'convolog.importedFrom': { app: 'x', id: 's1' } } });
    await store.append(id, [showing(image), assistant('a cat')]);
    const exported = await store.exportConversation(id);
    await store.deleteConversation(id);
    await store.putAttachment(bytesOf(300), { mediaType: 'image/png' });
    const first = await store.importConversation(exported, { trusted: true });
    expect(first.outcome).toBe('created');
    const replaced = await store.importConversation({ ...exported, conversation: { ...exported.conversation, headId: null }, entries: [] }, { onReimport: 'replace', trusted: true });
    expect(replaced.outcome).toBe('replaced');
    expect((await attachmentStores(name)).refs.filter((ref) => (ref as { conversationId: string }).conversationId === first.conversation.id)).toEqual([]);
    clock.advance(25 * HOUR);
    await store.putAttachment(bytesOf(5, 9), { mediaType: 'text/plain' }); // a put collects expired, unreferenced bytes
    expect((await attachmentStores(name)).ids).not.toContain(image.id);
  });

  it('deleting the only conversation that references an attachment removes its bytes in the same transaction', async () => {
    const name = stores.name();
    const clock = settableClock();
    const store = await stores.open({ name, now: clock.now });
    const image = await store.putAttachment(bytesOf(3000), { mediaType: 'image/png' });
    const kept = await store.putAttachment(bytesOf(10, 2), { mediaType: 'text/plain' });
    const { id } = await store.createConversation();
    const other = await store.createConversation();
    await store.append(id, [showing(image), assistant('a cat')]);
    await store.append(other.id, [showing(kept)]);
    expect(await store.deleteConversation(id)).toBe(true);
    expect(await stored(store, image.id)).toBe(false);
    expect(await attachmentStores(name)).toMatchObject({ ids: [kept.id], chunks: 1, refs: [{ conversationId: other.id, seq: 1, attachmentId: kept.id }] });
    expect((await store.estimateStorage()).attachments).toBe(10);
  });

  it('an attachment referenced from two conversations survives deleting one, and goes with the other', async () => {
    const store = await stores.open();
    const image = await store.putAttachment(bytesOf(100), { mediaType: 'image/png' });
    const first = await store.createConversation();
    const second = await store.createConversation();
    await store.append(first.id, [showing(image)]);
    await store.append(second.id, [showing(image), assistant('same'), showing(image, 'again')]);
    await store.deleteConversation(first.id);
    expect(await stored(store, image.id)).toBe(true);
    await store.deleteConversation(second.id);
    expect(await stored(store, image.id)).toBe(false);
  });

  it('an attachment referenced only on a branch the user left stays: collection and deletes count every branch', async () => {
    const clock = settableClock();
    const store = await stores.open({ now: clock.now });
    const image = await store.putAttachment(bytesOf(100, 3), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    const [question] = await store.append(id, [user('draw')]);
    const [drawn] = await store.append(id, [assistant([{ type: 'image', source: image }])], { parentId: question!.id });
    await store.append(id, [assistant('no picture this time')], { parentId: question!.id });
    const other = await store.createConversation();
    await store.append(other.id, [showing(image)]);
    await store.deleteConversation(other.id);
    clock.advance(25 * HOUR);
    await store.putAttachment(bytesOf(1, 30), { mediaType: 'text/plain' });
    expect(await stored(store, image.id)).toBe(true);
    expect(await store.context(id, { leafId: drawn!.id })).toHaveLength(2);
    await store.deleteConversation(id);
    expect(await stored(store, image.id)).toBe(false);
  });

  it('clear removes every attachment with every conversation', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const image = await store.putAttachment(bytesOf(100, 4), { mediaType: 'image/png' });
    await store.putAttachment(bytesOf(100, 5), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    await store.append(id, [showing(image)]);
    await store.clear();
    expect(await attachmentStores(name)).toEqual({ ids: [], chunks: 0, chunkBytes: 0, chunkTypes: [], refs: [] });
    expect((await store.estimateStorage()).attachments).toBe(0);
  });

  it('a put never appended survives 23 h (an append may still come), is collected by a put after 24 h', async () => {
    const clock = settableClock();
    const store = await stores.open({ now: clock.now });
    const abandoned = await store.putAttachment(bytesOf(500, 6), { mediaType: 'image/png' });
    const used = await store.putAttachment(bytesOf(500, 7), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    await store.append(id, [showing(used)]);
    clock.advance(23 * HOUR);
    await store.putAttachment(bytesOf(1, 8), { mediaType: 'text/plain' });
    expect(await stored(store, abandoned.id)).toBe(true);
    const late = await store.createConversation();
    clock.advance(2 * HOUR);
    await store.putAttachment(bytesOf(1, 9), { mediaType: 'text/plain' });
    expect(await stored(store, abandoned.id)).toBe(false);
    expect(await stored(store, used.id)).toBe(true);
    expect(await codeOf(store.append(late.id, [showing(abandoned)]))).toBe('not_found');
    expect(await store.entries(late.id)).toEqual([]);
  });

  it('a conversation deleted while a put of the same bytes is in its grace period keeps the bytes for that put\'s append', async () => {
    const clock = settableClock();
    const store = await stores.open({ now: clock.now });
    const image = await store.putAttachment(bytesOf(64, 10), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    await store.append(id, [showing(image)]);
    clock.advance(HOUR);
    await store.putAttachment(bytesOf(64, 10), { mediaType: 'image/png' }); // a second composer
    await store.deleteConversation(id);
    expect(await stored(store, image.id)).toBe(true);
    const next = await store.createConversation();
    await store.append(next.id, [showing(image)]);
    await store.deleteConversation(next.id);
    expect(await stored(store, image.id)).toBe(false);
  });

  it('a put of bytes already stored renews their grace period: a collection right after leaves them', async () => {
    const clock = settableClock();
    const store = await stores.open({ now: clock.now });
    const image = await store.putAttachment(bytesOf(64, 11), { mediaType: 'image/png' });
    clock.advance(25 * HOUR);
    await store.putAttachment(bytesOf(64, 11), { mediaType: 'image/png' });
    await store.putAttachment(bytesOf(1, 12), { mediaType: 'text/plain' }); // collects what expired
    expect(await stored(store, image.id)).toBe(true);
    const { id } = await store.createConversation();
    await store.append(id, [showing(image)]);
  });
});

describe('attachments through export and import', () => {
  it('a trusted import of an export keeps the references, and they keep the bytes alive', async () => {
    const store = await stores.open();
    const image = await store.putAttachment(bytesOf(400, 40), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    await store.append(id, [showing(image)]);
    const exported = await store.exportConversation(id);
    const { conversation } = await store.importConversation(exported, { trusted: true });
    await store.deleteConversation(id);
    expect(await stored(store, image.id)).toBe(true);
    await store.deleteConversation(conversation.id);
    expect(await stored(store, image.id)).toBe(false);
  });

  it('entries merged from another device (mergeEntries, trusted) reference their attachments: a collection after the grace period keeps the bytes', async () => {
    const clock = settableClock();
    const device = await stores.open({ now: clock.now });
    const here = await stores.open({ now: clock.now });
    const bytes = bytesOf(400, 42);
    const image = await device.putAttachment(bytes, { mediaType: 'image/png' });
    const { id } = await device.createConversation();
    const entries = await device.append(id, [showing(image)]);
    await here.putAttachment(bytes, { mediaType: 'image/png' }); // the bytes arrive beside the entries
    await here.mergeEntries(id, entries, { trusted: true, conversation: { title: 'synced', createdAt: clock.now().toISOString() } });
    clock.advance(25 * HOUR);
    await here.putAttachment(bytesOf(1, 43), { mediaType: 'text/plain' });
    expect(await stored(here, image.id)).toBe(true);
    await here.deleteConversation(id);
    expect(await stored(here, image.id)).toBe(false);
  });

  it('an untrusted import of an export without the bytes ({ attachments: \'omit\' }) drops attachment references with a warning', async () => {
    const store = await stores.open();
    const image = await store.putAttachment(bytesOf(400, 41), { mediaType: 'image/png' });
    const { id } = await store.createConversation();
    await store.append(id, [showing(image)]);
    const { conversation, warnings } = await store.importConversation(await store.exportConversation(id, { attachments: 'omit' }));
    expect(warnings.some((warning) => warning.code === 'dropped_block')).toBe(true);
    expect(await store.context(conversation.id)).toEqual([user([{ type: 'text', text: 'look' }])]);
  });
});

describe('attachment lifetime with another tab writing', () => {
  it('a reference appended in another tab before a delete commits keeps the bytes; one after finds them gone and writes nothing', async () => {
    const name = stores.name();
    const tabA = await stores.open({ name });
    const tabB = await stores.open({ name });
    const image = await tabA.putAttachment(bytesOf(200, 13), { mediaType: 'image/png' });
    const doomed = await tabA.createConversation();
    const living = await tabA.createConversation();
    await tabA.append(doomed.id, [showing(image)]);
    // B's append comes first: the delete sees its reference.
    await tabB.append(living.id, [showing(image)]);
    await tabA.deleteConversation(doomed.id);
    expect(await stored(tabB, image.id)).toBe(true);
    // Now the last reference goes, then B's append comes: refused, no reference to missing bytes left.
    const third = await tabA.createConversation();
    await tabA.deleteConversation(living.id);
    expect(await codeOf(tabB.append(third.id, [showing(image)]))).toBe('not_found');
    expect(await tabB.entries(third.id)).toEqual([]);
    expect((await attachmentStores(name)).refs).toEqual([]);
  });

  it('a delete and an append in another tab at the same moment: either the bytes stay with the new reference, or the append is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const name = stores.name();
      const tabA = await stores.open({ name });
      const tabB = await stores.open({ name });
      const image = await tabA.putAttachment(bytesOf(300, 14 + round), { mediaType: 'image/png' });
      const doomed = await tabA.createConversation();
      const living = await tabA.createConversation();
      await tabA.append(doomed.id, [showing(image)]);
      const [, appended] = await Promise.allSettled([
        round % 2 === 0 ? tabA.deleteConversation(doomed.id) : Promise.resolve().then(() => tabA.deleteConversation(doomed.id)),
        tabB.append(living.id, [showing(image)]),
      ]);
      const raw = await attachmentStores(name);
      if (appended.status === 'fulfilled') {
        expect(raw.ids, `round ${round}`).toEqual([image.id]);
        expect(raw.refs, `round ${round}`).toEqual([{ conversationId: living.id, seq: 1, attachmentId: image.id }]);
      } else {
        expect((appended.reason as { code: string }).code).toBe('not_found');
        expect(raw).toMatchObject({ ids: [], chunks: 0, refs: [] });
      }
    }
  });

  it('a put racing a collection in another tab: the bytes it returned are stored when it resolves', async () => {
    const clock = settableClock();
    const name = stores.name();
    const tabA = await stores.open({ name, now: clock.now });
    const tabB = await stores.open({ name, now: clock.now });
    const image = await tabA.putAttachment(bytesOf(1500, 20), { mediaType: 'image/png' });
    clock.advance(25 * HOUR);
    // B's put collects the expired one while A puts the same bytes again, in either order.
    const [again] = await Promise.all([
      tabA.putAttachment(bytesOf(1500, 20), { mediaType: 'image/png' }),
      tabB.putAttachment(bytesOf(1, 21), { mediaType: 'text/plain' }),
    ]);
    expect(again.id).toBe(image.id);
    expect((await tabB.getAttachment(image.id)).size).toBe(1500);
    const { id } = await tabB.createConversation();
    await tabB.append(id, [showing(again)]);
    expect((await attachmentStores(name)).chunkBytes).toBe(1501);
  });
});
