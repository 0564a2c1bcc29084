// DESIGN §21, keeping the journal small: segments are rolled into a snapshot in the background,
// and a restore from snapshot + later segments gives back the same store, whatever the moment a
// crash interrupted the roll, and while writes go on during it.
import { describe, expect, it, vi } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import type { Message } from '../../../src/core/message.js';
import { STORE_JOURNALS } from '../../../src/store/create-store-api.js';
import type { ConvologStore } from '../../../src/store/index.js';
import { journalLockName } from '../../../src/store/journal/journal-lock.js';
import { memoryJournalBackend, type MemoryJournalBackend } from '../../../src/store/journal/memory-journal-backend.js';
import { openStoreWith } from '../../../src/store/open-store.js';
import { storeFixture } from '../store-fixture.js';
import { deleteBehindTheStoresBack, dump, writeEverything } from './journal-support.js';

const stores = storeFixture();

function kinds(files: Map<string, string>): { snapshots: string[]; segments: string[] } {
  const names = [...files.keys()].sort();
  return { snapshots: names.filter((name) => name.startsWith('snapshot-')), segments: names.filter((name) => name.startsWith('j-')) };
}

async function rolled(store: ConvologStore): Promise<void> {
  await STORE_JOURNALS.get(store)!.rolled();
}

/**
 * The app's clock an hour behind: what a session writes is older than the next open's catch-up
 * margin (a minute before the newest journal file), so that open journals nothing again, as
 * after a reload long after the last write (catch-up-journal.ts).
 */
const anHourAgo = (): Date => new Date(Date.now() - 3_600_000);

/** A database with one chat, written with the journal off: its journal folder holds no snapshot yet. */
async function writtenBeforeTheJournal(
  chat: { id?: string; title: string; messages: Message[]; now?: () => Date } = { title: 'from before the journal', messages: [user('old'), assistant('OLD')] },
): Promise<{ memory: MemoryJournalBackend; name: string }> {
  const memory = memoryJournalBackend();
  const name = stores.name();
  const unjournaled = await openStoreWith({ name, journal: false, ...(chat.now ? { now: chat.now } : {}) }, { journalBackend: memory.backend });
  const { id } = await unjournaled.createConversation({ ...(chat.id ? { id: chat.id } : {}), title: chat.title });
  await unjournaled.append(id, chat.messages);
  unjournaled.close();
  return { memory, name };
}

/** A database whose journal is one snapshot (the first, taken at open) of a chat `long` of one `words`-word message. */
async function rolledOnce(words: number): Promise<{ memory: MemoryJournalBackend; name: string }> {
  const { memory, name } = await writtenBeforeTheJournal({ id: 'long', title: 'long', messages: [user('word '.repeat(words))], now: anHourAgo });
  const store = await openStoreWith({ name, now: anHourAgo }, { journalBackend: memory.backend });
  await rolled(store);
  store.close();
  expect(kinds(memory.files(name))).toMatchObject({ snapshots: [expect.any(String)], segments: [] });
  return { memory, name };
}

