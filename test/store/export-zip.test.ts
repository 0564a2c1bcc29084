// Export / import format 3 (DESIGN §18): attachments travel with a conversation, as a ZIP or
// base64 in JSON and JSON Lines, and come back checked against their ids. Bad ZIPs are built
// here with fflate's zipSync or raw bytes. Node (fake-indexeddb), Chromium, Firefox and WebKit.
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import type { Message } from '../../src/core/message.js';
import type { AttachmentRef, ConvologStore } from '../../src/store/index.js';
import { attachmentStores, bytesOf, sameBytes } from './attachment-support.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();
const MiB = 1 << 20;

function picture(ref: AttachmentRef, text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }, { type: 'image', source: ref }] };
}

/** A conversation with two pictures, one referenced twice, on two branches. */
async function withPictures(store: ConvologStore) {
  const first = await store.putAttachment(bytesOf(3000, 1), { mediaType: 'image/png', filename: 'a.png' });
  const second = await store.putAttachment(bytesOf(1.5 * MiB, 2), { mediaType: 'application/pdf' });
  const conversation = await store.createConversation({ title: 'Pictures' });
  const [question] = await store.append(conversation.id, [picture(first, 'what is this?'), assistant('a cat')]);
  await store.append(conversation.id, [picture(second, 'and this?'), assistant('a paper')]);
  await store.append(conversation.id, [picture(first, 'again'), assistant('still a cat')], { parentId: question!.id });
  return { id: conversation.id, first, second };
}

async function zipEntries(blob: Blob): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await blob.arrayBuffer()));
}

/** What a store holds, to see that a refused import wrote nothing. */
async function holdings(store: ConvologStore) {
  const conversations = await store.listConversations();
  const { ids, chunks, refs } = await attachmentStores(store.name);
  return { conversations: conversations.length, ids, chunks, refs: refs.length };
}

async function expectRestored(source: ConvologStore, target: ConvologStore, id: string, importedId: string): Promise<void> {
  expect(await target.entries(importedId, { allBranches: true })).toEqual(
    (await source.entries(id, { allBranches: true })).map((entry) => ({ ...entry, conversationId: importedId })));
  expect(await target.context(importedId)).toEqual(await source.context(id));
  for (const entry of await source.entries(id, { allBranches: true })) {
    if (entry.type !== 'message' || typeof entry.message.content === 'string') continue;
    for (const part of entry.message.content) {
      if (part.type !== 'image' || part.source.kind !== 'attachment') continue;
      const [from, to] = await Promise.all([source.getAttachment(part.source.id), target.getAttachment(part.source.id)]);
      expect(to.type).toBe(from.type);
      expect(sameBytes(new Uint8Array(await to.arrayBuffer()), new Uint8Array(await from.arrayBuffer()))).toBe(true);
    }
  }
}

describe('exportConversation(id, { format: \'zip\' })', () => {
  it('gives a ZIP Blob of conversation.json (format 3, metadata only) and each attachment once under attachments/<id>', async () => {
    const store = await stores.open();
    const { id, first, second } = await withPictures(store);
    const zip = await store.exportConversation(id, { format: 'zip' });
    expect(zip).toBeInstanceOf(Blob);
    const files = await zipEntries(zip);
    expect(Object.keys(files).sort()).toEqual(['attachments/' + first.id, 'attachments/' + second.id, 'conversation.json'].sort());
    expect(sameBytes(files['attachments/' + second.id]!, bytesOf(1.5 * MiB, 2))).toBe(true);
    const exported = JSON.parse(new TextDecoder().decode(files['conversation.json'])) as Record<string, unknown>;
    expect(exported).toMatchObject({ format: 'convolog.conversation', formatVersion: 3, entries: await store.entries(id, { allBranches: true }) });
    expect(exported.attachments).toEqual(expect.arrayContaining([
      { id: first.id, mediaType: 'image/png', size: 3000, filename: 'a.png' }, { id: second.id, mediaType: 'application/pdf', size: 1.5 * MiB },
    ]));
  });

  it('imports into an empty store (untrusted, the default): every branch, the head, and the bytes', async () => {
    const source = await stores.open();
    const { id } = await withPictures(source);
    const target = await stores.open();
    const { conversation, warnings } = await target.importConversation(await source.exportConversation(id, { format: 'zip' }));
    expect(warnings).toEqual([]);
    await expectRestored(source, target, id, conversation.id);
    expect((await holdings(target)).ids).toHaveLength(2);
  });

  it('imports the same archive written as ZIP64 (ZIP64 end record, sizes and offsets in extra fields)', async () => {
    const source = await stores.open();
    const { id } = await withPictures(source);
    const zip = new Uint8Array(await (await source.exportConversation(id, { format: 'zip' })).arrayBuffer());
    const target = await stores.open();
    const { conversation } = await target.importConversation(new Blob([toZip64(zip)]));
    await expectRestored(source, target, id, conversation.id);
  });
});

