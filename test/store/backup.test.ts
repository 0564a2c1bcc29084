// Backup of everything (DESIGN §20): exportAll → one ZIP of every conversation and each
// attachment once; importAll restores it, conversation by conversation, each whole. Node
// (fake-indexeddb), Chromium, Firefox and WebKit.
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import type { AttachmentRef, ConvologStore } from '../../src/store/index.js';
import { crc32 } from '../../src/store/transfer/zip/crc32.js';
import { attachmentStores, bytesOf } from './attachment-support.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

function picture(ref: AttachmentRef, text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }, { type: 'image', source: ref }] };
}

/** Three conversations: pictures on two branches (one picture shared with the second), tools and a compaction with appData, and an empty one. */
async function filled(store: ConvologStore) {
  const cat = await store.putAttachment(bytesOf(5000, 1), { mediaType: 'image/png', filename: 'cat.png' });
  const paper = await store.putAttachment(bytesOf(200_000, 2), { mediaType: 'application/pdf' });
  const pictures = await store.createConversation({ title: 'Pictures' });
  const [question] = await store.append(pictures.id, [picture(cat, 'what animal is this?'), assistant('a tabby cat')]);
  await store.append(pictures.id, [picture(paper, 'summarize'), assistant('a paper on oslo trams')]);
  await store.append(pictures.id, [picture(cat, 'again'), assistant('still a cat')], { parentId: question!.id });
  const tools = await store.createConversation({ title: 'Weather', appData: { 'app.prompt': 'travel' } });
  const entries = await store.append(tools.id, [user('weather in oslo?'), assistant([toolCall('c1', 'weather', { city: 'Oslo' })]), toolResult('c1', 'weather', 'rain'), assistant('it rains'), user('and the cat?')]);
  await store.appendCompaction(tools.id, { summary: 'asked about oslo weather', firstKeptId: entries[4]!.id });
  await store.append(tools.id, [picture(cat, 'this one'), assistant('that cat again')]);
  const empty = await store.createConversation({ title: 'Empty' });
  return { ids: [pictures.id, tools.id, empty.id], cat, paper };
}

/**
 * `blob` whose first read of the conversations (a slice from offset 0 past the 4-byte magic
 * check of the directory reader) runs `hook` first: "between importAll's read and its write".
 */
function hookedBlob(blob: Blob, hook: () => Promise<void>): Blob & { fired(): boolean } {
  let fired = false;
  class Hooked extends Blob {
    override slice(start?: number, end?: number, contentType?: string): Blob {
      const part = super.slice(start, end, contentType);
      if (fired || start !== 0 || (end ?? this.size) <= 4) return part;
      fired = true;
      return { arrayBuffer: async () => {
        await hook();
        return part.arrayBuffer();
      } } as Blob;
    }

    fired(): boolean {
      return fired;
    }
  }
  return new Hooked([blob]);
}

