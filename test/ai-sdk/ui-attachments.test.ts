// AI SDK file parts and attachments (DESIGN §18 "Ecosystem"): saveUIMessages stores a file part's
// data URL as an attachment (the bytes once, the entry a reference), and loadUIMessages gives it
// back as a data URL, or as an object URL with `{ urls: 'object' }`.
import { resolveObjectURL } from 'node:buffer';
import type { UIMessage as AiUIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { loadUIMessages, saveUIMessages, toUIMessages } from '../../src/ai-sdk/index.js';
import type { MessageEntry } from '../../src/core/entry.js';
import type { FilePart, ImagePart } from '../../src/core/message.js';
import { storeFixture } from '../store/store-fixture.js';

const fixture = storeFixture();

const PNG = 'iVBORw0KGgoAAAANSUhEUg==';
const PDF = btoa('%PDF-1.4 a tiny document');
const asked: AiUIMessage = {
  id: 'u1', role: 'user', parts: [
    { type: 'text', text: 'What are these?' },
    { type: 'file', mediaType: 'image/png', url: `data:image/png;base64,${PNG}` },
    { type: 'file', mediaType: 'application/pdf', url: `data:application/pdf;base64,${PDF}`, filename: 'doc.pdf' },
  ],
};
const answer: AiUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'A picture and a PDF.', state: 'done' }] };

async function conversation() {
  const store = await fixture.open();
  const { id } = await store.createConversation();
  return { store, id };
}

function mediaOf(entry: MessageEntry): (ImagePart | FilePart)[] {
  const content = entry.message.content;
  return typeof content === 'string' ? [] : (content as { type: string }[]).filter((part): part is ImagePart | FilePart => part.type === 'image' || part.type === 'file');
}

const bytes = (base64: string): number[] => [...atob(base64)].map((character) => character.charCodeAt(0));

describe('saveUIMessages with file parts', () => {
  it('stores a data URL as an attachment: the entry keeps a reference, the bytes are stored once', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [asked, answer]);
    // The same picture again in a later message: the same bytes, stored once.
    const again: AiUIMessage = { id: 'u2', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', url: `data:image/png;base64,${PNG}` }] };
    await saveUIMessages(store, id, [asked, answer, again]);
    const entries = (await store.entries(id)).filter((entry): entry is MessageEntry => entry.type === 'message');
    const sources = entries.flatMap(mediaOf).map((part) => part.source);
    expect(sources.map((source) => source.kind)).toStrictEqual(['attachment', 'attachment', 'attachment']);
    const [picture, document, repeated] = sources as { kind: 'attachment'; id: string; mediaType: string; size: number; filename?: string }[];
    expect(repeated!.id).toBe(picture!.id);
    expect(document).toMatchObject({ mediaType: 'application/pdf', filename: 'doc.pdf', size: bytes(PDF).length });
    expect([...new Uint8Array(await (await store.getAttachment(picture!.id)).arrayBuffer())]).toStrictEqual(bytes(PNG));
    expect((await store.estimateStorage()).attachments).toBe(bytes(PNG).length + bytes(PDF).length);
  });

  it('keeps a URL that is not a data URL as a URL', async () => {
    const { store, id } = await conversation();
    const linked: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'file', mediaType: 'image/jpeg', url: 'https://example.com/cat.jpg' }] };
    await saveUIMessages(store, id, [linked]);
    const [entry] = await store.entries(id);
    expect(mediaOf(entry as MessageEntry).map((part) => part.source)).toStrictEqual([{ kind: 'url', url: 'https://example.com/cat.jpg', mediaType: 'image/jpeg' }]);
    expect(await loadUIMessages(store, id)).toStrictEqual([linked]);
    expect((await store.estimateStorage()).attachments).toBe(0);
  });

  it('two tabs saving the same chat with a picture at once store it once, with its bytes', async () => {
    const { store, id } = await conversation();
    const other = await fixture.open({ name: store.name });
    await Promise.all([saveUIMessages(store, id, [asked, answer]), saveUIMessages(other, id, [asked, answer])]);
    expect((await store.entries(id)).map((entry) => entry.type === 'message' && entry.message.role)).toStrictEqual(['user', 'assistant']);
    expect(await loadUIMessages(other, id)).toStrictEqual([asked, answer]);
    expect((await store.estimateStorage()).attachments).toBe(bytes(PNG).length + bytes(PDF).length);
  });
});

describe('loadUIMessages', () => {
  it('gives the stored files back as the data URLs they were sent as: the chat round-trips exactly', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [asked, answer]);
    expect(await loadUIMessages(store, id)).toStrictEqual([asked, answer]);
    // toUIMessages alone cannot read bytes: the stored files are left out of its parts.
    expect(toUIMessages<AiUIMessage>(await store.entries(id))[0]!.parts).toStrictEqual([{ type: 'text', text: 'What are these?' }]);
  });

  it('gives object URLs of the bytes with `urls: \'object\'`, and a chat saved back with them stores the same references', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [asked, answer]);
    const loaded = await loadUIMessages<AiUIMessage>(store, id, { urls: 'object' });
    const files = loaded[0]!.parts.filter((part) => part.type === 'file');
    expect(files.map((part) => [part.mediaType, part.url.startsWith('blob:'), part.filename])).toStrictEqual([
      ['image/png', true, undefined], ['application/pdf', true, 'doc.pdf'],
    ]);
    const blob = resolveObjectURL(files[0]!.url)!;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toStrictEqual(bytes(PNG));
    // The user edits the question (same pictures): a new branch whose entry names the same attachments.
    const edited: AiUIMessage = { ...loaded[0]!, id: 'u1-edited', parts: [{ type: 'text', text: 'And these?' }, ...files] };
    await saveUIMessages(store, id, [edited]);
    const head = (await store.entries(id)).filter((entry): entry is MessageEntry => entry.type === 'message');
    expect(head).toHaveLength(1);
    const first = (await store.entries(id, { allBranches: true })).find((entry): entry is MessageEntry => entry.type === 'message' && entry.id !== head[0]!.id)!;
    expect(mediaOf(head[0]!).map((part) => part.source)).toStrictEqual(mediaOf(first).map((part) => part.source));
    expect(await loadUIMessages(store, id)).toStrictEqual([{ ...edited, parts: [{ type: 'text', text: 'And these?' }, ...asked.parts.slice(1)] }]);
    for (const part of files) URL.revokeObjectURL(part.url);
  });
});