describe('rolling the journal into a snapshot', () => {
  it('replaces the segments with one snapshot that restores the same store', async () => {
    const memory = memoryJournalBackend();
    const name = stores.name();
    const store = await openStoreWith({ name }, { journalBackend: memory.backend, journalRollBytes: 1 });
    await writeEverything(store);
    await rolled(store);
    // Segments written while that roll ran stay until a write finds them worth a roll: a quarter of
    // the snapshot's size (how many depends on the machine's speed: 4 in a busy page). One more
    // write, with no roll running, rolls them if they are; either way, what stays is less.
    // Its segment is counted a moment after the write resolves, so the roll is waited for in a poll.
    await store.createConversation({ title: 'written while no roll ran' });
    await vi.waitFor(async () => {
      await rolled(store);
      const files = memory.files(name);
      const { snapshots, segments } = kinds(files);
      expect(snapshots).toHaveLength(1);
      const segmentBytes = segments.reduce((sum, segment) => sum + files.get(segment)!.length, 0);
      expect(segmentBytes).toBeLessThan(files.get(snapshots[0]!)!.length / 4);
    });
    const expected = await dump(store);
    store.close();

    await deleteBehindTheStoresBack(name);
    const after = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(after.openReport.issues).toEqual([]);
    expect(await dump(after)).toEqual(expected);
    after.close();
  }, 20_000); // a roll after every write: ~1 s, slower on a loaded machine

  it('takes a first snapshot at open of a database that has no journal yet (journaling turned on later)', async () => {
    const { memory, name } = await writtenBeforeTheJournal();
    const journaled = await openStoreWith({ name }, { journalBackend: memory.backend });
    await rolled(journaled);
    const expected = await dump(journaled);
    journaled.close();
    expect(kinds(memory.files(name)).snapshots).toHaveLength(1);
    await deleteBehindTheStoresBack(name);
    const after = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  // In the whole WebKit suite under load this snapshot was sometimes missing: the lock that the
  // first open held from its upgrade was still being released when the second open's roll asked
  // for it, and a roll at open skipped a busy lock. The database's chats from before the journal
  // would then have no copy until a later open. A roll at open waits for the lock instead.
  it.runIf(typeof navigator !== 'undefined' && navigator.locks)('takes the first snapshot at open even when the journal lock is busy then', async () => {
    const { memory, name } = await writtenBeforeTheJournal();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const taken = new Promise<void>((resolve) => {
      void navigator.locks.request(journalLockName(name), () => { resolve(); return held; });
    });
    await taken; // another tab restoring or rolling, or a lock on its way to release
    const journaled = await openStoreWith({ name }, { journalBackend: memory.backend });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the roll at open has asked for the lock
    release();
    await rolled(journaled);
    journaled.close();
    expect(kinds(memory.files(name)).snapshots).toHaveLength(1);
  });

  it('loses nothing written by another tab while the roll runs', async () => {
    const memory = memoryJournalBackend();
    const name = stores.name();
    const roller = await openStoreWith({ name }, { journalBackend: memory.backend, journalRollBytes: 1 });
    const writer = await openStoreWith({ name }, { journalBackend: memory.backend });
    const { id } = await roller.createConversation({ title: 'busy' });
    const writes: Promise<unknown>[] = [];
    for (let turn = 0; turn < 20; turn++) {
      writes.push(writer.append(id, [user(`from the other tab ${turn}`)]).catch(() => undefined));
      writes.push(roller.createConversation({ title: `new ${turn}` }));
    }
    await Promise.all(writes);
    await rolled(roller);
    const expected = await dump(writer);
    roller.close();
    writer.close();
    await deleteBehindTheStoresBack(name);
    const after = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(after.openReport.issues).toEqual([]);
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('restores the same store when a crash stopped the roll before it removed what the snapshot holds', async () => {
    const memory = memoryJournalBackend();
    const name = stores.name();
    const store = await openStoreWith({ name }, { journalBackend: memory.backend, journalRollBytes: 1 });
    await rolled(store);
    memory.faults.refuseRemoves = true; // the tab dies after writing the snapshot, before removing anything
    await writeEverything(store);
    await rolled(store);
    const expected = await dump(store);
    store.close();
    const { snapshots, segments } = kinds(memory.files(name));
    expect(snapshots.length).toBeGreaterThan(1);
    expect(segments.length).toBeGreaterThan(1);
    memory.faults.refuseRemoves = false;
    await deleteBehindTheStoresBack(name);
    const after = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(after.openReport.issues).toEqual([]);
    expect(await dump(after)).toEqual(expected);
    after.close();
  });

  it('counts an earlier session\'s snapshot: writes under a quarter of it do not roll the whole database again', async () => {
    const { memory, name } = await rolledOnce(20_000);
    const reopened = await openStoreWith({ name, now: anHourAgo }, { journalBackend: memory.backend, journalRollBytes: 1 });
    await rolled(reopened);
    const before = kinds(memory.files(name));
    await reopened.append('long', [user('a short reply')]);
    // Its segment is counted as soon as it is written (a roll would start then): wait for it, then for any roll.
    await vi.waitFor(() => expect(kinds(memory.files(name)).segments).toHaveLength(1));
    await rolled(reopened);
    // The bound is a quarter of the ~100 KB snapshot: this session's small segment stays, and so does the snapshot.
    const after = kinds(memory.files(name));
    expect(after.snapshots).toEqual(before.snapshots);
    expect(after.segments).toHaveLength(1);
    reopened.close();
  });

  it('rolls at open the segments an earlier session left once they reach a quarter of the snapshot', async () => {
    const { memory, name } = await rolledOnce(4_000);
    // A session that never rolls, as one closed before its roll began: ~10 KB of segments beside a
    // ~20 KB snapshot. Its last write two minutes (of its clock) after the big one, so the next
    // open's catch-up journals only that one again (~0.6 KB, under the next session's 2 KB).
    let clock = Date.now() - 3_600_000;
    const unrolled = await openStoreWith({ name, now: () => new Date(clock) }, { journalBackend: memory.backend, journalRollBytes: Number.POSITIVE_INFINITY });
    await unrolled.append('long', [user('word '.repeat(2_000))]);
    clock += 120_000;
    await unrolled.append('long', [user('later')]);
    await vi.waitFor(() => expect(kinds(memory.files(name)).segments.length).toBeGreaterThan(0));
    unrolled.close();
    const left = kinds(memory.files(name));
    const reopened = await openStoreWith({ name, now: () => new Date(clock) }, { journalBackend: memory.backend, journalRollBytes: 2_000 });
    await rolled(reopened);
    const after = kinds(memory.files(name));
    expect(after.snapshots).toHaveLength(1);
    expect(after.snapshots).not.toEqual(left.snapshots);
    expect(after.segments.filter((segment) => left.segments.includes(segment))).toEqual([]);
    const expected = await dump(reopened);
    reopened.close();
    await deleteBehindTheStoresBack(name);
    const restored = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(await dump(restored)).toEqual(expected);
    restored.close();
  });

  // Tabs coordinate through Web Locks, which browsers have and Node does not.
  it.skipIf(typeof navigator === 'undefined' || navigator.locks === undefined)('never rolls a half-restored database: a tab opening during another tab\'s restore leaves the journal whole', async () => {
    const memory = memoryJournalBackend();
    const name = stores.name();
    const store = await openStoreWith({ name }, { journalBackend: memory.backend });
    await rolled(store);
    for (let index = 0; index < 30; index++) {
      const { id } = await store.createConversation({ title: `chat ${index}` });
      await store.append(id, [user(`message ${index}`), assistant(`answer ${index}`)]);
    }
    const expected = await dump(store);
    store.close();
    const files = memory.files(name);
    for (const file of [...files.keys()]) if (file.startsWith('snapshot-')) files.delete(file); // so an open wants to roll
    await deleteBehindTheStoresBack(name);

    const [restoring, opening] = await Promise.all([
      openStoreWith({ name }, { journalBackend: memory.backend }),
      openStoreWith({ name }, { journalBackend: memory.backend }),
    ]);
    await rolled(restoring);
    await rolled(opening);
    restoring.close();
    opening.close();
    await deleteBehindTheStoresBack(name);
    const after = await openStoreWith({ name }, { journalBackend: memory.backend });
    expect(await dump(after)).toEqual(expected);
    after.close();
  });
});