/** The CRC-32 each entry of the central directory records, by name. */
function recordedCrcs(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const crcs = new Map<string, number>();
  for (let at = zip.byteLength - 22; at >= 0; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    let offset = view.getUint32(at + 16, true);
    for (let index = 0; index < view.getUint16(at + 10, true); index++) {
      const nameLength = view.getUint16(offset + 28, true);
      crcs.set(new TextDecoder().decode(zip.subarray(offset + 46, offset + 46 + nameLength)), view.getUint32(offset + 16, true));
      offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return crcs;
  }
  throw new Error('no end of central directory');
}

async function hitsOf(store: ConvologStore, query: string) {
  await store.flushSearchIndex();
  const { hits } = await store.search(query, { limit: 50 });
  return hits.map((hit) => ({ conversationId: hit.conversationId, entryId: hit.entryId, snippet: hit.snippet }));
}

async function expectSame(source: ConvologStore, target: ConvologStore, id: string): Promise<void> {
  expect(await target.getConversation(id)).toEqual(await source.getConversation(id));
  expect(await target.entries(id, { allBranches: true })).toEqual(await source.entries(id, { allBranches: true }));
  expect(await target.context(id)).toEqual(await source.context(id));
  expect(await target.forks(id)).toEqual(await source.forks(id));
}

describe('exportAll / importAll', () => {
  it('restores every conversation, branch, compaction, appData and attachment; the restored store searches and resumes as the original', async () => {
    const source = await stores.open();
    const { ids, cat, paper } = await filled(source);
    const progress: unknown[] = [];
    const backup = await source.exportAll({ onProgress: (step) => progress.push(step) });
    expect(progress).toEqual([{ done: 1, total: 3 }, { done: 2, total: 3 }, { done: 3, total: 3 }]);
    const files = unzipSync(new Uint8Array(await backup.arrayBuffer()));
    expect(Object.keys(files).filter((name) => name.startsWith('attachments/')).sort()).toEqual([`attachments/${cat.id}`, `attachments/${paper.id}`].sort());
    // Each entry records the CRC-32 of its bytes (JSON deflated natively or by fflate, attachments stored).
    const crcs = recordedCrcs(new Uint8Array(await backup.arrayBuffer()));
    expect([...crcs.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [name, bytes] of Object.entries(files)) expect(crcs.get(name), name).toBe(crc32(bytes));
    const target = await stores.open();
    const restoring: unknown[] = [];
    const result = await target.importAll(backup, { onProgress: (step) => restoring.push(step) });
    expect(restoring).toEqual(progress);
    expect(result).toMatchObject({ existing: [], skipped: [] });
    expect([...result.restored].sort()).toEqual([...ids].sort());
    for (const id of ids) await expectSame(source, target, id);
    expect((await attachmentStores(target.name)).ids).toEqual([cat.id, paper.id].sort());
    expect(await (await target.getAttachment(paper.id)).arrayBuffer()).toEqual(await (await source.getAttachment(paper.id)).arrayBuffer());
    for (const query of ['cat', 'oslo', 'rain', 'summarize']) expect(await hitsOf(target, query), query).toEqual(await hitsOf(source, query));
    // Resume: the same next turn gives the same context in both.
    for (const store of [source, target]) await store.append(ids[1]!, [user('and tomorrow?')]);
    expect(await target.context(ids[1]!)).toEqual(await source.context(ids[1]!));
  });

  it("onConflict 'skip' (default) leaves conversations already here; 'new_id' restores copies under fresh ids", async () => {
    const source = await stores.open();
    const { ids } = await filled(source);
    const backup = await source.exportAll();
    const again = await source.importAll(backup);
    expect(again).toMatchObject({ restored: [], skipped: [] });
    expect([...again.existing].sort()).toEqual([...ids].sort());
    expect(await source.listConversations()).toHaveLength(3);
    const copies = await source.importAll(backup, { onConflict: 'new_id' });
    expect(copies.restored).toHaveLength(3);
    expect(copies.restored.some((id) => ids.includes(id))).toBe(false);
    expect(await source.listConversations()).toHaveLength(6);
  });

  it('a tampered backup restores whole conversations only and reports which it skipped', async () => {
    const source = await stores.open();
    const { ids, paper } = await filled(source);
    const files = unzipSync(new Uint8Array(await (await source.exportAll()).arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files['backup.json'])) as { conversations: { id: string; file: string }[] };
    const fileOf = (id: string) => manifest.conversations.find((item) => item.id === id)!.file;
    // The pictures' PDF no longer matches its id; the weather chat's JSON is cut in the middle.
    const tampered = zipSync({
      ...files, [`attachments/${paper.id}`]: bytesOf(200_000, 9), [fileOf(ids[1]!)]: files[fileOf(ids[1]!)]!.subarray(0, 100),
    });
    const target = await stores.open();
    const result = await target.importAll(new Blob([tampered]));
    expect(result.restored).toEqual([ids[2]]);
    expect(result.skipped.map(({ conversationId, code }) => ({ conversationId, code })).sort((a, b) => a.conversationId.localeCompare(b.conversationId)))
      .toEqual([{ conversationId: ids[0], code: 'attachment_mismatch' }, { conversationId: ids[1], code: 'invalid_history' }]
        .sort((a, b) => a.conversationId!.localeCompare(b.conversationId!)));
    expect((await target.listConversations()).map((conversation) => conversation.id)).toEqual([ids[2]]);
    expect((await attachmentStores(target.name)).ids).toEqual([]);
  });

  it('skipped conversations carry their title from the manifest; a backup whose manifest names no titles still restores', async () => {
    const source = await stores.open();
    const { ids } = await filled(source);
    const files = unzipSync(new Uint8Array(await (await source.exportAll()).arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files['backup.json'])) as { conversations: { id: string; file: string; title?: string }[] };
    expect(manifest.conversations.map(({ id, title }) => ({ id, title })).sort((a, b) => a.id.localeCompare(b.id)))
      .toEqual([{ id: ids[0], title: 'Pictures' }, { id: ids[1], title: 'Weather' }, { id: ids[2], title: 'Empty' }].sort((a, b) => a.id!.localeCompare(b.id!)));
    const weather = manifest.conversations.find((item) => item.id === ids[1])!.file;
    const damaged = { ...files, [weather]: files[weather]!.subarray(0, 100) };
    const target = await stores.open();
    const result = await target.importAll(new Blob([zipSync(damaged)]));
    expect(result.skipped).toMatchObject([{ conversationId: ids[1], title: 'Weather', code: 'invalid_history' }]);
    // An older backup: its manifest has ids and files only.
    const untitled = { ...manifest, conversations: manifest.conversations.map(({ id, file }) => ({ id, file })) };
    const old = await stores.open();
    const restored = await old.importAll(new Blob([zipSync({ ...damaged, 'backup.json': strToU8(JSON.stringify(untitled)) })]));
    expect(restored.skipped).toHaveLength(1);
    expect(restored.skipped[0]).not.toHaveProperty('title');
    expect([...restored.restored].sort()).toEqual([ids[0], ids[2]].sort());
  });

  it('refuses a cut-off backup and a ZIP that is no backup, restoring nothing', async () => {
    const source = await stores.open();
    await filled(source);
    const backup = await source.exportAll();
    const target = await stores.open();
    for (const [blob, reason] of [
      [backup.slice(0, Math.floor(backup.size * 0.8)), 'truncated'],
      [await source.exportConversation((await source.listConversations())[0]!.id, { format: 'zip' }), 'missing_entry'],
      [new Blob([zipSync({ 'backup.json': strToU8('{"format":"something else"}') })]), 'corrupt'],
    ] as const) {
      const error = await rejectionOf(target.importAll(blob));
      expect(error).toMatchObject({ code: 'invalid_archive', details: { reason } });
    }
    expect(await target.listConversations()).toEqual([]);
    expect(await codeOf(target.importAll(backup, { signal: AbortSignal.abort() }))).toBe('aborted');
    expect(await codeOf(source.exportAll({ signal: AbortSignal.abort() }))).toBe('aborted');
  });

  it('another tab writing a conversation of the backup while importAll reads it: the tab\'s conversation stays whole, the backup\'s is existing or a copy', async () => {
    const source = await stores.open();
    await filled(source);
    const backup = await source.exportAll();
    const files = unzipSync(new Uint8Array(await backup.arrayBuffer()));
    const listed = (JSON.parse(new TextDecoder().decode(files['backup.json'])) as { conversations: { id: string }[] }).conversations.map(({ id }) => id);
    const contested = listed[1]!;
    const single = await source.exportConversation(contested);
    for (const onConflict of ['skip', 'new_id'] as const) {
      const name = stores.name();
      const target = await stores.open({ name });
      const tab = await stores.open({ name });
      // The other tab imports the same conversation id and adds to it once importAll has begun
      // reading the conversations (the first read at offset 0 past the 4-byte magic check), before importAll writes it.
      const hooked = hookedBlob(backup, async () => {
        await tab.importConversation(single);
        await tab.append(contested, [user('written in the other tab')]);
      });
      const result = await target.importAll(hooked, { onConflict });
      expect(hooked.fired()).toBe(true);
      const tabEntries = await tab.entries(contested, { allBranches: true });
      expect(tabEntries.at(-1)).toMatchObject({ message: { content: 'written in the other tab' } });
      // Whole: the tab's log, not the backup's entries mixed into it.
      expect(await target.entries(contested, { allBranches: true })).toEqual(tabEntries);
      expect(result.skipped).toEqual([]);
      if (onConflict === 'skip') {
        expect(result.existing).toEqual([contested]);
        expect([...result.restored].sort()).toEqual(listed.filter((id) => id !== contested).sort());
      } else {
        expect(result.existing).toEqual([]);
        const copy = result.restored.find((id) => !listed.includes(id))!;
        expect(result.restored).toHaveLength(3);
        expect((await target.entries(copy, { allBranches: true })).map((entry) => entry.type === 'message' ? entry.message : entry.type))
          .toEqual((await source.entries(contested, { allBranches: true })).map((entry) => entry.type === 'message' ? entry.message : entry.type));
      }
      expect(await target.listConversations()).toHaveLength(3 + (onConflict === 'new_id' ? 1 : 0));
    }
  });

  it('aborting while importAll reads a batch writes none of that batch; what is here is whole', async () => {
    const source = await stores.open();
    const { ids } = await filled(source);
    const backup = await source.exportAll();
    const target = await stores.open();
    const controller = new AbortController();
    const hooked = hookedBlob(backup, () => {
      controller.abort();
      return Promise.resolve();
    });
    expect(await codeOf(target.importAll(hooked, { signal: controller.signal }))).toBe('aborted');
    expect(hooked.fired()).toBe(true);
    expect(await target.listConversations()).toEqual([]);
    expect((await attachmentStores(target.name)).ids).toEqual([]);
    // Restored again in full afterwards: nothing half-written was left in the way.
    const again = await target.importAll(backup);
    expect([...again.restored].sort()).toEqual([...ids].sort());
    for (const id of ids) await expectSame(source, target, id);
  });

  it('a write in another tab while exportAll runs is in the backup whole or not at all: no conversation is torn', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const tab = await stores.open({ name });
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      const { id } = await store.createConversation({ title: `chat ${index}` });
      await store.append(id, [user('start')]);
      ids.push(id);
    }
    let writing = true;
    let round = 0;
    // Each batch is a call and its result: a backup that took half a batch would break the pairing.
    const writer = (async () => {
      while (writing) {
        const id = ids[round % ids.length]!;
        await tab.append(id, [assistant([toolCall(`c${round}`, 'look')]), toolResult(`c${round}`, 'look', 'seen'), user(`next ${round}`)]);
        round++;
      }
    })();
    const backups: Blob[] = [];
    try {
      for (let pass = 0; pass < 3; pass++) backups.push(await store.exportAll());
    } finally {
      writing = false;
      await writer;
    }
    expect(round).toBeGreaterThan(0);
    for (const backup of backups) {
      // In the file: each conversation's header names the last entry of its log as the head.
      const files = unzipSync(new Uint8Array(await backup.arrayBuffer()));
      for (const [file, bytes] of Object.entries(files)) {
        if (!file.startsWith('conversations/')) continue;
        const { conversation, entries } = JSON.parse(new TextDecoder().decode(bytes)) as { conversation: { headId: string }; entries: { id: string }[] };
        expect(conversation.headId, file).toBe(entries.at(-1)!.id);
        expect((entries.length - 1) % 3, file).toBe(0);
      }
      const target = await stores.open();
      const result = await target.importAll(backup);
      expect(result.skipped).toEqual([]);
      expect(result.restored).toHaveLength(12);
      for (const id of ids) {
        const entries = await target.entries(id, { allBranches: true });
        expect((entries.length - 1) % 3, id).toBe(0);
        expect((await target.getConversation(id))!.headId).toBe(entries.at(-1)!.id);
      }
    }
  });
});
