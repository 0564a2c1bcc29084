// The page of bench/importers/zip-import.mjs: loads the fixture ZIP as a Blob, then imports it
// into a fresh store with importChatGPTZip over openZipArchive, as an app would.
// `?before`: the importers of the commit bench/importers/zip-import.mjs --compare unpacked into
// bench/.tmp/before (the A/B of one change, in one run), over today's store.
import * as current from '../../src/importers/index.js';
import { openStore, openZipArchive } from '../../src/store/index.js';

let blob: Blob | undefined;
let importers = current;
/** Where `--compare` unpacks the other commit's src/ (a variable: TypeScript does not resolve it). */
const BEFORE = '/bench/.tmp/before/src/importers/index.ts';

declare global {
  interface Window { zipImportBench: Record<string, (...args: never[]) => Promise<unknown>>; zipImportBenchReady: boolean }
}

window.zipImportBench = {
  load: async () => {
    // Loaded before the baseline, so the module's code is not counted as the import's heap.
    if (location.search.includes('before')) importers = await import(/* @vite-ignore */ BEFORE) as typeof current;
    blob = await (await fetch('/bench/.tmp/importers/chatgpt-200mb.zip')).blob();
    return blob.size;
  },
  run: async () => {
    const store = await openStore({ name: `zip-import-${Date.now()}` });
    const started = performance.now();
    const opened = await openZipArchive(blob!, { maxBytes: 2 ** 31 });
    // ?bytes: conversations.json read whole, then decoded (the A/B of readText's decoding as it inflates).
    const archive = location.search.includes('bytes')
      ? { names: opened.names, read: opened.read, readText: async (name: string) => new TextDecoder().decode(await opened.read(name)) } : opened;
    // When each conversation was in (Date.now(), the runner's clock too): the runner splits its heap samples into phases by these.
    const progressAt: number[] = [];
    const result = await importers.importChatGPTZip(store, archive, { onProgress: () => progressAt.push(Date.now()) });
    const seconds = (performance.now() - started) / 1000;
    const files = result.conversations.reduce((total, conversation) => total + conversation.files, 0);
    const attachments = (await store.estimateStorage()).attachments;
    store.close();
    return { progressAt, filesIn: result.conversations.reduce((last, conversation, index) => (conversation.files > 0 ? index + 1 : last), 0), conversations: result.conversations.length, files, warnings: result.warnings.length, seconds: +seconds.toFixed(1), attachments };
  },
};
window.zipImportBenchReady = true;