describe('JSON and JSON Lines exports (format 3)', () => {
  it('carry each attachment once, base64, by default, and import with their bytes into an empty store', async () => {
    const source = await stores.open();
    const { id, first } = await withPictures(source);
    const exported = await source.exportConversation(id);
    expect(exported.formatVersion).toBe(3);
    expect(exported.attachments).toHaveLength(2);
    expect(exported.attachments!.find((attachment) => attachment.id === first.id)).toMatchObject({ mediaType: 'image/png', size: 3000, filename: 'a.png' });
    for (const data of [JSON.stringify(exported), await source.exportConversationJsonl(id), new Blob([await source.exportConversationJsonl(id)])]) {
      const target = await stores.open();
      const { conversation, warnings } = await target.importConversation(data);
      expect(warnings).toEqual([]);
      await expectRestored(source, target, id, conversation.id);
    }
  });

  it('with { attachments: \'omit\' } carry references only; an untrusted import then drops them with a warning', async () => {
    const source = await stores.open();
    const { id } = await withPictures(source);
    const exported = await source.exportConversation(id, { attachments: 'omit' });
    expect(exported.attachments).toBeUndefined();
    expect(JSON.parse((await source.exportConversationJsonl(id, { attachments: 'omit' })).split('\n')[0]!).attachments).toBeUndefined();
    const target = await stores.open();
    const { warnings } = await target.importConversation(exported);
    expect(warnings.map((warning) => warning.code)).toContain('dropped_block');
    expect((await holdings(target)).ids).toEqual([]);
  });

  it('an untrusted import keeps only the references whose bytes it carries', async () => {
    const source = await stores.open();
    const { id, first, second } = await withPictures(source);
    const exported = await source.exportConversation(id);
    exported.attachments = exported.attachments!.filter((attachment) => attachment.id === first.id);
    const target = await stores.open();
    const { conversation, warnings } = await target.importConversation(exported);
    expect(warnings.filter((warning) => warning.code === 'dropped_block')).toHaveLength(1);
    expect((await holdings(target)).ids).toEqual([first.id]);
    const ids = JSON.stringify(await target.entries(conversation.id, { allBranches: true }));
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(second.id);
  });
});

