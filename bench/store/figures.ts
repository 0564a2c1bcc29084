// The store figures of issue 8, each a timed comparison run inside real Chromium.
// Seeding is done once per conversation, through a relaxed connection opened for the purpose
// and closed again (seeding is never timed).
import { openDB, type IDBPDatabase } from 'idb';
import { v7 } from 'uuid';
import type { Message } from '../../src/core/index.js';
import { measure, type MeasureOptions, type SideSummary } from './measure.js';
import { ChatTurns, conversationMessages, toolWindow } from './messages.js';
import { openRawEntries, putInOwnTransaction, seedRawEntries } from './raw-idb.js';
import { openKeyvalArray, openLocalForageArray, type ArrayConversation } from './array-rewrite.js';
import { loadStoreModule, type BenchStore, type StoreModule } from './store-module.js';
import { BRANCH_FIGURES } from './branch-figures.js';

/** What one figure measured; pass/fail is decided by the runner from `ratio` and `target`. */
export interface StoreFigure {
  id: string;
  title: string;
  candidate: SideSummary;
  baseline: SideSummary;
  ratio: number;
  /** How `ratio` is formed from the two medians. */
  ratioDefinition: 'candidate / baseline' | 'baseline / candidate';
  target?: { comparison: '<=' | '>='; value: number };
  notes: string[];
}

/** The store's database name in the bench page. */
export const STORE_NAME = 'convolog-bench';
const SEED_BATCH = 500;
const COMPACTED_TAIL = 200;

interface Conversations {
  tenThousand: string;
  tenThousandRelaxed: string;
  readTenThousand: string;
  hundred: string;
  hundredThousand: string;
  plainTwoHundred: string;
  batch: string;
}

const CONVERSATIONS: Conversations = {
  tenThousand: 'ten-thousand',
  tenThousandRelaxed: 'ten-thousand-relaxed',
  readTenThousand: 'read-ten-thousand',
  hundred: 'hundred',
  hundredThousand: 'hundred-thousand-compacted',
  plainTwoHundred: 'plain-two-hundred',
  batch: 'batch',
};

const SEED_SIZES: Record<keyof Conversations, number> = {
  tenThousand: 10_000,
  tenThousandRelaxed: 10_000,
  readTenThousand: 10_000,
  hundred: 100,
  hundredThousand: 100_000,
  plainTwoHundred: 200,
  batch: 1_000,
};

function log(text: string): void {
  console.log(`[bench page] ${text}`);
}

/** Everything the figures share, created by `prepareStoreBench`. */
export class StoreBench {
  readonly #module: StoreModule;
  readonly #options: MeasureOptions;
  #strict?: BenchStore;
  #raw?: IDBPDatabase;
  readonly #seeded = new Map<keyof Conversations, Promise<void>>();
  readonly #turns = new Map<string, ChatTurns>();
  readonly #appended = new Set<string>();
  #rawSeq = 0;
  #windows = 0;

  constructor(module: StoreModule, options: MeasureOptions) {
    this.#module = module;
    this.#options = options;
  }

  async open(): Promise<void> {
    await this.#module.deleteStore({ name: STORE_NAME });
    this.#strict = await this.#module.openStore({ name: STORE_NAME, durability: 'strict' });
    this.#raw = await openRawEntries('bench-raw');
  }

  close(): void {
    this.#strict?.close();
    this.#raw?.close();
  }

