// Writes the generated history into the store once per run (never timed against anything): one
// relaxed append of a whole conversation per call, two conversations in flight so generating the
// next one overlaps the commit of the last.
import { conversationMessages, messagesPerConversation, type CorpusSize } from './corpus.js';
import type { BenchSearchStore } from './search-store.js';

/** What building the history took. */
export interface BuiltHistory {
  conversations: number;
  messages: number;
  seconds: number;
  /** Whether an earlier run's database was kept and reused (a kept profile, see run-in-chromium.mjs). */
  reused: boolean;
  /** The fingerprint of the store code that built it (see run-in-chromium.mjs). */
  builtBy?: string | undefined;
  /** How long the same history took with indexing switched off (when figure 23b built it). */
  plainSeconds?: number;
  /** From the last append's promise to the packed index holding everything (DESIGN §17), seconds. */
  indexSeconds?: number;
  /** How long the journal rolled after the stores opened, before any figure was timed (DESIGN §21), seconds. */
  rollSeconds?: number;
}

const IN_FLIGHT = 2;

/** The id of conversation `index`: sortable, so conversations keep their order in key ranges. */
export function conversationId(index: number): string {
  return `chat-${String(index).padStart(5, '0')}`;
}

function log(text: string): void {
  console.log(`[bench page] ${text}`);
}

async function writeConversation(store: BenchSearchStore, size: CorpusSize, index: number): Promise<number> {
  const id = conversationId(index);
  await store.createConversation({ id, title: `Chat ${index}` });
  const messages = conversationMessages(size, index);
  await store.append(id, messages);
  return messages.length;
}

/** Appends every conversation of the history through `store` (relaxed), logging progress every 10%. */
export async function buildHistory(store: BenchSearchStore, size: CorpusSize): Promise<BuiltHistory> {
  const started = performance.now();
  let next = 0;
  let written = 0;
  let reported = 0;
  const worker = async () => {
    while (next < size.conversations) {
      const index = next;
      next += 1;
      // Not `written += await …`: that reads `written` before the await, and the other worker's count would be lost.
      const count = await writeConversation(store, size, index);
      written += count;
      const tenth = Math.floor((10 * (index + 1)) / size.conversations);
      if (tenth > reported) {
        reported = tenth;
        log(`built ${written} messages (${tenth * 10}%) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const imported = performance.now();
  // The packed index is deferred (DESIGN §17): "built" means fully indexed, so the figures query an index, not pending entries.
  const { pending } = await store.searchIndexStatus();
  await store.flushSearchIndex();
  const indexSeconds = Math.round((performance.now() - imported) / 100) / 10;
  log(`indexed the ${pending} entries still pending after the import in ${indexSeconds} s`);
  const messages = messagesPerConversation(size) * size.conversations;
  return { conversations: size.conversations, messages, seconds: Math.round((performance.now() - started) / 1000), reused: false, indexSeconds };
}
