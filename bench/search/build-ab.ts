// The build figure (DESIGN §17: build until fully indexed ÷ build without the index) as an A/B on
// one page: each round builds the same history into a fresh database with the index (one store
// build per variant: this tree's src/, and an older tree's when build-ab.mjs was given --base) and
// without it, in alternating order, so load drift hits every side alike.
import { buildHistory } from './build-history.js';
import type { BenchSearchStore } from './search-store.js';

interface Variant {
  openStoreWith(options: object, internal: { searchIndex?: boolean; backgroundIndexing?: boolean; indexBatch?: number }): Promise<BenchSearchStore>;
  deleteStore(options: { name: string }): Promise<void>;
}

/** One build: seconds in all, and from the end of the import to fully indexed. */
export interface BuildRound { side: string; seconds: number; indexSeconds: number; milliseconds: number; importMilliseconds?: number; flushMilliseconds?: number }

declare global {
  interface Window {
    convologBuildAb?: {
      build(side: string, modules: string[], size: { messages: number; conversations: number }, options: { deferred: boolean; indexBatch?: number }): Promise<BuildRound>;
      /** After a deferred build's import: index everything it left pending. */
      flush(): Promise<BuildRound>;
    };
  }
}

async function load(paths: string[]): Promise<Variant> {
  const [openStore, store] = await Promise.all(paths.map((path) => import(/* @vite-ignore */ path) as Promise<Record<string, unknown>>));
  return { openStoreWith: openStore!.openStoreWith as Variant['openStoreWith'], deleteStore: store!.deleteStore as Variant['deleteStore'] };
}

/** The store a deferred build left open between its import and its flush. */
let deferredStore: { store: BenchSearchStore; variant: Variant; name: string; side: string; started: number; imported: number } | undefined;

/**
 * The import with the background indexer off (the flush is a call of its own, so the Node side
 * samples the heap around it alone): the indexer's own cost on the same work, without where the
 * scheduler happened to run it.
 */
async function deferredImport(variant: Variant, name: string, side: string, size: { messages: number; conversations: number }, internal: object): Promise<BuildRound> {
  const store = await variant.openStoreWith({ name, durability: 'relaxed' }, { ...internal, backgroundIndexing: false });
  const started = performance.now();
  let index = 0;
  const { conversationMessages } = await import('./corpus.js');
  const { conversationId } = await import('./build-history.js');
  const worker = async (): Promise<void> => {
    while (index < size.conversations) {
      const id = conversationId(index);
      const messages = conversationMessages(size, index++);
      await store.createConversation({ id });
      await store.append(id, messages);
    }
  };
  await Promise.all([worker(), worker()]);
  const imported = performance.now();
  deferredStore = { store, variant, name, side, started, imported };
  return { side, seconds: 0, indexSeconds: 0, milliseconds: Math.round(imported - started), importMilliseconds: Math.round(imported - started) };
}

async function deferredFlush(): Promise<BuildRound> {
  if (deferredStore === undefined) throw new Error('no deferred import to flush');
  const { store, variant, name, side, started, imported } = deferredStore;
  deferredStore = undefined;
  try {
    const flushStarted = performance.now();
    await store.flushSearchIndex();
    const done = performance.now();
    return {
      side, seconds: Math.round((done - started) / 1000), indexSeconds: Math.round((done - imported) / 100) / 10,
      milliseconds: Math.round(imported - started + done - flushStarted), importMilliseconds: Math.round(imported - started), flushMilliseconds: Math.round(done - flushStarted),
    };
  } finally {
    store.close();
    await variant.deleteStore({ name });
  }
}

window.convologBuildAb = {
  flush: deferredFlush,
  async build(side, modules, size, options) {
    const variant = await load(modules);
    const name = `convolog-build-ab-${side}`;
    await variant.deleteStore({ name });
    const internal = { searchIndex: side !== 'plain', ...(options.indexBatch === undefined ? {} : { indexBatch: options.indexBatch }) };
    if (options.deferred) return deferredImport(variant, name, side, size, internal);
    const store = await variant.openStoreWith({ name, durability: 'relaxed' }, internal);
    const started = performance.now();
    try {
        const built = await buildHistory(store, size);
        return { side, seconds: built.seconds, indexSeconds: built.indexSeconds ?? 0, milliseconds: Math.round(performance.now() - started) };
    } finally {
      store.close();
      await variant.deleteStore({ name });
    }
  },
};
document.body.dataset.ready = 'true';