  get strict(): BenchStore {
    if (!this.#strict) throw new Error('StoreBench.open() was not called.');
    return this.#strict;
  }

  /**
   * Runs `body` with a second, relaxed connection, closed afterwards. Only while it is open does
   * each append also reach another store instance's change channel in this page.
   */
  async withRelaxed<Result>(body: (store: BenchStore) => Promise<Result>): Promise<Result> {
    const relaxed = await this.#module.openStore({ name: STORE_NAME, durability: 'relaxed' });
    try {
      return await body(relaxed);
    } finally {
      relaxed.close();
    }
  }

  get raw(): IDBPDatabase {
    if (!this.#raw) throw new Error('StoreBench.open() was not called.');
    return this.#raw;
  }

  /** Seeds a conversation once (batched appends through the relaxed connection). */
  async seeded(key: keyof Conversations): Promise<string> {
    let seeding = this.#seeded.get(key);
    if (!seeding) {
      seeding = this.#seed(key);
      this.#seeded.set(key, seeding);
    }
    await seeding;
    return CONVERSATIONS[key];
  }

  async #seed(key: keyof Conversations): Promise<void> {
    const id = CONVERSATIONS[key];
    const count = SEED_SIZES[key];
    const started = performance.now();
    await this.withRelaxed(async (relaxed) => {
      await relaxed.createConversation({ id, title: `bench ${id}` });
      for (let first = 0; first < count; first += SEED_BATCH) {
        const size = Math.min(SEED_BATCH, count - first);
        await relaxed.append(id, conversationMessages(size, id, first / 4));
      }
      if (key === 'hundredThousand') await compactToTail(relaxed, id);
    });
    log(`seeded ${id}: ${count} entries in ${Math.round(performance.now() - started)} ms`);
  }

  /** The next single chat message for a conversation (user and assistant in turn). */
  nextTurn(id: string): Message {
    let turns = this.#turns.get(id);
    if (!turns) {
      turns = new ChatTurns();
      this.#turns.set(id, turns);
    }
    return turns.next();
  }

  /** An append of one message through `store`; marks the conversation as grown. */
  appendOne(store: BenchStore, id: string): Promise<unknown> {
    this.#appended.add(id);
    return store.append(id, [this.nextTurn(id)]);
  }

  wasAppendedTo(id: string): boolean {
    return this.#appended.has(id);
  }

  /** A raw put of the record the store would write for the next message of a 10,000-record log. */
  rawPut(durability: 'strict' | 'relaxed'): Promise<void> {
    this.#rawSeq += 1;
    // The record as the store writes it since branches: with its parent and its branch bookkeeping.
    const record = {
      type: 'message',
      id: v7(),
      conversationId: 'raw-append',
      seq: 10_000 + this.#rawSeq,
      timestamp: new Date().toISOString(),
      parentId: v7(),
      message: this.nextTurn('raw-append'),
      tree: { line: 1, keptFrom: 1, window: 0 },
    };
    return putInOwnTransaction(this.raw, record, durability);
  }

  nextWindow(): Message[] {
    this.#windows += 1;
    return toolWindow(this.#windows, 'batch');
  }

  /** The repetitions every figure uses (for figures that time by hand). */
  get options(): MeasureOptions {
    return this.#options;
  }

  measure(...sides: Parameters<typeof measure>[0]): Promise<SideSummary[]> {
    return measure(sides, this.#options);
  }
}

/** A compaction whose kept tail is the last COMPACTED_TAIL message entries. */
async function compactToTail(store: BenchStore, id: string): Promise<void> {
  const conversation = await store.getConversation(id);
  if (!conversation) throw new Error(`seeded conversation ${id} is missing`);
  const tail = await store.entries(id, { beforeSeq: conversation.lastSeq + 1, limit: COMPACTED_TAIL });
  const first = tail[0];
  if (!first || first.type !== 'message' || first.message.role !== 'user') {
    throw new Error('the compacted tail must start at a user message');
  }
  await store.appendCompaction(id, { summary: 'The user and the assistant looked up many things.', firstKeptId: first.id });
}

async function lastSeqOf(bench: StoreBench, id: string): Promise<number | undefined> {
  return (await bench.strict.getConversation(id))?.lastSeq;
}

function ratioOf(candidate: SideSummary, baseline: SideSummary, definition: StoreFigure['ratioDefinition']): number {
  return definition === 'candidate / baseline' ? candidate.median / baseline.median : baseline.median / candidate.median;
}

export function figure(
  fields: Omit<StoreFigure, 'ratio' | 'candidate' | 'baseline' | 'notes'> & { notes?: string[] },
  [candidate, baseline]: SideSummary[],
): StoreFigure {
  if (!candidate || !baseline) throw new Error(`figure ${fields.id}: measure returned fewer than two sides`);
  return {
    ...fields,
    candidate,
    baseline,
    ratio: ratioOf(candidate, baseline, fields.ratioDefinition),
    notes: fields.notes ?? [],
  };
}

/** The raw baseline log of figure 1: the same 10,000 records, under a conversation id of its own. */
async function seedRawCopy(bench: StoreBench): Promise<void> {
  const id = await bench.seeded('readTenThousand');
  const records = await bench.strict.entries(id);
  await seedRawEntries(bench.raw, records.map((record) => ({ ...record, conversationId: 'raw-append' })));
}

let rawCopy: Promise<void> | undefined;

function prepareRawCopy(bench: StoreBench): Promise<void> {
  rawCopy ??= seedRawCopy(bench);
  return rawCopy;
}

/** Figure 1: one append at 10,000 entries vs a raw idb put of the same record, both strict. */
async function appendVersusRawPut(bench: StoreBench): Promise<StoreFigure> {
  const id = await bench.seeded('tenThousand');
  await prepareRawCopy(bench);
  const sides = await bench.measure(
    { label: 'store.append, 1 message, 10,000 entries (strict)', opsPerRepetition: 50, operation: () => bench.appendOne(bench.strict, id) },
    { label: 'raw idb put of the same record, own transaction (strict)', opsPerRepetition: 50, operation: () => bench.rawPut('strict') },
  );
  return figure({
    id: '1', title: 'append vs raw idb put (10,000 entries, strict)',
    ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 1.5 },
    notes: [
      'the store writes the entry (with its parentId, its branch bookkeeping, its unique byId index and its byLine index) and the conversation ' +
        'record (with the head moved, and its byUpdated index) after reading that record, and queues the change for its BroadcastChannel ' +
        '(posted after the append resolves); the raw put writes the same entry record alone, in a store without indexes',
      `the conversation held ${await lastSeqOf(bench, id)} entries at the end`,
    ],
  }, sides);
}

/** Figure 2: the same append at 100,000 entries vs at 100. */
async function appendAtScale(bench: StoreBench): Promise<StoreFigure> {
  const large = await bench.seeded('hundredThousand');
  const small = await bench.seeded('hundred');
  const sides = await bench.measure(
    { label: 'store.append at 100,000 entries (strict)', opsPerRepetition: 50, operation: () => bench.appendOne(bench.strict, large) },
    { label: 'store.append at 100 entries (strict)', opsPerRepetition: 50, operation: () => bench.appendOne(bench.strict, small) },
  );
  return figure({
    id: '2', title: 'append at 100,000 entries vs at 100',
    ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 1.2 },
    notes: [`every timed append grows its log: at the end they held ${await lastSeqOf(bench, large)} and ${await lastSeqOf(bench, small)} entries`],
  }, sides);
}

/** Figures 3a and 3b: the append vs rewriting the whole 10,000-message array. */
async function appendVersusArrayRewrite(
  bench: StoreBench,
  figureId: string,
  openArray: () => Promise<ArrayConversation>,
): Promise<StoreFigure> {
  const id = await bench.seeded('tenThousand');
  const array = await openArray();
  const seedRecords = await bench.strict.entries(id, { limit: 10_000 });
  await array.seed(seedRecords);
  const sample = seedRecords[seedRecords.length - 1];
  const sides = await bench.measure(
    { label: 'store.append, 1 message, 10,000 entries (strict)', opsPerRepetition: 50, operation: () => bench.appendOne(bench.strict, id) },
    {
      label: `${array.label}, 10,000 messages`,
      opsPerRepetition: 3,
      operation: () => array.appendByRewrite({ ...sample, id: v7(), message: bench.nextTurn(`array-${figureId}`) }),
    },
  );
  return figure({
    id: figureId, title: `append vs rewrite-the-whole-array, 10,000 messages (${figureId === '3a' ? 'idb-keyval pattern' : 'localForage'})`,
    ratioDefinition: 'baseline / candidate', target: { comparison: '>=', value: 20 },
    notes: [`array length after the run: ${await array.length()}`],
  }, sides);
}

/** Figure 4: context of 100,000 entries compacted to a 200-entry tail vs a plain 200-entry conversation. */
async function contextAfterCompaction(bench: StoreBench): Promise<StoreFigure> {
  const compacted = await bench.seeded('hundredThousand');
  const plain = await bench.seeded('plainTwoHundred');
  if (bench.wasAppendedTo(compacted)) throw new Error('figure 4 must run before anything appends to the compacted conversation');
  const [compactedContext, plainContext] = [await bench.strict.context(compacted), await bench.strict.context(plain)];
  const sides = await bench.measure(
    { label: 'store.context, 100,000 entries compacted to 200', opsPerRepetition: 20, operation: () => bench.strict.context(compacted) },
    { label: 'store.context, plain 200 entries', opsPerRepetition: 20, operation: () => bench.strict.context(plain) },
  );
  return figure({
    id: '4', title: 'context: 100,000 entries compacted to a 200 tail vs plain 200',
    ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 1.3 },
    notes: [`context lengths: ${compactedContext.length} (summary + tail) vs ${plainContext.length}`],
  }, sides);
}

