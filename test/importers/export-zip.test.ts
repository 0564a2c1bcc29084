// The ZIP importers: a ChatGPT or Claude data export ZIP, built here with fflate in the shapes
// real exports have (root `file-<id>-<name>` files, `sediment://` pointers to `file_<hash>-<uuid>.png`,
// DALL·E images in a folder, uploads listed in metadata.attachments), into a real store.
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isConvologError } from '../../src/core/error.js';
import { importChatGPTZip, importClaudeZip } from '../../src/importers/index.js';
import { openZipArchive, type ConvologStore } from '../../src/store/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { conversation, message, text } from './fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation } from './fixtures/claude-fixtures.js';

const stores = storeFixture();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = strToU8('%PDF-1.4 a tiny pdf');

function zip(files: Zippable): Blob {
  return new Blob([zipSync(files)]);
}

function photoChat(id: string, pointer: string) {
  return conversation(id, `Photo ${id}`, [
    ['root', null, null],
    ['u1', 'root', message('u1', 'user', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: pointer, size_bytes: 12 }, 'What is this?'] }, {
      metadata: { attachments: [{ id: pointer.replace(/^.*:\/\//, ''), name: 'cat.png' }, { id: 'file-Pdf1', name: 'report.pdf', mimeType: 'application/pdf' }] },
    }, 1)],
    ['a1', 'u1', message('a1', 'assistant', text('A cat.'), {}, 2)],
  ], 'a1');
}

async function mediaOf(store: ConvologStore, id: string) {
  const entries = await store.entries(id, { allBranches: true });
  return entries.flatMap((entry) => entry.type === 'message' && typeof entry.message.content !== 'string'
    ? entry.message.content.filter((part) => part.type === 'image' || part.type === 'file') : []);
}

describe('importChatGPTZip', () => {
  it('brings the files the pointers name in as attachments, each conversation with its bytes', async () => {
    const store = await stores.open();
    const blob = zip({
      'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1'), photoChat('c2', 'sediment://file_00ab12')])),
      'file-Cat1-cat.png': PNG,
      'file_00ab12-5d3c9e1a-uuid.png': PNG,
      'file-Pdf1-report.pdf': PDF,
      'chat.html': strToU8('<html></html>'),
    });
    const progress: number[] = [];
    const result = await importChatGPTZip(store, await openZipArchive(blob), { onProgress: ({ index }) => progress.push(index) });
    expect(result.warnings).toEqual([]);
    expect(progress).toEqual([0, 1]);
    expect(result.conversations.map((c) => [c.title, c.outcome, c.files])).toEqual([['Photo c1', 'created', 2], ['Photo c2', 'created', 2]]);
    const media = await mediaOf(store, result.conversations[0]!.conversationId);
    expect(media.map((part) => [part.type, part.source.kind, (part.source as { mediaType: string }).mediaType])).toEqual([
      ['image', 'attachment', 'image/png'], ['file', 'attachment', 'application/pdf'],
    ]);
    const image = media[0]!.source as { id: string };
    expect(new Uint8Array(await (await store.getAttachment(image.id)).arrayBuffer())).toEqual(PNG);
    expect((media[1] as { filename?: string }).filename).toBe('report.pdf');
  });

  it('keeps a pointer the ZIP has no file for as a warning naming it, and imports the rest', async () => {
    const store = await stores.open();
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Gone')])), 'file-Pdf1-report.pdf': PDF });
    const result = await importChatGPTZip(store, await openZipArchive(blob));
    expect(result.conversations).toHaveLength(1);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
    expect(result.warnings[0]!.message).toContain('file-service://file-Gone');
    expect(result.warnings[0]!.conversationId).toBe('c1');
    const media = await mediaOf(store, result.conversations[0]!.conversationId);
    expect(media.map((part) => part.type)).toEqual(['file']);
  });

  it('brings a DALL·E image from a folder, and an image in the answer itself (a .dat file), into the answer', async () => {
    const store = await stores.open();
    const chat = conversation('d1', 'Draw', [
      ['root', null, null],
      ['u1', 'root', message('u1', 'user', text('Draw a cat'), {}, 1)],
      ['t1', 'u1', message('t1', 'tool', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_77ff' }] }, { authorName: 'dalle.text2im' }, 2)],
      ['a1', 't1', message('a1', 'assistant', text('Here it is.'), {}, 3)],
    ], 'a1');
    (chat.mapping as Record<string, { message: { content: unknown } }>).a1!.message.content = {
      content_type: 'multimodal_text', parts: ['Here it is.', { content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_88ee' }],
    };
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([chat])), 'dalle-generations/file_77ff-abc.webp': PNG, 'file_88ee.dat': PNG });
    const result = await importChatGPTZip(store, await openZipArchive(blob));
    const media = await mediaOf(store, result.conversations[0]!.conversationId);
    expect(media.map((part) => part.type)).toEqual(['image', 'image']);
    expect(result.warnings).toEqual([]);
  });

  it('hands the store each conversation with files as a format-3 ZIP of the files\' own bytes, never base64', async () => {
    const store = await stores.open();
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1')])), 'file-Cat1-cat.png': PNG, 'file-Pdf1-report.pdf': PDF });
    const given: unknown[] = [];
    const target = { importConversation: (data: unknown, options?: Parameters<ConvologStore['importConversation']>[1]) => {
      given.push(data);
      return store.importConversation(data, options);
    } };
    const result = await importChatGPTZip(target, await openZipArchive(blob));
    expect(result.conversations.map((c) => c.files)).toEqual([2]);
    // A base64 round trip held each file's bytes about four times over (bytes, a binary string, base64, decoded): the heap figure of §18.
    expect(given).toHaveLength(1);
    expect(given[0]).toBeInstanceOf(Blob);
    const carried = await openZipArchive(given[0] as Blob);
    const exported = JSON.parse(await carried.readText('conversation.json')) as { formatVersion: number; attachments: { id: string; mediaType: string; data?: string }[] };
    expect(exported.formatVersion).toBe(3);
    expect(exported.attachments.map((attachment) => [attachment.mediaType, attachment.data])).toEqual([['image/png', undefined], ['application/pdf', undefined]]);
    expect(carried.names).toEqual(['conversation.json', ...exported.attachments.map((attachment) => `attachments/${attachment.id}`)]);
    expect(await carried.read(`attachments/${exported.attachments[0]!.id}`)).toEqual(PNG);
    expect(await carried.read(`attachments/${exported.attachments[1]!.id}`)).toEqual(PDF);
  });

  it('a second import of the same ZIP changes nothing, also when another tab imports it at the same time', async () => {
    const name = stores.name();
    const first = await stores.open({ name });
    const second = await stores.open({ name });
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1')])), 'file-Cat1-cat.png': PNG, 'file-Pdf1-report.pdf': PDF });
    const [a, b] = await Promise.all([importChatGPTZip(first, await openZipArchive(blob)), importChatGPTZip(second, await openZipArchive(blob))]);
    expect([a.conversations[0]!.outcome, b.conversations[0]!.outcome].sort()).toEqual(['created', 'skipped']);
    const again = await importChatGPTZip(first, await openZipArchive(blob));
    expect(again.conversations[0]!.outcome).toBe('skipped');
    expect(await first.listConversations()).toHaveLength(1);
  });
});

