// §18's attachment figures, run in Chromium on a fresh on-disk profile by bench/attachments/run.mjs.
// Each figure is a ratio of two sides measured in the same page, interleaved where timed, so a burst
// of load on the shared machine hits both sides alike.
import { openDB } from 'idb';
import { assistant, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { STORE_JOURNALS } from '../../src/store/create-store-api.js';
import type { ConvologStore } from '../../src/store/index.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';

declare global {
  interface Window { attachmentBench: typeof bench; benchReady: boolean }
}

const MIB = 1024 * 1024;
const TEXT = 'lorem ipsum dolor sit amet '.repeat(20); // ~540 bytes, a short chat message
const READS_PER_SAMPLE = 10;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `size` random bytes (incompressible, like a photo); the first 4 say `PNG`-ish so nothing sniffs them as text. */
function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65536, size)));
  bytes.set([0x89, 0x50, 0x4e, 0x47]);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += 0x8000) chunks.push(String.fromCharCode(...bytes.subarray(at, at + 0x8000)));
  return btoa(chunks.join(''));
}

async function open(name: string, journal: boolean, inlineMediaLimit = Infinity): Promise<ConvologStore> {
  await deleteStore({ name });
  const store = await openStoreWith({ name, journal, inlineMediaLimit }, {});
  await STORE_JOURNALS.get(store)?.rolled();
  return store;
}

async function usage(): Promise<{ indexedDB: number; fileSystem: number; total: number }> {
  const estimate = await navigator.storage.estimate() as StorageEstimate & { usageDetails?: Record<string, number> };
  return { indexedDB: estimate.usageDetails?.indexedDB ?? 0, fileSystem: estimate.usageDetails?.fileSystem ?? 0, total: estimate.usage ?? 0 };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Figure 1: `context` of a 200-message chat whose 20 user messages each carry a 2 MB image, appended
 * inline with `inlineMediaLimit: 65536` so the store keeps them as attachments, vs the same chat
 * without the images. `context` reads entries only: the references cost their JSON, never the bytes.
 */
async function contextWithImages(messages: number, images: number, imageBytes: number, repetitions: number): Promise<Record<string, number>> {
  const store = await open('bench-context', false, 65536);
  // `urls`: the same chat with each image a URL source, to tell what image parts cost from what attachments cost.
  const chats = {
    with: (await store.createConversation({ title: 'with images' })).id,
    without: (await store.createConversation({ title: 'without' })).id,
    urls: (await store.createConversation({ title: 'with image URLs' })).id,
  };
  const every = Math.floor(messages / 2 / images);
  for (let turn = 0; turn < messages / 2; turn++) {
    const text = `${turn} ${TEXT}`;
    const image = turn % every === 0 && turn / every < images;
    const data = image ? toBase64(randomBytes(imageBytes)) : '';
    await store.append(chats.with, [image ? user([{ type: 'text', text }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data } }]) : user(text), assistant(text)]);
    await store.append(chats.without, [user(text), assistant(text)]);
    await store.append(chats.urls, [image ? user([{ type: 'text', text }, { type: 'image', source: { kind: 'url', url: `https://example.com/${turn}.png` } }]) : user(text), assistant(text)]);
  }
  const sides = ['with', 'without', 'urls'] as const;
  const times = { with: [] as number[], without: [] as number[], urls: [] as number[] };
  const sizes = { with: 0, without: 0, urls: 0 };
  for (let round = -1; round < repetitions; round++) {
    for (let turn = 0; turn < sides.length; turn++) {
      const side = sides[(Math.max(round, 0) + turn) % sides.length]!;
      // A read takes a few ms: READS_PER_SAMPLE of them per sample, so the timer's grain does not decide.
      const started = performance.now();
      let context: Message[] = [];
      for (let read = 0; read < READS_PER_SAMPLE; read++) context = await store.context(chats[side]);
      const elapsed = (performance.now() - started) / READS_PER_SAMPLE;
      if (round >= 0) times[side].push(elapsed);
      sizes[side] = JSON.stringify(context).length;
    }
  }
  const stored = (await store.estimateStorage()).attachments;
  store.close();
  await deleteStore({ name: 'bench-context' });
  const [withMs, withoutMs, urlsMs] = [median(times.with), median(times.without), median(times.urls)];
  return {
    messages, images, imageBytes, readsPerSample: READS_PER_SAMPLE, withMs, withoutMs, urlsMs, ratio: withMs / withoutMs, urlsRatio: urlsMs / withoutMs,
    contextJsonWith: sizes.with, contextJsonWithout: sizes.without, contextJsonUrls: sizes.urls, attachmentBytes: stored,
  };
}

/**
 * Figure 2: one 2 MB image referenced by 10 messages. The disk growth (`navigator.storage.estimate`,
 * IndexedDB's share) of a conversation of 10 turns whose user messages reference it, minus that of
 * the same 10 turns without it, over the image's bytes; and the store's own `attachments` count.
 * With the journal on, its copy (OPFS, `fileSystem`) is reported beside.
 */
