// Figure 12 (issue 14): converting and importing a 20,000-message ChatGPT export vs importing the
// same conversations as convolog exports. Both sides start from JSON text and write the same
// entries; the candidate also cuts each conversation out of the export, parses and converts it.
import { iterateExport, fromChatGPTExport } from '../../src/importers/index.js';
import { generateChatGPTExport } from '../importers/chatgpt-export.js';
import type { StoreBench, StoreFigure } from './figures.js';

const CONVERSATIONS = 100;
const MESSAGES_PER_CONVERSATION = 200;

interface Importing { importConversation(data: unknown): Promise<unknown> }

/** Heap in use, where Chromium reports it (performance.memory, quantized unless precise memory info is on). */
function usedHeap(): number | undefined {
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
}

export async function importChatGPTVersusConvolog(bench: StoreBench): Promise<StoreFigure> {
  const chatgptText = JSON.stringify(generateChatGPTExport(CONVERSATIONS, MESSAGES_PER_CONVERSATION));
  const converted = fromChatGPTExport(chatgptText);
  const convologTexts = converted.conversations.map((conversation) => JSON.stringify(conversation));
  const entries = converted.conversations.reduce((sum, conversation) => sum + conversation.entries.length, 0);
  const store = bench.strict as unknown as Importing;
  let peak = 0;
  const sides = await bench.measure(
    {
      label: `convert + import a ChatGPT export (${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages)`,
      opsPerRepetition: 1,
      operation: async () => {
        const start = usedHeap() ?? 0;
        for (const item of iterateExport(chatgptText, 'chatgpt')) {
          await store.importConversation(item.conversation);
          peak = Math.max(peak, (usedHeap() ?? 0) - start);
        }
      },
    },
    {
      label: 'import the same conversations as convolog export text',
      opsPerRepetition: 1,
      operation: async () => {
        for (const text of convologTexts) await store.importConversation(text);
      },
    },
  );
  const [candidate, baseline] = sides;
  if (!candidate || !baseline) throw new Error('figure 12: measure returned fewer than two sides');
  return {
    id: '12', title: 'import a 20,000-message ChatGPT export vs the same conversations as convolog exports',
    candidate, baseline, ratio: candidate.median / baseline.median, ratioDefinition: 'candidate / baseline',
    target: { comparison: '<=', value: 1.5 },
    notes: [
      `the ChatGPT text is ${(chatgptText.length / 1e6).toFixed(1)} M characters; the convolog texts ${(convologTexts.reduce((sum, text) => sum + text.length, 0) / 1e6).toFixed(1)} M; ${entries} entries per side per repetition`,
      `peak JS heap growth while converting and importing (performance.memory, quantized by Chromium): ${(peak / 1e6).toFixed(1)} MB`,
    ],
  };
}
