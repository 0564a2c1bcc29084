// The packed-postings layouts measured by packed-layouts.browser.test.ts (DESIGN §17), in raw
// IndexedDB: an append writes its entry plus a row in `pending` (the not-yet-indexed mark); an
// indexer later turns a batch of pending entries into postings, per term, topping up the term's
// newest block (records of up to `cap` postings keyed [term, time, seq, conversation number] of
// its oldest posting; `topup`) or writing one new block per term and batch (`segments`), in its
// own transaction. A query walks a term's blocks newest first.
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { Entry } from '../../src/core/entry.js';
import { indexTerms } from '../../src/core/index-terms.js';
import { searchableText } from '../../src/core/search-text.js';

/** A posting: the entry's time (ms), seq, and its conversation's number. */
export type Posting = [time: number, seq: number, conversation: number];
/** How a block stores its postings: varint bytes (deltas) in a Uint8Array or a one-byte string, or a plain array of numbers. */
export type Encoding = 'bytes' | 'arrays' | 'string';
export interface Layout {
  merge: 'topup' | 'segments' | 'shards'; encoding: Encoding; cap: number; pendingText?: boolean;
  /** The mark: a `pending` row per entry, or a per-conversation high-water seq (`indexedSeq`, `unindexed` while below `lastSeq`). */
  mark: 'rows' | 'conversation';
}

/** A conversation record as the bench writes it: what store.append keeps, plus the high-water mark. */
export interface ConversationRow { id: string; lastSeq: number; indexedSeq?: number; unindexed?: 1 }