/**
 * Figure 5: entries of 10,000 entries vs a raw getAll over the same key range of the store's own
 * database (a second, raw connection), so both read exactly the same records.
 */
async function entriesVersusGetAll(bench: StoreBench): Promise<StoreFigure> {
  const id = await bench.seeded('readTenThousand');
  const database = await openDB(STORE_NAME);
  try {
    if (!database.objectStoreNames.contains('entries')) throw new Error(`the store's database has no "entries" object store`);
    const range = IDBKeyRange.bound([id, 1], [id, 10_000]);
    const [read, raw] = [await bench.strict.entries(id), await database.getAll('entries', range)];
    const sides = await bench.measure(
      { label: 'store.entries, 10,000 entries', opsPerRepetition: 2, operation: () => bench.strict.entries(id) },
      { label: 'raw idb getAll, same key range, same database', opsPerRepetition: 2, operation: () => database.getAll('entries', range) },
    );
    return figure({
      id: '5', title: 'entries (10,000) vs raw getAll over the same key range',
      ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 1.3 },
      notes: [`both read ${read.length} and ${raw.length} records of the store's "entries" object store, key range [id, 1]–[id, 10000]`],
    }, sides);
  } finally {
    database.close();
  }
}

/** Figure 6: figure 1's append with relaxed vs strict durability. */
async function relaxedVersusStrict(bench: StoreBench): Promise<StoreFigure> {
  const strictId = await bench.seeded('tenThousand');
  const relaxedId = await bench.seeded('tenThousandRelaxed');
  const sides = await bench.withRelaxed((relaxed) => bench.measure(
    { label: 'store.append at 10,000 entries (relaxed)', opsPerRepetition: 50, operation: () => bench.appendOne(relaxed, relaxedId) },
    { label: 'store.append at 10,000 entries (strict)', opsPerRepetition: 50, operation: () => bench.appendOne(bench.strict, strictId) },
  ));
  return figure({
    id: '6', title: 'append: relaxed vs strict durability', ratioDefinition: 'candidate / baseline',
    notes: ['two connections are open in the page here, so each append also reaches the other instance\'s change channel (both sides alike)'],
  }, sides);
}

