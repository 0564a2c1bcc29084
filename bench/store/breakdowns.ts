// Diagnosis (run with `node bench/run.mjs --diagnose`): where the time of store.append and
// store.entries goes. Rebuilds the store's request pattern step by step with raw idb and times
// every step interleaved with the real call; bench/run.mjs also runs it whenever figure 1, 2
// or 5 misses its target.
import { openDB, type IDBPDatabase } from 'idb';
import { v7 } from 'uuid';
import { EntrySchema, MessageSchema } from '../../src/core/index.js';
import type { StoreBench } from './figures.js';
import type { SideSummary } from './measure.js';

/**
 * One row per step. `comparedTo[i]` is the index of the row step i adds to (null for the first),
 * so an alternative (a possible fix) can be shown against the step it replaces.
 */
export interface Breakdown { title: string; sides: SideSummary[]; comparedTo: (number | null)[] }

const CONVERSATION = 'breakdown';
const PIPELINED = 'breakdown-pipelined';
const IN_STORE = 'breakdown-in-store-database';

async function openStoreShaped(name: string): Promise<IDBPDatabase> {
  return openDB(name, 1, {
    upgrade(database) {
      const conversations = database.createObjectStore('conversations', { keyPath: 'id' });
      conversations.createIndex('byUpdated', ['updatedAt', 'id']);
      const entries = database.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
      entries.createIndex('byId', 'id', { unique: true });
      database.createObjectStore('plainEntries', { keyPath: ['conversationId', 'seq'] });
      database.createObjectStore('toolCalls', { keyPath: ['conversationId', 'toolCallId'] });
    },
  });
}