function compare(a: Posting, b: Posting): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function writeVarint(out: number[], value: number): void {
  // Arithmetic, not bitwise: times in ms need 41 bits.
  while (value >= 128) {
    out.push((value % 128) + 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

/** Postings (ascending) as bytes: time as a delta from the previous posting, seq, conversation. */
export function encode(postings: readonly Posting[], encoding: Encoding): Uint8Array | number[] | string {
  if (encoding === 'arrays') return postings.flat();
  const out: number[] = [];
  let previous = 0;
  for (const [time, seq, conversation] of postings) {
    writeVarint(out, time - previous);
    writeVarint(out, seq);
    writeVarint(out, conversation);
    previous = time;
  }
  if (encoding === 'bytes') return Uint8Array.from(out);
  let text = '';
  for (let start = 0; start < out.length; start += 4_096) text += String.fromCharCode(...out.slice(start, start + 4_096));
  return text;
}

export function decode(data: Uint8Array | number[] | string): Posting[] {
  const postings: Posting[] = [];
  if (Array.isArray(data)) {
    for (let index = 0; index < data.length; index += 3) postings.push([data[index]!, data[index + 1]!, data[index + 2]!]);
    return postings;
  }
  let offset = 0;
  const read = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = typeof data === 'string' ? data.charCodeAt(offset++) : data[offset++]!;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
  let time = 0;
  while (offset < data.length) {
    time += read();
    postings.push([time, read(), read()]);
  }
  return postings;
}

export function entryTime(entry: Entry): number {
  return Date.parse(entry.timestamp);
}

type Tx = IDBPTransaction<unknown, string[], 'readwrite'>;

/**
 * `topup`: blocks keyed by their oldest posting, so topping up the newest one keeps its key: one
 * cursor read and one put per term and batch; a batch older than the newest block (an import of
 * old history) rewrites every block of the term from the first it overlaps.
 */
async function topUp(transaction: Tx, term: string, postings: Posting[], layout: Layout): Promise<void> {
  const store = transaction.objectStore('postings');
  const cursor = await store.openCursor(IDBKeyRange.bound([term], [term, []]), 'prev');
  let merged = postings;
  if (cursor !== null) {
    const newest = decode(cursor.value as Uint8Array);
    if (compare(newest[newest.length - 1]!, postings[0]!) < 0) {
      if (newest.length < layout.cap) merged = newest.concat(postings);
    } else {
      const range = IDBKeyRange.bound([term], [term, []]);
      merged = (await store.getAll(range) as Uint8Array[]).flatMap((block) => decode(block)).concat(postings).sort(compare);
      void store.delete(range);
    }
  }
  for (let start = 0; start < merged.length; start += layout.cap) {
    const block = merged.slice(start, start + layout.cap);
    indexerTime.records++;
    void store.put(encode(block, layout.encoding), [term, ...block[0]!]);
  }
}

/**
 * `segments`: each batch writes one new block per term, keyed by its newest posting, without
 * reading anything; blocks may overlap in time (a query merges them, {@link newestFirst}).
 */
function segment(transaction: Tx, term: string, postings: Posting[], layout: Layout): void {
  indexerTime.records++;
  void transaction.objectStore('postings').put(encode(postings, layout.encoding), [term, ...postings[postings.length - 1]!]);
}

/** The shard of a term with few postings in its batch: its first two units (a prefix query of two or more finds it in one shard). */
export function shardOf(term: string): string {
  return term.slice(0, 2);
}

/**
 * `shards`: a term with `cap` or more postings in the batch gets its own segment; the others share
 * one record per shard and batch ({ t: terms, o: offsets, d: their postings, bytes }), keyed
 * [shard, batch's newest posting] in `shards`. Fewer, larger records: Chromium pays per put.
 */
function shard(transaction: Tx, byTerm: Map<string, Posting[]>, layout: Layout): void {
  const shards = new Map<string, { t: string[]; o: number[]; d: number[]; newest: Posting }>();
  for (const [term, postings] of byTerm) {
    if (postings.length >= layout.cap) {
      segment(transaction, term, postings, layout);
      continue;
    }
    const key = shardOf(term);
    const newest = postings[postings.length - 1]!;
    let record = shards.get(key);
    if (record === undefined) shards.set(key, (record = { t: [], o: [], d: [], newest }));
    if (compare(newest, record.newest) > 0) record.newest = newest;
    record.t.push(term);
    record.o.push(record.d.length);
    for (const byte of encode(postings, 'bytes') as Uint8Array) record.d.push(byte);
  }
  indexerTime.records += shards.size;
  for (const [key, { t, o, d, newest }] of shards) void transaction.objectStore('shards').put({ t, o, d: Uint8Array.from(d) }, [key, ...newest]);
}

/** A term's postings from the shard records of its shard, oldest first. */
export async function shardPostings(transaction: IDBPTransaction<unknown, string[], 'readonly'>, term: string): Promise<Posting[]> {
  const key = shardOf(term);
  const records = await transaction.objectStore('shards').getAll(IDBKeyRange.bound([key], [key, []])) as { t: string[]; o: number[]; d: Uint8Array }[];
  const postings: Posting[] = [];
  for (const { t, o, d } of records) {
    const index = t.indexOf(term);
    if (index >= 0) postings.push(...decode(d.subarray(o[index], o[index + 1] ?? d.length)));
  }
  return postings.sort(compare);
}

async function mergeTerm(transaction: Tx, term: string, postings: Posting[], layout: Layout): Promise<void> {
  if (layout.merge === 'segments') segment(transaction, term, postings, layout);
  else await topUp(transaction, term, postings, layout);
}

/** Consecutive keys of one conversation as key ranges. */
export function runsOf(keys: readonly [string, number][]): IDBKeyRange[] {
  const runs: [string, number, number][] = [];
  for (const [conversationId, seq] of keys) {
    const last = runs[runs.length - 1];
    if (last && last[0] === conversationId && last[2] === seq - 1) last[2] = seq;
    else runs.push([conversationId, seq, seq]);
  }
  return runs.map(([id, from, to]) => IDBKeyRange.bound([id, from], [id, to]));
}

/** Where the indexer's time goes: tokenizing (ms), and records written or topped up. */
export const indexerTime = { tokenize: 0, records: 0 };

/** Indexes up to `size` pending entries in one transaction; the number indexed (0: nothing was pending). */
export async function indexBatch(database: IDBPDatabase, layout: Layout, numbers: Map<string, number>, size: number): Promise<number> {
  const transaction = database.transaction(['conversations', 'entries', 'pending', 'postings', 'shards', 'names'], 'readwrite') as unknown as Tx;
  let entries: Entry[];
  if (layout.mark === 'conversation') {
    // The conversations below their high-water mark (a sparse index: only they have `unindexed`), each one range of seqs.
    const conversations = await transaction.objectStore('conversations').index('byUnindexed').getAll(null, size) as ConversationRow[];
    if (conversations.length === 0) return 0;
    entries = [];
    for (const row of conversations) {
      if (entries.length >= size) break;
      const to = Math.min(row.lastSeq, (row.indexedSeq ?? 0) + size);
      entries.push(...await transaction.objectStore('entries').getAll(IDBKeyRange.bound([row.id, (row.indexedSeq ?? 0) + 1], [row.id, to])) as Entry[]);
      const { unindexed: _unindexed, ...rest } = row;
      void transaction.objectStore('conversations').put(to === row.lastSeq ? { ...rest, indexedSeq: to } : { ...row, indexedSeq: to });
    }
  } else {
    const keys = await transaction.objectStore('pending').getAllKeys(null, size) as [string, number][];
    if (keys.length === 0) return 0;
    // Pending keys come in runs (a conversation's new seqs): one getAll and one delete per run, not per entry.
    const runs = runsOf(keys);
    entries = (await Promise.all(runs.map((range) => transaction.objectStore('entries').getAll(range)))).flat() as Entry[];
    for (const range of runs) void transaction.objectStore('pending').delete(range);
  }
  const byTerm = new Map<string, Posting[]>();
  const tokenizing = performance.now();
  for (const entry of entries) {
    let conversation = numbers.get(entry.conversationId);
    if (conversation === undefined) {
      numbers.set(entry.conversationId, (conversation = numbers.size + 1));
      void transaction.objectStore('names').put(entry.conversationId, conversation);
    }
    const posting: Posting = [entryTime(entry), entry.seq, conversation];
    for (const term of indexTerms(searchableText(entry))) {
      const list = byTerm.get(term);
      if (list === undefined) byTerm.set(term, [posting]);
      else list.push(posting);
    }
  }
  indexerTime.tokenize += performance.now() - tokenizing;

  for (const postings of byTerm.values()) postings.sort(compare);
  if (layout.merge === 'shards') shard(transaction, byTerm, layout);
  else await Promise.all([...byTerm].map(([term, postings]) => mergeTerm(transaction, term, postings, layout)));
  await transaction.done;
  return entries.length;
}

/**
 * A term's postings newest first, a block at a time (one cursor step per block). Blocks come in
 * the order of their keys; a posting is given out once no unread block can hold a newer one
 * (segments: keyed by their newest posting; topup: blocks never overlap).
 */
export async function* newestFirst(transaction: IDBPTransaction<unknown, string[], 'readonly'>, term: string, layout: Layout): AsyncGenerator<Posting> {
  // Shards: a term's few-postings batches are read whole (one request) and merged with its segments.
  let buffer: Posting[] = layout.merge === 'shards' ? await shardPostings(transaction, term) : [];
  let cursor = await transaction.objectStore('postings').openCursor(IDBKeyRange.bound([term], [term, []]), 'prev');
  while (cursor !== null || buffer.length > 0) {
    if (cursor !== null) {
      buffer = buffer.concat(decode(cursor.value as Uint8Array)).sort(compare);
      cursor = await cursor.continue();
    }
    const bound = cursor !== null && layout.merge !== 'topup' ? (cursor.primaryKey as unknown[]).slice(1) as Posting : undefined;
    while (buffer.length > 0 && (cursor === null || layout.merge === 'topup' || compare(buffer[buffer.length - 1]!, bound!) > 0)) yield buffer.pop()!;
  }
}

/** The newest `limit` postings that every term has. */
export async function firstPage(database: IDBPDatabase, layout: Layout, terms: readonly string[], limit: number): Promise<Posting[]> {
  // One transaction for every walk: a walk idle while another awaits keeps it alive.
  const transaction = database.transaction(['postings', 'shards']);
  const walks = terms.map((term) => newestFirst(transaction, term, layout));
  const heads: (Posting | undefined)[] = await Promise.all(walks.map(async (walk) => (await walk.next()).value as Posting));
  const hits: Posting[] = [];
  while (hits.length < limit && heads.every((head) => head !== undefined)) {
    // Advance every walk that is newer than the oldest head; all equal: a hit.
    let oldest = heads[0]!;
    for (const head of heads) if (compare(head!, oldest) < 0) oldest = head!;
    if (heads.every((head) => compare(head!, oldest) === 0)) {
      hits.push(oldest);
      for (const [index, walk] of walks.entries()) heads[index] = (await walk.next()).value as Posting;
      continue;
    }
    for (const [index, walk] of walks.entries()) {
      while (heads[index] !== undefined && compare(heads[index]!, oldest) > 0) heads[index] = (await walk.next()).value as Posting;
    }
  }
  return hits;
}
