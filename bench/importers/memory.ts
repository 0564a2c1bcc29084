// Peak heap of converting a ~100 MB ChatGPT export (thousands of conversations), in Node with
// --expose-gc, one mode per process so the modes cannot disturb each other:
//   stream: iterateExport over the text, each conversation handed on (JSON.stringify stands in for
//           the store's copy) and dropped, as the demo does: text + one conversation alive;
//   whole:  JSON.parse of the whole text, then fromChatGPTExport of the value: every conversation
//           parsed and converted at once (what an importer that parses the file first holds).
// Prints one JSON line: { mode, conversations, textMegabytes, baselineMegabytes, peakMegabytes, …OverBaselineMegabytes }.
// `peak` is heapUsed as V8 lets garbage pile up between collections; `live` is after forced collections.
import { fromChatGPTExport, iterateExport } from '../../src/importers/index.js';
import { generateChatGPTExport } from './chatgpt-export.js';

const MEGABYTE = 1024 * 1024;
const mode = process.argv[2] === 'whole' ? 'whole' : 'stream';
const conversations = Number(process.argv[3] ?? 2500);
const messages = Number(process.argv[4] ?? 40);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

function heap(): number {
  return process.memoryUsage().heapUsed;
}

let text = '';
// Generate in slices so the generator's objects never all live at once: the text is the input.
const parts: string[] = [];
for (let first = 0; first < conversations; first += 100) {
  const slice = generateChatGPTExport(Math.min(100, conversations - first), messages, 14 + first);
  parts.push(JSON.stringify(slice).slice(1, -1));
}
text = `[${parts.join(',')}]`;
parts.length = 0;
gc();
const baseline = heap();
let peak = baseline;
let converted = 0;
// Live heap: after a forced collection, every 100 conversations, while the current one is still referenced.
let peakLive = baseline;
if (mode === 'stream') {
  for (const item of iterateExport(text, 'chatgpt')) {
    if (item.conversation !== undefined) JSON.stringify(item.conversation);
    converted++;
    peak = Math.max(peak, heap());
    if (converted % 100 === 0) {
      gc();
      peakLive = Math.max(peakLive, heap());
    }
  }
} else {
  const value: unknown = JSON.parse(text);
  peak = Math.max(peak, heap());
  const result = fromChatGPTExport(value);
  converted = result.conversations.length;
  peak = Math.max(peak, heap());
  gc();
  peakLive = Math.max(peakLive, heap());
  if (result.conversations.length !== (value as unknown[]).length) throw new Error('lost a conversation');
}
console.log(JSON.stringify({
  mode, conversations: converted, textMegabytes: +(text.length / MEGABYTE).toFixed(1),
  baselineMegabytes: +(baseline / MEGABYTE).toFixed(1), peakMegabytes: +(peak / MEGABYTE).toFixed(1),
  peakOverBaselineMegabytes: +((peak - baseline) / MEGABYTE).toFixed(1),
  liveOverBaselineMegabytes: +((peakLive - baseline) / MEGABYTE).toFixed(1),
}));