describe('refused imports: a clear code, nothing written', () => {
  async function refusal(data: unknown, options?: { maxBytes?: number }) {
    const target = await stores.open();
    const error = await rejectionOf(target.importConversation(data, options));
    expect(await holdings(target)).toEqual({ conversations: 0, ids: [], chunks: 0, refs: 0 });
    if (!isConvologError(error)) throw error;
    return { code: error.code, reason: error.details?.reason, message: error.message };
  }

  async function exportedZip() {
    const source = await stores.open();
    const { id, first, second } = await withPictures(source);
    const zip = await source.exportConversation(id, { format: 'zip' });
    return { zip, files: await zipEntries(zip), first, second };
  }

  it('a 0-byte file, bytes that are no ZIP nor text, and a ZIP cut off', async () => {
    expect(await refusal(new Blob([]))).toMatchObject({ code: 'invalid_archive', reason: 'empty' });
    expect(await refusal(new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x01])]))).toMatchObject({ code: 'invalid_archive', reason: 'not_zip' });
    const { zip } = await exportedZip();
    for (const end of [zip.size - 10, Math.floor(zip.size / 2), 40]) {
      expect(await refusal(zip.slice(0, end))).toMatchObject({ code: 'invalid_archive', reason: 'truncated' });
    }
  });

  it('attachment bytes that do not hash to their id, in a ZIP and in JSON', async () => {
    const { files, second } = await exportedZip();
    const tampered = zipSync({ ...files, ['attachments/' + second.id]: bytesOf(1.5 * MiB, 3) });
    expect(await refusal(new Blob([tampered]))).toMatchObject({ code: 'attachment_mismatch' });
    const exported = JSON.parse(new TextDecoder().decode(files['conversation.json'])) as { attachments: { id: string; data?: string }[] };
    for (const attachment of exported.attachments) attachment.data = btoa('not these bytes');
    expect(await refusal(exported)).toMatchObject({ code: 'attachment_mismatch' });
  });

  it('entry names that escape their folder', async () => {
    const { files } = await exportedZip();
    for (const name of ['../evil', 'attachments/../../evil', '/etc/passwd', 'attachments\\evil', 'C:/evil']) {
      const error = await refusal(new Blob([zipSync({ ...files, [name]: strToU8('x') })]));
      expect(error, name).toMatchObject({ code: 'invalid_archive', reason: 'entry_name' });
    }
  });

  it('a ZIP bomb: inflated bytes are capped by maxBytes, whether the directory declares them or lies', async () => {
    const { files, second } = await exportedZip();
    const zeros = new Uint8Array(8 * MiB);
    const exported = JSON.parse(new TextDecoder().decode(files['conversation.json'])) as { attachments: { id: string; size: number }[] };
    const declared = zipSync({ ...files, ['attachments/' + second.id]: zeros }, { level: 9 });
    expect(await refusal(new Blob([declared]), { maxBytes: 4 * MiB })).toMatchObject({ code: 'too_large' });
    // A conversation.json that inflates past the cap by itself.
    const padded = zipSync({ 'conversation.json': strToU8(JSON.stringify(exported) + ' '.repeat(8 * MiB)) }, { level: 9 });
    expect(await refusal(new Blob([padded]), { maxBytes: 4 * MiB })).toMatchObject({ code: 'too_large' });
    // The same bomb whose directory declares 1.5 MiB: the running count stops it.
    expect(await refusal(new Blob([withDeclaredSize(declared, 'attachments/' + second.id, 1.5 * MiB)]), { maxBytes: 4 * MiB }))
      .toMatchObject({ code: 'invalid_archive', reason: 'size_mismatch' });
  }, 30_000); // inflates 64 MiB and more: 4.4 s under load, near the 5 s default

  it('a ZIP that is no conversation export (no conversation.json)', async () => {
    expect(await refusal(new Blob([zipSync({ 'conversations.json': strToU8('[]') })]))).toMatchObject({ code: 'invalid_archive', reason: 'missing_entry' });
  });

  it('says what to do in each message', async () => {
    const { message } = await refusal(new Blob([]));
    expect(message).toMatch(/Nothing was imported/);
    expect(await codeOf(stores.open().then((store) => store.importConversation(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])]))))).toBe('invalid_archive');
  });
});

/** The Blob, whose first read of a slice waits for `hook` to finish first (another tab writing mid-import). */
function readingHook(blob: Blob, hook: () => Promise<unknown>): Blob {
  let pending: Promise<unknown> | undefined;
  class Hooked extends Blob {
    override slice(start?: number, end?: number, type?: string): Blob {
      const part = blob.slice(start, end, type);
      return { size: part.size, arrayBuffer: async () => {
        await (pending ??= hook());
        return part.arrayBuffer();
      } } as Blob;
    }
  }
  return new Hooked([blob]);
}

/** The ZIP with the central directory's inflated size of `name` replaced by `size` (a lying directory). */
function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(zip);
  const view = new DataView(copy.buffer);
  const wanted = strToU8(name);
  for (let at = 0; at + 46 < copy.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const found = copy.subarray(at + 46, at + 46 + nameLength);
    if (found.length === wanted.length && found.every((byte, index) => byte === wanted[index])) {
      view.setUint32(at + 24, size, true);
      return copy;
    }
  }
  throw new Error(`no directory entry ${name}`);
}

