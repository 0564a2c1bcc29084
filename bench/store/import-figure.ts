// Figure 12 (issue 14): converting and importing a 20,000-message ChatGPT export vs importing the
// same conversations as convolog exports. Both sides start from JSON text and write the same
// entries; the candidate also cuts each conversation out of the export, parses and converts it.
import { iterateExport, fromChatGPTExport } from '../../src/importers/index.js';
import { generateChatGPTExport } from '../importers/chatgpt-export.js';
import type { StoreBench, StoreFigure } from './figures.js';
import { measure } from './measure.js';

const CONVERSATIONS = 100;
const MESSAGES_PER_CONVERSATION = 200;

interface Importing { importConversation(data: unknown): Promise<unknown> }

export async function importChatGPTVersusConvolog(bench: StoreBench): Promise<StoreFigure> {
  const chatgptText = JSON.stringify(generateChatGPTExport(CONVERSATIONS, MESSAGES_PER_CONVERSATION));
  const converted = fromChatGPTExport(chatgptText);
  const convologTexts = converted.conversations.map((conversation) => JSON.stringify(conversation));
  const entries = converted.conversations.reduce((sum, conversation) => sum + conversation.entries.length, 0);
  const store = bench.strict as unknown as Importing;
  // Each operation imports 20,000 messages: 5 timed repetitions (the minimum) after 1 warm-up keep the figure to minutes.
  const sides = await measure([
    {
      label: `convert + import a ChatGPT export (${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages)`,
      opsPerRepetition: 1,
      operation: async () => {
        for (const item of iterateExport(chatgptText, 'chatgpt')) await store.importConversation(item.conversation);
      },
    },
    {
      label: 'import the same conversations as convolog export text',
      opsPerRepetition: 1,
      operation: async () => {
        for (const text of convologTexts) await store.importConversation(text);
      },
    },
  ], { warmupRepetitions: 1, repetitions: 5 });
  const [candidate, baseline] = sides;
  if (!candidate || !baseline) throw new Error('figure 12: measure returned fewer than two sides');
  return {
    id: '12', title: 'import a 20,000-message ChatGPT export vs the same conversations as convolog exports',
    candidate, baseline, ratio: candidate.median / baseline.median, ratioDefinition: 'candidate / baseline',
    target: { comparison: '<=', value: 1.5 },
    notes: [
      '1 warm-up and 5 timed repetitions, whatever BENCH_REPETITIONS says: each operation imports 20,000 messages',
      `the ChatGPT text is ${(chatgptText.length / 1e6).toFixed(1)} M characters; the convolog texts ${(convologTexts.reduce((sum, text) => sum + text.length, 0) / 1e6).toFixed(1)} M; ${entries} entries per side per repetition`,
    ],
  };
}

/** What {@link importLargeChatGPTExport} did. */
export interface LargeImport {
  textMegabytes: number;
  conversations: number;
  entries: number;
  seconds: number;
}

/**
 * Figure 13b: a ~100 MB ChatGPT export (thousands of conversations) converted and imported as the
 * demo does it, conversation by conversation. Run once, untimed against anything: the Node side
 * samples the page's JS heap over CDP meanwhile. The generator's objects die before the import starts.
 */
export async function importLargeChatGPTExport(bench: StoreBench, conversations: number, messages: number): Promise<LargeImport> {
  const parts: string[] = [];
  for (let first = 0; first < conversations; first += 100) {
    parts.push(JSON.stringify(generateChatGPTExport(Math.min(100, conversations - first), messages, 14 + first)).slice(1, -1));
  }
  const text = `[${parts.join(',')}]`;
  parts.length = 0;
  const store = bench.strict as unknown as Importing;
  const started = performance.now();
  let imported = 0;
  let entries = 0;
  // The Node side starts sampling once it sees this line.
  console.log(`[bench page] large import: ${(text.length / 1e6).toFixed(1)} M characters, importing…`);
  for (const item of iterateExport(text, 'chatgpt')) {
    if (item.conversation === undefined) continue;
    await store.importConversation(item.conversation);
    imported++;
    entries += item.conversation.entries.length;
  }
  return { textMegabytes: +(text.length / 1024 / 1024).toFixed(1), conversations: imported, entries, seconds: Math.round((performance.now() - started) / 1000) };
}