describe('importChatGPTZip: shards, abort, damage', () => {
  it('reads conversations-NNN.json shards in order', async () => {
    const store = await stores.open();
    const blob = zip({
      'conversations-001.json': strToU8(JSON.stringify([photoChat('c2', 'file-service://file-Cat1')])),
      'conversations-000.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1')])),
      'file-Cat1-cat.png': PNG, 'file-Pdf1-report.pdf': PDF,
    });
    const files: string[] = [];
    const result = await importChatGPTZip(store, await openZipArchive(blob), { onProgress: ({ file }) => files.push(file) });
    expect(result.conversations.map((c) => c.title)).toEqual(['Photo c1', 'Photo c2']);
    expect(files).toEqual(['conversations-000.json', 'conversations-001.json']);
  });

  it('an abort between conversations keeps the ones imported, each whole', async () => {
    const store = await stores.open();
    const controller = new AbortController();
    const blob = zip({
      'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1'), photoChat('c2', 'file-service://file-Cat1')])),
      'file-Cat1-cat.png': PNG, 'file-Pdf1-report.pdf': PDF,
    });
    const error = await importChatGPTZip(store, await openZipArchive(blob), { signal: controller.signal, onProgress: () => controller.abort() })
      .catch((caught: unknown) => caught);
    expect(isConvologError(error, 'aborted')).toBe(true);
    const listed = await store.listConversations();
    expect(listed.map((c) => c.title)).toEqual(['Photo c1']);
    expect(await mediaOf(store, listed[0]!.id)).toHaveLength(2);
  });

  it('a damaged file costs its part only, with a warning naming it', async () => {
    const store = await stores.open();
    const picture = new Uint8Array(64 * 1024).fill(7);
    picture.set(PNG);
    const bytes = zipSync({
      'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-Cat1')])),
      'file-Cat1-cat.png': [picture, { level: 6 }], 'file-Pdf1-report.pdf': PDF,
    });
    const at = indexOf(bytes, strToU8('file-Cat1-cat.png')) + 'file-Cat1-cat.png'.length;
    bytes.fill(0xff, at, at + 24); // the start of its deflated data
    const result = await importChatGPTZip(store, await openZipArchive(new Blob([bytes])));
    expect(result.conversations).toHaveLength(1);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['dropped_block']);
    expect(result.warnings[0]!.message).toMatch(/file-Cat1.*(damaged|tampered)/);
    expect((await mediaOf(store, result.conversations[0]!.conversationId)).map((part) => part.type)).toEqual(['file']);
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let at = 0; at <= haystack.length - needle.length; at++) {
    for (let index = 0; index < needle.length; index++) if (haystack[at + index] !== needle[index]) continue outer;
    return at;
  }
  return -1;
}