/** Figure 7: one append of a 50-message tool window vs the same 50 messages appended one by one. */
async function batchVersusSingles(bench: StoreBench): Promise<StoreFigure> {
  const id = await bench.seeded('batch');
  const sides = await bench.measure(
    { label: 'one store.append of a 50-message window (strict)', opsPerRepetition: 1, operation: () => bench.strict.append(id, bench.nextWindow()) },
    {
      label: '50 single store.append calls, same window (strict)',
      opsPerRepetition: 1,
      operation: async () => {
        for (const message of bench.nextWindow()) await bench.strict.append(id, [message]);
      },
    },
  );
  return figure({ id: '7', title: 'batch append of a 50-message window vs 50 single appends', ratioDefinition: 'candidate / baseline' }, sides);
}

/** A store figure: the conversations it needs seeded first, and the timed run. */
export interface StoreFigureDefinition {
  id: string;
  seeds: readonly (keyof Conversations)[];
  /** Untimed preparation beyond seeding (e.g. the raw baseline's copy). */
  prepare?: (bench: StoreBench) => Promise<void>;
  run: (bench: StoreBench) => Promise<StoreFigure>;
}

/**
 * Every store figure, in the order they must run (4 before 2: 2 appends to 4's conversation).
 * An array, not an object: integer-like keys would be reordered.
 */
export const STORE_FIGURES: readonly StoreFigureDefinition[] = [

  { id: '5', seeds: ['readTenThousand'], run: entriesVersusGetAll },
  { id: '4', seeds: ['hundredThousand', 'plainTwoHundred'], run: contextAfterCompaction },
  { id: '1', seeds: ['tenThousand', 'readTenThousand'], prepare: prepareRawCopy, run: appendVersusRawPut },
  { id: '2', seeds: ['hundredThousand', 'hundred'], run: appendAtScale },
  { id: '3a', seeds: ['tenThousand'], run: (bench) => appendVersusArrayRewrite(bench, '3a', () => openKeyvalArray('bench-keyval', 'strict')) },
  { id: '3b', seeds: ['tenThousand'], run: (bench) => appendVersusArrayRewrite(bench, '3b', () => openLocalForageArray('bench-localforage')) },
  { id: '6', seeds: ['tenThousand', 'tenThousandRelaxed'], run: relaxedVersusStrict },
  { id: '7', seeds: ['batch'], run: batchVersusSingles },
  ...BRANCH_FIGURES,
];

/** Loads the store and opens the bench databases, or says why the store figures cannot run. */
export async function prepareStoreBench(options: MeasureOptions): Promise<StoreBench | { missing: string }> {
  const loaded = await loadStoreModule();
  if ('missing' in loaded) return loaded;
  const bench = new StoreBench(loaded.module, options);
  await bench.open();
  return bench;
}