describe('importing attachments with another tab writing', () => {
  it('keeps the bytes when another tab deletes the last conversation naming them while the import reads the file, or right after it', async () => {
    const source = await stores.open();
    const { id, first, second } = await withPictures(source);
    const zip = await source.exportConversation(id, { format: 'zip' });
    for (const order of ['during', 'after'] as const) {
      const name = stores.name();
      const tab = await stores.open({ name });
      const other = await stores.open({ name });
      const { id: held } = await withPictures(other);
      // 'during': the delete commits after the import started reading the ZIP and before its
      // transaction, so the bytes it found stored at the start are gone when it writes.
      const data = order === 'during' ? readingHook(zip, () => other.deleteConversation(held)) : zip;
      const { conversation } = await tab.importConversation(data);
      if (order === 'after') await other.deleteConversation(held);
      expect(await other.getConversation(held)).toBeUndefined();
      await expectRestored(source, tab, id, conversation.id);
      expect((await attachmentStores(name)).ids).toEqual([first.id, second.id].sort());
    }
  });

  it('claims a pending put of the same bytes: they live as long as the imported references, not 24 hours', async () => {
    const source = await stores.open();
    const { id, first } = await withPictures(source);
    const target = await stores.open();
    await target.putAttachment(bytesOf(3000, 1), { mediaType: 'image/png' });
    const { conversation } = await target.importConversation(await source.exportConversation(id, { format: 'zip' }));
    await target.deleteConversation(conversation.id);
    expect((await attachmentStores(target.name)).ids).toEqual([]);
    expect(first.id).toHaveLength(64);
  });
});

/** The same archive in ZIP64 form: every directory entry's sizes and offset in extra field 0x0001, a ZIP64 end record and locator. */
function toZip64(zip: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  const parts: Uint8Array[] = [zip.subarray(0, directoryOffset)];
  let directorySize = 0;
  for (let at = directoryOffset, index = 0; index < count; index++) {
    const length = 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const nameEnd = at + 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
    const header = new Uint8Array(zip.subarray(at, nameEnd));
    const headerView = new DataView(header.buffer);
    const extra = new DataView(new ArrayBuffer(28));
    extra.setUint16(0, 1, true);
    extra.setUint16(2, 24, true);
    extra.setBigUint64(4, BigInt(view.getUint32(at + 24, true)), true);
    extra.setBigUint64(12, BigInt(view.getUint32(at + 20, true)), true);
    extra.setBigUint64(20, BigInt(view.getUint32(at + 42, true)), true);
    for (const field of [20, 24, 42]) headerView.setUint32(field, 0xffffffff, true);
    headerView.setUint16(30, view.getUint16(at + 30, true) + 28, true);
    const entry = [header, new Uint8Array(extra.buffer), zip.subarray(nameEnd, at + length)];
    parts.push(...entry);
    directorySize += entry.reduce((total, part) => total + part.length, 0);
    at += length;
  }
  const record = new DataView(new ArrayBuffer(56 + 20 + 22));
  record.setUint32(0, 0x06064b50, true);
  record.setBigUint64(4, 44n, true);
  record.setUint16(12, 45, true);
  record.setUint16(14, 45, true);
  record.setBigUint64(24, BigInt(count), true);
  record.setBigUint64(32, BigInt(count), true);
  record.setBigUint64(40, BigInt(directorySize), true);
  record.setBigUint64(48, BigInt(directoryOffset), true);
  record.setUint32(56, 0x07064b50, true);
  record.setBigUint64(64, BigInt(directoryOffset + directorySize), true);
  record.setUint32(72, 1, true);
  record.setUint32(76, 0x06054b50, true);
  record.setUint16(86, 0xffff, true);
  record.setUint16(88, 0xffff, true);
  record.setUint32(90, 0xffffffff, true);
  record.setUint32(94, 0xffffffff, true);
  parts.push(new Uint8Array(record.buffer));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
