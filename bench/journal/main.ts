// The journal's figures (DESIGN §21), run in a real engine by bench/journal/run.mjs: what the
// journal costs an append (OPFS createWritable on the main thread, as shipped, and a worker with
// createSyncAccessHandle, the alternative), its size on disk beside the database, and what a
// restore costs beside importing the same entries.
import { assistant, user } from '../../src/core/constructors.js';
import { STORE_JOURNALS } from '../../src/store/create-store-api.js';
import type { ConvologStore } from '../../src/store/index.js';
import { deleteStore } from '../../src/store/index.js';
import { openStoreWith } from '../../src/store/open-store.js';

declare global {
  interface Window { journalBench: typeof bench; benchReady: boolean }
}

const TEXT = 'lorem ipsum dolor sit amet '.repeat(20); // ~540 bytes, a short chat message

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function deleteBehindTheStoresBack(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

async function timeAppends(store: ConvologStore, count: number, after?: (line: string) => Promise<void>): Promise<number[]> {
  const { id } = await store.createConversation({ title: 'bench' });
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const messages = [user(`${index} ${TEXT}`), assistant(`${index} ${TEXT}`)];
    const started = performance.now();
    const entries = await store.append(id, messages);
    if (after !== undefined) await after(JSON.stringify(entries));
    times.push(performance.now() - started);
  }
  return times;
}

/** A worker that appends each line to one OPFS file through a sync access handle and flushes. */
function syncHandleWorker(flush: boolean): { write(line: string): Promise<void>; close(): void } {
  const source = `
    let handle; let offset = 0;
    const ready = (async () => {
      const root = await navigator.storage.getDirectory();
      const file = await root.getFileHandle('bench-sync-journal-' + Math.random() + '.jsonl', { create: true });
      handle = await file.createSyncAccessHandle();
      handle.truncate(0);
    })();
    onmessage = async (event) => {
      await ready;
      const bytes = new TextEncoder().encode(event.data.line + '\\n');
      offset += handle.write(bytes, { at: offset });
      if (${flush}) handle.flush();
      postMessage(event.data.id);
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const waiting = new Map<number, () => void>();
  let next = 0;
  worker.onmessage = (event) => {
    waiting.get(event.data)?.();
    waiting.delete(event.data);
  };
  return {
    write(line) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, line });
      });
    },
    close: () => worker.terminate(),
  };
}

/** Figure 1: median append (2 messages) without journal, with the shipped journal, and with a sync-handle worker. */
async function appendCost(count: number, rounds: number): Promise<Record<string, number>> {
  const without: number[] = [];
  const withJournal: number[] = [];
  const withWorker: number[] = [];
  const withUnflushed: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['off', 'on', 'worker', 'unflushed'] as const) {
      const name = `bench-append-${mode}-${round}`;
      const store = await openStoreWith({ name, journal: mode === 'on' }, {});
      await STORE_JOURNALS.get(store)?.rolled();
      const worker = mode === 'worker' || mode === 'unflushed' ? syncHandleWorker(mode === 'worker') : undefined;
      const times = await timeAppends(store, count, worker?.write);
      worker?.close();
      ({ off: without, on: withJournal, worker: withWorker, unflushed: withUnflushed })[mode].push(...times.slice(5));
      store.close();
      await deleteStore({ name });
    }
  }
  const off = median(without);
  return {
    appendMsWithout: off, appendMsJournal: median(withJournal), appendMsSyncHandleWorker: median(withWorker),
    appendMsSyncHandleWorkerUnflushed: median(withUnflushed),
    ratioJournal: median(withJournal) / off, ratioSyncHandleWorker: median(withWorker) / off, ratioSyncHandleWorkerUnflushed: median(withUnflushed) / off,
  };
}

function conversationExport(index: number, entries: number): unknown {
  const id = `conversation-${index}`;
  const timestamp = new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString();
  return {
    format: 'convolog.conversation', formatVersion: 2, exportedAt: timestamp,
    conversation: { id, title: `chat ${index}`, createdAt: timestamp, updatedAt: timestamp, headId: null },
    entries: Array.from({ length: entries }, (_, seq) => ({
      type: 'message', id: `${id}-${seq + 1}`, conversationId: id, seq: seq + 1, timestamp,
      parentId: seq === 0 ? null : `${id}-${seq}`,
      message: seq % 2 === 0 ? user(`${seq} ${TEXT}`) : assistant(`${seq} ${TEXT}`),
    })),
  };
}

async function importAll(store: ConvologStore, conversations: number, perConversation: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < conversations; index++) {
    await store.importConversation(conversationExport(index, perConversation), { trusted: true, onConflict: 'error', maxBytes: Infinity });
  }
  return performance.now() - started;
}

async function usage(): Promise<{ indexedDB: number; fileSystem: number }> {
  const estimate = await navigator.storage.estimate() as StorageEstimate & { usageDetails?: Record<string, number> };
  return { indexedDB: estimate.usageDetails?.indexedDB ?? 0, fileSystem: estimate.usageDetails?.fileSystem ?? 0 };
}

/** Figures 2 and 3: size on disk after a roll, and restore vs import of the same entries. */
async function restoreAndSize(conversations: number, perConversation: number): Promise<Record<string, number>> {
  const baselineName = 'bench-import-baseline';
  const baseline = await openStoreWith({ name: baselineName, journal: false }, {});
  const importMs = await importAll(baseline, conversations, perConversation);
  baseline.close();
  await deleteStore({ name: baselineName });

  const name = 'bench-restore';
  const store = await openStoreWith({ name }, {});
  await STORE_JOURNALS.get(store)?.rolled();
  const journaledImportMs = await importAll(store, conversations, perConversation);
  // The background rolls as segments grow; wait for the one running, then let the engine settle its files.
  await STORE_JOURNALS.get(store)?.rolled();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rolled = await usage();
  store.close();
  await deleteBehindTheStoresBack(name);
  const restoreStarted = performance.now();
  const restored = await openStoreWith({ name }, {});
  const restoreMs = performance.now() - restoreStarted;
  const restoredEntries = restored.openReport.restored?.entries ?? 0;
  restored.close();
  await deleteStore({ name });
  return {
    entries: conversations * perConversation, restoredEntries, importMs, journaledImportMs, restoreMs, restoreVsImport: restoreMs / importMs,
    indexedDBBytes: rolled.indexedDB, journalBytes: rolled.fileSystem, journalVsDatabase: rolled.fileSystem / rolled.indexedDB,
  };
}

const bench = { appendCost, restoreAndSize };
window.journalBench = bench;
window.benchReady = true;

/** `?auto`: run every figure and post the results to the runner (engines launched without a page handle). */
async function runAndPost(): Promise<void> {
  const parameters = new URLSearchParams(location.search);
  const number = (key: string, fallback: number) => Number(parameters.get(key) ?? fallback);
  let body: unknown;
  try {
    const opfs = typeof navigator.storage?.getDirectory === 'function';
    if (!opfs) throw new Error('This engine has no OPFS (navigator.storage.getDirectory): the journal cannot run here, only the reset marker (localStorage).');
    const append = await appendCost(number('appends', 60), number('rounds', 3));
    const restore = await restoreAndSize(number('conversations', 100), number('per', 1000));
    body = { userAgent: navigator.userAgent, opfs, append, restore };
  } catch (error) {
    body = { userAgent: navigator.userAgent, error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error) };
  }
  await fetch('/__journal-bench-result', { method: 'POST', body: JSON.stringify(body) });
}

if (new URLSearchParams(location.search).has('auto')) void runAndPost();
