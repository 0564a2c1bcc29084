// Figure 1 (append vs raw put) and the rare-word search, in whichever engine runs this file
// (DESIGN §19): bench/engines/run.mjs runs it in Chromium, Firefox and WebKit and writes
// bench/engines/RESULTS.md. A benchmark, never part of `npm test`: it times, the tests do not.
// Smaller than `npm run bench`'s figures (a 2,000-entry log, a 4,000-message history) so that all
// three engines fit in a few minutes; the rows say the sizes.
import { it } from 'vitest';
import { deleteStore, openStore, type ConvologStore } from '../../src/store/index.js';
import { openRawEntries, putInOwnTransaction, seedRawEntries } from '../store/raw-idb.js';
import { ChatTurns, conversationMessages as seedMessages } from '../store/messages.js';
import { measure, type MeasureOptions } from '../store/measure.js';
import { conversationMessages, PLANTED_COUNT, RARE_CHINESE, RARE_WORD, type CorpusSize } from '../search/corpus.js';

const OPTIONS: MeasureOptions = { warmupRepetitions: 1, repetitions: 7 };
const LOG_SIZE = 2_000;
const HISTORY: CorpusSize = { messages: 4_000, conversations: 40 };
const SEED_BATCH = 200;

/** One line the runner collects from the test output. */
function report(figure: object): void {
  console.log(`ENGINE-FIGURE ${JSON.stringify({ userAgent: navigator.userAgent, crossOriginIsolated, ...figure })}`);
}

async function fresh(name: string): Promise<ConvologStore> {
  await deleteStore({ name });
  return openStore({ name });
}

it('figure 1: append vs raw idb put of the same record (strict)', { timeout: 900_000 }, async () => {
  const store = await fresh('engine-bench-append');
  const { id } = await store.createConversation({ title: 'bench' });
  for (let first = 0; first < LOG_SIZE; first += SEED_BATCH) await store.append(id, seedMessages(SEED_BATCH, id, first / 4));
  await deleteStore({ name: 'engine-bench-raw' });
  const raw = await openRawEntries('engine-bench-raw');
  const records = await store.entries(id, { limit: LOG_SIZE });
  await seedRawEntries(raw, records.map((record) => ({ ...record, conversationId: 'raw' })));
  const storeTurns = new ChatTurns();
  const rawTurns = new ChatTurns();
  let rawSeq = LOG_SIZE;
  const [append, put] = await measure([
    { label: 'store.append', opsPerRepetition: 30, operation: () => store.append(id, [storeTurns.next()]) },
    {
      label: 'raw put',
      opsPerRepetition: 30,
      operation: () => putInOwnTransaction(raw, {
        type: 'message', id: crypto.randomUUID(), conversationId: 'raw', seq: ++rawSeq, timestamp: new Date().toISOString(),
        parentId: crypto.randomUUID(), message: rawTurns.next(), tree: { line: 1, keptFrom: 1, window: 0 },
      }, 'strict'),
    },
  ], OPTIONS);
  report({ figure: '1', entries: LOG_SIZE, appendMs: append!.median, rawPutMs: put!.median, ratio: append!.median / put!.median });
  raw.close();
  store.close();
  await deleteStore({ name: 'engine-bench-append' });
});

it('rare-word search, first page', { timeout: 900_000 }, async () => {
  const store = await fresh('engine-bench-search');
  const started = performance.now();
  for (let index = 0; index < HISTORY.conversations; index += 1) {
    const { id } = await store.createConversation({ title: `Chat ${index}` });
    await store.append(id, conversationMessages(HISTORY, index));
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const hits = (await store.search(RARE_WORD)).hits.length;
  const chineseHits = (await store.search(RARE_CHINESE)).hits.length;
  if (hits !== PLANTED_COUNT || chineseHits !== PLANTED_COUNT) throw new Error(`expected ${PLANTED_COUNT} hits each, got ${hits} and ${chineseHits}`);
  const [rare, chinese] = await measure([
    { label: RARE_WORD, opsPerRepetition: 10, operation: () => store.search(RARE_WORD) },
    { label: RARE_CHINESE, opsPerRepetition: 10, operation: () => store.search(RARE_CHINESE) },
  ], OPTIONS);
  report({ figure: 'rare-word search', messages: HISTORY.messages, buildSeconds, hits, rareMs: rare!.median, chineseMs: chinese!.median });
  store.close();
  await deleteStore({ name: 'engine-bench-search' });
});