describe('importChatGPTZip: bad input', () => {
  const refused = async (blob: Blob, code: string, reason?: string) => {
    const store = await stores.open();
    const error = await (async () => importChatGPTZip(store, await openZipArchive(blob, { maxBytes: 1024 * 1024 })))().catch((caught: unknown) => caught);
    expect(isConvologError(error), String(error)).toBe(true);
    expect((error as { code: string }).code).toBe(code);
    if (reason !== undefined) expect((error as { details: { reason: string } }).details.reason).toBe(reason);
    expect(await store.listConversations()).toEqual([]);
  };

  it('refuses a file that is not a ZIP', () => refused(new Blob([strToU8('[{"mapping":{}}]')]), 'invalid_archive', 'not_zip'));
  it('refuses a ZIP without conversations.json', () => refused(zip({ 'notes.txt': strToU8('hi') }), 'invalid_archive', 'missing_entry'));
  it('refuses a conversations.json that is not an array', () => refused(zip({ 'conversations.json': strToU8('{"hello": 1}') }), 'invalid_history'));
  it('refuses a conversations.json that is not UTF-8', () => refused(zip({ 'conversations.json': [new Uint8Array([0x5b, 0xff, 0xfe, 0x5d]), { level: 6 }] }), 'invalid_archive', 'not_text'));
  it('refuses a name that escapes its folder', () => refused(zip({ 'conversations.json': strToU8('[]'), '../evil.png': PNG }), 'invalid_archive', 'entry_name'));
  it('stops a bomb at the inflated-size cap', () => refused(zip({ 'conversations.json': new Uint8Array(4 * 1024 * 1024) }), 'too_large'));

  it('a file over the cap stops the import; the conversations before it are in the store whole', async () => {
    const store = await stores.open();
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(PNG);
    const blob = zip({
      'conversations.json': strToU8(JSON.stringify([photoChat('ok', 'file-service://file-Small'), photoChat('big', 'file-service://file-Big')])),
      'file-Small-a.png': PNG, 'file-Big-b.png': big, 'file-Pdf1-report.pdf': PDF,
    });
    const error = await importChatGPTZip(store, await openZipArchive(blob, { maxBytes: 1024 * 1024 })).catch((caught: unknown) => caught);
    expect(isConvologError(error, 'too_large')).toBe(true);
    const listed = await store.listConversations();
    expect(listed.map((c) => c.title)).toEqual(['Photo ok']);
    const media = await mediaOf(store, listed[0]!.id);
    expect(media).toHaveLength(2);
  });
});

describe('importClaudeZip', () => {
  it('imports conversations.json from the ZIP; files held by reference stay warnings', async () => {
    const store = await stores.open();
    const chat = { ...(linearClaudeConversation() as Record<string, unknown>) };
    const messages = (chat.chat_messages as Record<string, unknown>[]).map((m, i) => (i === 0 ? { ...m, files: [{ file_name: 'diagram.png' }] } : m));
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([{ ...chat, chat_messages: messages }])), 'users.json': strToU8('[]') });
    const result = await importClaudeZip(store, await openZipArchive(blob));
    expect(result.conversations).toHaveLength(1);
    expect(result.warnings.some((warning) => warning.message.includes('diagram.png'))).toBe(true);
  });

  it('refuses a ChatGPT ZIP with the format named', async () => {
    const store = await stores.open();
    const blob = zip({ 'conversations.json': strToU8(JSON.stringify([photoChat('c1', 'file-service://file-x')])) });
    const error = await importClaudeZip(store, await openZipArchive(blob)).catch((caught: unknown) => caught);
    expect(isConvologError(error, 'invalid_history')).toBe(true);
    expect((error as Error).message).toContain('ChatGPT');
  });
});