/** Times the steps between a raw put and store.append, all with strict durability. */
export async function appendBreakdown(bench: StoreBench, storeName: string, storeConversation: string): Promise<Breakdown> {
  const database = await openStoreShaped('bench-breakdown');
  const channel = new BroadcastChannel('bench-breakdown');
  const now = new Date().toISOString();
  await database.put('conversations', {
    id: CONVERSATION, title: 'breakdown', createdAt: now, updatedAt: now, lastSeq: 0, keptFromSeq: 1, lastCompactionSeq: 0, windowStartSeq: 0,
  });
  await database.put('conversations', { id: PIPELINED, updatedAt: now, lastSeq: 0 });
  // The same request pattern against the store's own (large) database, to tell the store's code
  // from the size of the database it writes to.
  const storeDatabase = await openDB(storeName);
  await storeDatabase.put('conversations', {
    id: IN_STORE, title: 'breakdown', createdAt: now, updatedAt: now, lastSeq: 0, keptFromSeq: 1, lastCompactionSeq: 0, windowStartSeq: 0,
  });
  const seqs = new Map<string, number>();
  const record = (conversationId = CONVERSATION) => {
    const seq = (seqs.get(conversationId) ?? 0) + 1;
    seqs.set(conversationId, seq);
    return { type: 'message', id: v7(), conversationId, seq, timestamp: new Date().toISOString(), message: bench.nextTurn(conversationId) };
  };
  const stores = ['conversations', 'entries', 'toolCalls'];
  const plainPut = async () => {
    const transaction = database.transaction('plainEntries', 'readwrite', { durability: 'strict' });
    void transaction.store.put(record());
    await transaction.done;
  };
  const indexedPut = async () => {
    const transaction = database.transaction('entries', 'readwrite', { durability: 'strict' });
    void transaction.store.add(record());
    await transaction.done;
  };
  const writeBoth = async (readFirst: boolean, validate: boolean, broadcast: boolean, target = database, conversationId = CONVERSATION) => {
    const entry = record(conversationId);
    if (validate) MessageSchema.parse(entry.message);
    const transaction = target.transaction(stores, 'readwrite', { durability: 'strict' });
    const conversation = readFirst
      ? await transaction.objectStore('conversations').get(conversationId)
      : { id: conversationId, updatedAt: entry.timestamp };
    const next = { ...conversation, lastSeq: entry.seq, updatedAt: entry.timestamp };
    await Promise.all([transaction.objectStore('entries').add(entry), transaction.objectStore('conversations').put(next)]);
    await transaction.done;
    if (broadcast) channel.postMessage({ type: 'entries_appended', conversationId: CONVERSATION, conversation: next, entries: [entry] });
  };
  // The fix to try: read and writes issued together, the read checked when it lands (a stale
  // cached record makes the add of an existing [id, seq] fail, or the check aborts).
  let cachedLastSeq = 0;
  const pipelined = async () => {
    const entry = record();
    MessageSchema.parse(entry.message);
    const transaction = database.transaction(stores, 'readwrite', { durability: 'strict' });
    const read = transaction.objectStore('conversations').get(PIPELINED).then((stored: { lastSeq: number } | undefined) => {
      if (stored?.lastSeq !== cachedLastSeq) transaction.abort();
    });
    const next = { id: PIPELINED, updatedAt: entry.timestamp, lastSeq: entry.seq };
    await Promise.all([read, transaction.objectStore('entries').add(entry), transaction.objectStore('conversations').put(next)]);
    await transaction.done;
    cachedLastSeq = entry.seq;
  };
  const ops = 40;
  try {
    const sides = await bench.measure(
      { label: 'A raw put, no index (figure 1 baseline)', opsPerRepetition: ops, operation: plainPut },
      { label: 'B + unique byId index on entries', opsPerRepetition: ops, operation: indexedPut },
      { label: 'C + conversation record put (byUpdated index), same transaction', opsPerRepetition: ops, operation: () => writeBoth(false, false, false) },
      { label: 'D + awaited read of the conversation record first', opsPerRepetition: ops, operation: () => writeBoth(true, false, false) },
      { label: 'E + zod MessageSchema.parse of the message', opsPerRepetition: ops, operation: () => writeBoth(true, true, false) },
      { label: 'F + BroadcastChannel postMessage of the change', opsPerRepetition: ops, operation: () => writeBoth(true, true, true) },
      { label: 'G store.append at 10,000 entries', opsPerRepetition: ops, operation: () => bench.appendOne(bench.strict, storeConversation) },
      { label: 'possible fix: E with the read pipelined with the writes (checked on arrival), compared with E', opsPerRepetition: ops, operation: pipelined },
      {
        label: 'F in the store\'s own database (as large as figure 1\'s), compared with F',
        opsPerRepetition: ops, operation: () => writeBoth(true, true, true, storeDatabase, IN_STORE),
      },
    );
    return { title: 'append breakdown (strict, ms per append, cumulative steps)', sides, comparedTo: [null, 0, 1, 2, 3, 4, 5, 4, 5] };
  } finally {
    channel.close();
    database.close();
    storeDatabase.close();
  }
}

/**
 * Where the time of store.entries over 10,000 entries goes: the raw getAll of the same key range
 * (same database), the same plus EntrySchema.safeParse of every record (what the store does to
 * detect corrupt records), and store.entries itself.
 */
export async function entriesBreakdown(bench: StoreBench, storeName: string, conversation: string): Promise<Breakdown> {
  const database = await openDB(storeName);
  const range = IDBKeyRange.bound([conversation, 1], [conversation, 10_000]);
  const getAllAndParse = async () => {
    const records = await database.getAll('entries', range);
    for (const record of records) EntrySchema.safeParse(record);
  };
  try {
    const sides = await bench.measure(
      { label: 'A raw getAll, same key range and database (figure 5 baseline)', opsPerRepetition: 2, operation: () => database.getAll('entries', range) },
      { label: 'B + EntrySchema.safeParse of every record', opsPerRepetition: 2, operation: getAllAndParse },
      { label: 'C store.entries, 10,000 entries', opsPerRepetition: 2, operation: () => bench.strict.entries(conversation) },
    );
    return { title: 'entries breakdown (10,000 entries, ms per read)', sides, comparedTo: [null, 0, 1] };
  } finally {
    database.close();
  }
}
