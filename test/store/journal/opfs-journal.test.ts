// DESIGN §21 in a real engine: the journal in the origin private file system, through the
// default backend openStore picks. Runs where OPFS exists (Chromium and Firefox; WebKitGTK 2.50 has
// none); Node has none either, and the in-memory folder covers the same logic there. `journal: true`
// because the journal is on by default in Chromium only (journal-by-default.test.ts).
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import { deleteStore, openStore } from '../../../src/store/index.js';
import { SEGMENT_PREFIX, SNAPSHOT_PREFIX } from '../../../src/store/journal/journal-format.js';
import { hasOpfs, opfsBackend } from '../../../src/store/journal/opfs-backend.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump } from './journal-support.js';

const stores = storeFixture();

describe.skipIf(!hasOpfs())('the journal in OPFS', () => {
  it('reads back what it wrote, replaces a file whole, lists and removes', async () => {
    const folder = await opfsBackend(stores.name());
    await folder.write('a.jsonl', 'first, longer text\n');
    await folder.write('a.jsonl', 'second\n');
    await folder.write('b.jsonl', 'b\n');
    expect(await folder.read('a.jsonl')).toBe('second\n');
    expect((await folder.list()).sort()).toEqual(['a.jsonl', 'b.jsonl']);
    await folder.remove('a.jsonl');
    await folder.remove('a.jsonl'); // already gone: no error
    expect(await folder.read('a.jsonl')).toBeUndefined();
    await folder.remove('b.jsonl');
  });

  it('restores a database deleted behind the store\'s back, with the default backend', async () => {
    const name = stores.name();
    const before = await openStore({ name, journal: true });
    const { id } = await before.createConversation({ title: 'in OPFS' });
    const [, a1] = await before.append(id, [user('one'), assistant('ONE')]);
    await before.append(id, [user('one, edited')], { parentId: a1!.parentId });
    const expected = await dump(before);
    before.close();
    // Segments, or the snapshot a background roll made of them (the first open rolls when there is
    // none yet, and on a loaded machine it may have finished by now).
    const files = await (await opfsBackend(name)).list();
    expect(files.some((file) => file.startsWith(SEGMENT_PREFIX) || file.startsWith(SNAPSHOT_PREFIX)), files.join(', ')).toBe(true);
    await deleteBehindTheStoresBack(name);

    const after = await openStore({ name, journal: true });
    expect(after.openReport).toMatchObject({ reset: true, restored: { conversations: 1, entries: 3, attachments: 0 }, issues: [] });
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('keeps attachment bytes as binary files and puts them back after a reset', async () => {
    const name = stores.name();
    const folder = await opfsBackend(name);
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    await folder.writeBytes!('bin', bytes);
    expect(await folder.readBytes!('bin')).toEqual(bytes);
    await folder.remove('bin');

    const before = await openStore({ name, journal: true });
    const ref = await before.putAttachment(bytes, { mediaType: 'image/webp', filename: 'photo.webp' });
    const { id } = await before.createConversation({ title: 'a photo' });
    await before.append(id, [user([{ type: 'image', source: ref }])]);
    before.close();
    await deleteBehindTheStoresBack(name);
    const after = await openStore({ name, journal: true });
    expect(after.openReport).toMatchObject({ reset: true, restored: { conversations: 1, entries: 1, attachments: 1 }, issues: [] });
    const restored = new Uint8Array(await (await after.getAttachment(ref.id)).arrayBuffer());
    expect(restored.length === bytes.length && restored.every((byte, index) => byte === bytes[index])).toBe(true);
    after.close();
  });

  it('forgets the journal on deleteStore, so nothing comes back', async () => {
    const name = stores.name();
    const store = await openStore({ name, journal: true });
    await store.createConversation({ title: 'forget me' });
    store.close();
    await deleteStore({ name });
    expect(await (await opfsBackend(name)).list()).toEqual([]);
    const again = await openStore({ name });
    expect(again.openReport).toEqual({ reset: false, issues: [] });
    expect(await again.listConversations()).toEqual([]);
    again.close();
  });
});
