// The journal's figures (DESIGN §21), run in a real engine by bench/journal/run.mjs: what the
// journal costs an append (a worker appending through createSyncAccessHandle, as shipped, and the
// main-thread createWritable writer it falls back to), its size on disk beside the database, and
// what a restore costs beside importing the same entries.
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

/** One append of 2 messages, timed until it resolves (the journal included). */
async function timeAppend(store: ConvologStore, id: string, index: number): Promise<number> {
  const messages = [user(`${index} ${TEXT}`), assistant(`${index} ${TEXT}`)];
  const started = performance.now();
  await store.append(id, messages);
  return performance.now() - started;
}

/** The append figure's modes: what openStore does by default, and each writer alone. */
const MODES = {
  off: { journal: false, internal: {} },
  journal: { journal: true, internal: {} },
  mainThread: { journal: true, internal: { journalWorker: null } },
  worker: { journal: true, internal: { journalFlush: true } },
  workerUnflushed: { journal: true, internal: { journalFlush: false } },
} as const;

/**
 * Figure 1: median append (2 messages) without the journal; with it as openStore sets it up; with
 * the main-thread writer (createWritable, a file per batch); with the worker writer (sync access
 * handle, appends to a live file), flushing each batch and not.
 */
async function appendCost(count: number, rounds: number): Promise<Record<string, number | string>> {
  const modes = Object.keys(MODES) as (keyof typeof MODES)[];
  const times = Object.fromEntries(modes.map((mode) => [mode, [] as number[]])) as Record<keyof typeof MODES, number[]>;
  let writtenBy = '';
  for (let round = 0; round < rounds; round++) {
    const stores = await Promise.all(modes.map(async (mode) => {
      const name = `bench-append-${mode}-${round}`;
      const store = await openStoreWith({ name, journal: MODES[mode].journal }, MODES[mode].internal);
      await STORE_JOURNALS.get(store)?.rolled();
      return { mode, name, store, id: (await store.createConversation({ title: 'bench' })).id };
    }));
    // Interleaved, each append in a rotating order of modes: on a shared machine, a burst of load
    // hits every mode alike instead of whichever ran at the time.
    for (let index = 0; index < count; index++) {
      for (let turn = 0; turn < stores.length; turn++) {
        const { mode, store, id } = stores[(index + turn) % stores.length]!;
        const time = await timeAppend(store, id, index);
        if (index >= 5) times[mode].push(time);
      }
    }
    for (const { mode, name, store } of stores) {
      if (mode === 'journal') writtenBy = STORE_JOURNALS.get(store)!.writtenBy();
      store.close();
      await deleteStore({ name });
    }
  }
  const off = median(times.off);
  const figures: Record<string, number | string> = { appendMsWithout: off, journalWrittenBy: writtenBy };
  for (const mode of ['journal', 'mainThread', 'worker', 'workerUnflushed'] as const) {
    const capitalized = `${mode[0]!.toUpperCase()}${mode.slice(1)}`;
    figures[`appendMs${capitalized}`] = median(times[mode]);
    figures[`ratio${capitalized}`] = median(times[mode]) / off;
  }
  return figures;
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
  const store = await openStoreWith({ name, journal: true }, {});
  await STORE_JOURNALS.get(store)?.rolled();
  const journaledImportMs = await importAll(store, conversations, perConversation);
  // The background rolls as segments grow; wait for the one running, then let the engine settle its files.
  await STORE_JOURNALS.get(store)?.rolled();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rolled = await usage();
  store.close();
  await deleteBehindTheStoresBack(name);
  const restoreStarted = performance.now();
  const restored = await openStoreWith({ name, journal: true }, {});
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
