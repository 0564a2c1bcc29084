// The ZIP libraries' figures (DESIGN §18), run in Chromium by bench/zip/run.mjs. Each scenario
// streams a Blob entry by entry and keeps nothing but counts, so what the heap holds is what
// the library holds. run.mjs samples the heap over CDP while a scenario runs.
import { readDirectory } from './central-directory.js';
import { readFflate, readFflateOne, writeFflate } from './fflate-paths.js';
import { readZipJs, readZipJsOne, writeZipJs } from './zipjs-paths.js';

declare global {
  interface Window { zipBench: typeof bench; zipBenchReady: boolean }
}

const blobs = new Map<string, Blob>();

async function load(name: string): Promise<number> {
  const blob = await (await fetch(`/bench/.tmp/zip/${name}`)).blob();
  blobs.set(name, blob);
  return blob.size;
}

let attachments: Blob[] = [];
let json = '';

/** The write scenario's input, made before its baseline: 20 × 2 MB random Blobs and a 5 MB JSON. */
function prepareWrite(count: number, bytes: number, jsonBytes: number): void {
  attachments = Array.from({ length: count }, () => {
    const data = new Uint8Array(bytes);
    for (let offset = 0; offset < bytes; offset += 65_536) crypto.getRandomValues(data.subarray(offset, offset + 65_536));
    return new Blob([data]);
  });
  const words = ['conversation', 'assistant', 'user', 'message', 'content', 'hello', 'world', 'export'];
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < jsonBytes; index++) {
    const part = `{"id":"m${index}","role":"${words[index % 3]}","text":"${words[index % 8]} ${index} ${words[(index * 7) % 8]}"},`;
    parts.push(part);
    length += part.length;
  }
  json = `[${parts.join('')}{}]`;
}

async function timed<T>(work: () => Promise<T>): Promise<T & { ms: number }> {
  const started = performance.now();
  const result = await work();
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** What streaming the Blob costs alone: the floor under fflate's Unzip, which reads through Blob.stream(). */
async function drain(blob: Blob): Promise<{ bytes: number; chunks: number }> {
  const reader = blob.stream().getReader();
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, chunks };
    bytes += value.length;
    chunks++;
  }
}

let lastWritten: Blob | undefined;

async function written(work: () => Promise<{ size: number; zip: Blob }>): Promise<{ size: number; ms: number }> {
  const { size, zip, ms } = await timed(work);
  lastWritten = zip;
  return { size, ms };
}

const bench = {
  load,
  drain: (name: string) => timed(() => drain(blobs.get(name)!)),
  prepareWrite,
  readFflate: (name: string, cap = Infinity) => timed(() => readFflate(blobs.get(name)!, cap)),
  readFflateOne: (name: string, entry: string) => timed(() => readFflateOne(blobs.get(name)!, entry)),
  readZipJs: (name: string, workers: boolean, cap = Infinity) => timed(() => readZipJs(blobs.get(name)!, workers, cap)),
  readZipJsOne: (name: string, entry: string, workers: boolean) => timed(() => readZipJsOne(blobs.get(name)!, entry, workers)),
  readDirectory: (name: string, cap = Infinity, only?: string, native = false) => timed(() => readDirectory(blobs.get(name)!, cap, only, native)),
  writeFflate: () => written(() => writeFflate(attachments, json)),
  writeZipJs: (workers: boolean) => written(() => writeZipJs(attachments, json, workers)),
  /** The last written ZIP read back by the other readers (after the timing): entries and bytes. */
  verifyWritten: async () => ({
    zipJs: await readZipJs(lastWritten!, false, Infinity),
    ownDirectory: await readDirectory(lastWritten!, Infinity),
  }),
  drop: () => { blobs.clear(); attachments = []; json = ''; lastWritten = undefined; },
};

window.zipBench = bench;
window.zipBenchReady = true;
