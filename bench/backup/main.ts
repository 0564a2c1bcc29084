// The backup figures (DESIGN §20), run in real Chromium by bench/backup/run.mjs: exportAll's
// peak JS heap over the largest attachment and its throughput beside a raw getAll pass over the
// same records, and importAll beside importing the same conversations one by one.
import { openDB } from 'idb';
import { assistant, user } from '../../src/core/constructors.js';
import type { ConvologStore } from '../../src/store/index.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';

/** What bench/backup/run.mjs measures from Node with `--live` (CDP, a forced GC before each sample). */
interface LiveHeap { liveHeapMB: number; liveHeapWithBuffersMB: number; samples: number; endHeapMB: number; trace: [number, number][] }

declare global {
  interface Window { benchReady: boolean; benchLiveHeap?: (action: 'start' | 'stop') => Promise<LiveHeap | null> }
  interface Performance { memory?: { usedJSHeapSize: number } }
}

const TEXT = 'lorem ipsum dolor sit amet '.repeat(8); // ~220 bytes, a short chat message
const RAW_STORES = ['conversations', 'entries', 'attachments', 'attachmentChunks'] as const;

interface Settings { conversations: number; messages: number; attachments: number; attachmentBytes: number; oneByOne: boolean; targetJournal: boolean }

/**
 * Samples the JS heap every 10 ms while `work` runs; the peak above the heap before it (garbage
 * V8 has not collected yet included). With `--live` the runner also samples from Node after a
 * forced GC each time (`live`): what `work` holds.
 */
async function peakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakMB: number; ms: number; live: LiveHeap | null }> {
  const heap = (): number => performance.memory?.usedJSHeapSize ?? 0;
  await window.benchLiveHeap?.('start');
  const base = heap();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, heap());
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    peak = Math.max(peak, heap());
    clearInterval(timer);
    const live = (await window.benchLiveHeap?.('stop')) ?? null;
    return { result, peakMB: (peak - base) / 2 ** 20, ms, live };
  } finally {
    clearInterval(timer);
  }
}

function bytesOf(seed: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  crypto.getRandomValues(bytes.subarray(0, Math.min(size, 65_536)));
  for (let index = 65_536; index < size; index++) bytes[index] = (index * 31 + seed) & 0xff;
  bytes[0] = seed & 0xff;
  bytes[1] = (seed >> 8) & 0xff;
  return bytes;
}

/** A store of `conversations` chats of `messages` messages; `attachments` pictures spread over them. */
async function seed(store: ConvologStore, settings: Settings): Promise<void> {
  const every = Math.max(1, Math.floor(settings.conversations / Math.max(1, settings.attachments)));
  let pictures = 0;
  for (let index = 0; index < settings.conversations; index++) {
    const { id } = await store.createConversation({ title: `chat ${index}` });
    const messages = [];
    for (let turn = 0; turn < settings.messages / 2; turn++) messages.push(user(`${index}.${turn} ${TEXT}`), assistant(`${index}.${turn} ${TEXT}`));
    if (index % every === 0 && pictures < settings.attachments) {
      const ref = await store.putAttachment(bytesOf(pictures++, settings.attachmentBytes), { mediaType: 'image/png', filename: `p${pictures}.png` });
      messages[0] = user([{ type: 'text', text: `${index} picture` }, { type: 'image', source: ref }]);
    }
    await store.append(id, messages);
  }
}

/** Reads every record of the stores a backup holds, with plain getAll in pages: the floor. */
async function rawPass(name: string): Promise<number> {
  const database = await openDB(name);
  const started = performance.now();
  for (const storeName of RAW_STORES) {
    let after: IDBValidKey | undefined;
    for (;;) {
      const transaction = database.transaction(storeName, 'readonly');
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const page = await transaction.store.getAll(range, 500);
      const keys = await transaction.store.getAllKeys(range, 500);
      if (page.length < 500) break;
      after = keys[keys.length - 1];
    }
  }
  const ms = performance.now() - started;
  database.close();
  return ms;
}