async function storedOnce(imageBytes: number, references: number, journal: boolean): Promise<Record<string, number | boolean | string>> {
  const name = `bench-once-${journal ? 'journal' : 'off'}`;
  const store = await open(name, journal);
  const turns = async (id: string, source?: Awaited<ReturnType<ConvologStore['putAttachment']>>) => {
    for (let turn = 0; turn < references; turn++) {
      const text = `${turn} ${TEXT}`;
      await store.append(id, [source === undefined ? user(text) : user([{ type: 'text', text }, { type: 'image', source }]), assistant(text)]);
    }
  };
  await settle(2000);
  const start = await usage();
  await turns((await store.createConversation({ title: 'without' })).id);
  await STORE_JOURNALS.get(store)?.rolled();
  await settle(2000);
  const control = await usage();
  const source = await store.putAttachment(randomBytes(imageBytes), { mediaType: 'image/png' });
  await turns((await store.createConversation({ title: 'with' })).id, source);
  await STORE_JOURNALS.get(store)?.rolled();
  await settle(2000);
  const after = await usage();
  const attachments = (await store.estimateStorage()).attachments;
  store.close();
  await deleteStore({ name });
  const indexedDBGrowth = (after.indexedDB - control.indexedDB) - (control.indexedDB - start.indexedDB);
  return {
    journal, imageBytes, references, attachmentsCounted: attachments, attachmentsRatio: attachments / imageBytes,
    indexedDBTurnsOnly: control.indexedDB - start.indexedDB, indexedDBTurnsWithImage: after.indexedDB - control.indexedDB,
    indexedDBGrowth, ratio: indexedDBGrowth / imageBytes,
    // Not less the turns' growth, as for IndexedDB: the journal's segment file grows by 1 MiB steps, so the turns alone may add 1 MiB or nothing.
    fileSystemGrowth: after.fileSystem - control.fileSystem,
    fileSystemAt: `${start.fileSystem} → ${control.fileSystem} → ${after.fileSystem}`,
  };
}

/**
 * Figure 3: `putAttachment` of 10 MB vs a raw idb `put` of the same ArrayBuffer (one record, strict
 * durability, as the store writes), with the journal off and on. Fresh bytes for every put (a put
 * of bytes already stored only renews them), interleaved in a rotating order.
 */
async function putCost(size: number, repetitions: number): Promise<Record<string, number | string>> {
  const raw = await openDB('bench-raw-put', 1, { upgrade: (database) => void database.createObjectStore('blobs') });
  const stores = { off: await open('bench-put-off', false), journal: await open('bench-put-journal', true) };
  const times = { raw: [] as number[], off: [] as number[], journal: [] as number[] };
  const base = randomBytes(size);
  const sides = ['raw', 'off', 'journal'] as const;
  for (let round = -1; round < repetitions; round++) {
    for (let turn = 0; turn < sides.length; turn++) {
      const side = sides[(Math.max(round, 0) + turn) % sides.length]!;
      const bytes = base.slice();
      new DataView(bytes.buffer).setFloat64(8, Math.random() + round * 10 + turn);
      const started = performance.now();
      if (side === 'raw') {
        const transaction = raw.transaction('blobs', 'readwrite', { durability: 'strict' });
        void transaction.store.put(bytes.buffer, `${round}-${turn}`);
        await transaction.done;
      } else await stores[side].putAttachment(bytes, { mediaType: 'image/png' });
      if (round >= 0) times[side].push(performance.now() - started);
    }
  }
  const writtenBy = STORE_JOURNALS.get(stores.journal)?.writtenBy() ?? 'none';
  raw.close();
  await new Promise((resolve) => { indexedDB.deleteDatabase('bench-raw-put').onsuccess = resolve; });
  for (const [mode, store] of Object.entries(stores)) {
    store.close();
    await deleteStore({ name: `bench-put-${mode}` });
  }
  const [rawMs, offMs, journalMs] = [median(times.raw), median(times.off), median(times.journal)];
  return {
    size, repetitions, rawMs, offMs, journalMs, offRatio: offMs / rawMs, journalRatio: journalMs / rawMs, journalWrittenBy: writtenBy,
    rawRange: `${Math.min(...times.raw).toFixed(0)}–${Math.max(...times.raw).toFixed(0)}`,
    offRange: `${Math.min(...times.off).toFixed(0)}–${Math.max(...times.off).toFixed(0)}`,
    journalRange: `${Math.min(...times.journal).toFixed(0)}–${Math.max(...times.journal).toFixed(0)}`,
  };
}

const bench = { contextWithImages, storedOnce, putCost };
window.attachmentBench = bench;
window.benchReady = true;

/** `?auto`: run every figure and post the results to the runner. */
async function runAndPost(): Promise<void> {
  const parameters = new URLSearchParams(location.search);
  const number = (key: string, fallback: number) => Number(parameters.get(key) ?? fallback);
  let body: unknown;
  try {
    const context = await contextWithImages(number('messages', 200), number('images', 20), number('imageMB', 2) * MIB, number('repetitions', 21));
    const once = await storedOnce(number('imageMB', 2) * MIB, number('references', 10), false);
    const onceJournal = await storedOnce(number('imageMB', 2) * MIB, number('references', 10), true);
    const put = await putCost(number('putMB', 10) * MIB, number('putRepetitions', 9));
    body = { userAgent: navigator.userAgent, context, once, onceJournal, put };
  } catch (error) {
    body = { userAgent: navigator.userAgent, error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error) };
  }
  await fetch('/__attachments-bench-result', { method: 'POST', body: JSON.stringify(body) });
}

if (new URLSearchParams(location.search).has('auto')) void runAndPost();
