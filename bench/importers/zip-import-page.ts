// The page of bench/importers/zip-import.mjs: loads the fixture ZIP as a Blob, then imports it
// into a fresh store with importChatGPTZip over openZipArchive, as an app would.
import { importChatGPTZip } from '../../src/importers/index.js';
import { openStore, openZipArchive } from '../../src/store/index.js';

let blob: Blob | undefined;

declare global {
  interface Window { zipImportBench: Record<string, (...args: never[]) => Promise<unknown>>; zipImportBenchReady: boolean }
}

window.zipImportBench = {
  load: async () => {
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
    const result = await importChatGPTZip(store, archive);
    const seconds = (performance.now() - started) / 1000;
    const files = result.conversations.reduce((total, conversation) => total + conversation.files, 0);
    const attachments = (await store.estimateStorage()).attachments;
    store.close();
    return { conversations: result.conversations.length, files, warnings: result.warnings.length, seconds: +seconds.toFixed(1), attachments };
  },
};
window.zipImportBenchReady = true;