/** A line the runner prints as it comes: how far a long run got. */
function progress(text: string): void {
  console.log(`[backup bench] ${text}`);
}

async function run(settings: Settings): Promise<Record<string, unknown>> {
  const source = await openStoreWith({ name: 'bench-backup-source', journal: false }, { backgroundIndexing: false });
  const seeding = performance.now();
  await seed(source, settings);
  const seedMs = performance.now() - seeding;
  progress(`seeded in ${Math.round(seedMs)} ms`);
  const rawMs = await rawPass('bench-backup-source');
  const exported = await peakHeap(() => source.exportAll());
  const backup = exported.result;
  progress(`exportAll ${Math.round(exported.ms)} ms, ${backup.size} bytes`);
  const rawAgainMs = await rawPass('bench-backup-source'); // the floor again, after: the machine's load moves
  // The baseline: the same conversations imported one by one, each as its own export (attachments inline).
  const ids = (await listAll(source)).map((conversation) => conversation.id);
  const oneByOne = await openStoreWith({ name: 'bench-backup-one-by-one' }, { backgroundIndexing: false });
  let oneByOneMs = 0;
  for (const id of settings.oneByOne ? ids : []) {
    const single = await source.exportConversation(id);
    const started = performance.now();
    await oneByOne.importConversation(single, { maxBytes: Number.POSITIVE_INFINITY });
    oneByOneMs += performance.now() - started;
  }
  oneByOne.close();
  progress(`one by one ${Math.round(oneByOneMs)} ms`);
  await deleteStore({ name: 'bench-backup-one-by-one' });
  const target = await openStoreWith({ name: 'bench-backup-target', ...(settings.targetJournal ? {} : { journal: false }) }, { backgroundIndexing: false });
  const imported = await peakHeap(() => target.importAll(backup));
  const restored = imported.result.restored.length;
  progress(`importAll ${Math.round(imported.ms)} ms`);
  target.close();
  source.close();
  await deleteStore({ name: 'bench-backup-target' });
  await deleteStore({ name: 'bench-backup-source' });
  const rawFloor = Math.min(rawMs, rawAgainMs);
  return {
    settings, seedMs, backupBytes: backup.size, largestAttachmentMB: settings.attachmentBytes / 2 ** 20,
    rawGetAllMs: rawMs, rawGetAllAfterMs: rawAgainMs,
    exportAllMs: exported.ms, exportPeakHeapMB: exported.peakMB, exportLive: exported.live,
    exportThroughputVsRaw: rawFloor / exported.ms,
    importAllMs: imported.ms, importPeakHeapMB: imported.peakMB, importLive: imported.live, restored,
    importOneByOneMs: settings.oneByOne ? oneByOneMs : null, importAllVsOneByOne: settings.oneByOne ? imported.ms / oneByOneMs : null,
  };
}

async function listAll(store: ConvologStore) {
  const all = [];
  for (let page = await store.listConversations({ limit: 500 }); page.length > 0; page = await store.listConversations({ limit: 500, startAfter: page[page.length - 1]! })) {
    all.push(...page);
    if (page.length < 500) break;
  }
  return all;
}

async function runAndPost(): Promise<void> {
  const parameters = new URLSearchParams(location.search);
  const number = (key: string, fallback: number) => Number(parameters.get(key) ?? fallback);
  let body: unknown;
  try {
    body = { userAgent: navigator.userAgent, ...(await run({
      conversations: number('conversations', 1000), messages: number('messages', 20),
      attachments: number('attachments', 40), attachmentBytes: number('attachmentBytes', 1_048_576),
      oneByOne: parameters.get('oneByOne') !== 'false', targetJournal: parameters.get('targetJournal') !== 'false',
    })) };
  } catch (error) {
    body = { error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error) };
  }
  await fetch('/__backup-bench-result', { method: 'POST', body: JSON.stringify(body) });
}

window.benchReady = true;
if (new URLSearchParams(location.search).has('auto')) void runAndPost();
