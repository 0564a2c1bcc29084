import { wordTerms, type SearchWord } from '../../core/search-query.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { Transaction } from '../database/run-transaction.js';
import type { EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import type { SearchHit, SearchResult } from '../types/search.js';
import { walkPostings, type PackedStore } from './packed-walk.js';
import type { PendingTexts } from './pending-texts.js';
import { comparePostings, type Posting } from './posting-codec.js';
import type { SearchPage } from './search-page.js';
import { comparePositions, encodeCursor, positionOf, type SearchPosition } from './search-position.js';
import { unindexedHits, type Found, type ToHit } from './unindexed-hits.js';

/** The postings every stream has, newest first: each stream is one query term's walk. */
async function* intersect(streams: AsyncGenerator<Posting>[]): AsyncGenerator<Posting> {
  const heads: (Posting | undefined)[] = await Promise.all(streams.map(async (stream) => (await stream.next()).value as Posting | undefined));
  while (!heads.includes(undefined)) {
    let oldest = heads[0]!;
    for (const head of heads) if (comparePostings(head!, oldest) < 0) oldest = head!;
    if (heads.every((head) => comparePostings(head!, oldest) === 0)) {
      yield oldest;
      for (const [index, stream] of streams.entries()) heads[index] = (await stream.next()).value as Posting | undefined;
      continue;
    }
    for (const [index, stream] of streams.entries()) {
      while (heads[index] !== undefined && comparePostings(heads[index]!, oldest) > 0) heads[index] = (await stream.next()).value as Posting | undefined;
    }
  }
}

/**
 * The indexed hits newest first: the query terms' packed postings intersected, each tie of time
 * and seq gathered and ordered by conversation id (hit order, as cursors need), each posting's
 * entry fetched and checked (gone, or re-created since: skipped; its text: {@link ToHit}).
 */
async function* indexedHits(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[], toHit: ToHit, page: SearchPage, scope: string | undefined,
): AsyncGenerator<Found> {
  // Scoped: only the conversation's number; none yet, nothing of it is indexed.
  const scopeNumber = scope === undefined ? undefined : await transaction.objectStore('searchNames').index('byId').getKey(scope);
  if (scope !== undefined && scopeNumber === undefined) return;
  const stores = { segments: transaction.objectStore('searchSegments') as unknown as PackedStore, shards: transaction.objectStore('searchShards') as unknown as PackedStore };
  const streams = words.flatMap((word) => wordTerms(word)).map((term) => walkPostings(stores, keyRange, { prefix: term, accept: () => true }));
  const names = new Map<number, string | undefined>();
  const nameOf = async (number: number): Promise<string | undefined> => {
    if (!names.has(number)) names.set(number, (await transaction.objectStore('searchNames').get(number))?.id);
    return names.get(number);
  };
  let tie: Posting[] = [];
  const flush = async function* (): AsyncGenerator<Found> {
    const positions: Array<{ position: SearchPosition; time: number }> = [];
    for (const [time, seq, number] of tie) {
      if (scopeNumber !== undefined && number !== scopeNumber) continue;
      const conversationId = await nameOf(number);
      if (conversationId !== undefined) positions.push({ position: { time, seq, conversationId }, time });
    }
    positions.sort((left, right) => comparePositions(right.position, left.position));
    for (const { position, time } of positions) {
      if (page.after !== undefined && comparePositions(position, page.after) >= 0) continue;
      const record = await transaction.objectStore('entries').get([position.conversationId, position.seq]);
      if (record === undefined || entryTime(record) !== time) continue;
      const hit = toHit(record);
      if (hit !== undefined) yield { hit, position: positionOf(record) };
    }
    tie = [];
  };
  let count = 0;
  for await (const posting of intersect(streams)) {
    if (++count % 256 === 0) throwIfAborted('The search', page.signal);
    if (tie.length > 0 && (tie[0]![0] !== posting[0] || tie[0]![1] !== posting[1])) yield* flush();
    tie.push(posting);
  }
  yield* flush();
}

/**
 * A page of hits from the packed index and the entries it does not hold yet, merged newest first
 * (DESIGN §17.3); one read-only transaction sees both as of one moment, so an entry is in exactly
 * one of them. `texts`: the store's kept texts of entries not yet indexed (DESIGN §17.12). The
 * cursor is the last hit's position, as in 0.2.
 * @internal
 */
export async function packedSearch(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[], toHit: ToHit, page: SearchPage,
  texts: PendingTexts,
  /** Only this conversation's entries. */
  scope?: string,
): Promise<SearchResult> {
  const pending = await unindexedHits(transaction, keyRange, words, toHit, page, scope, texts);
  const hits: SearchHit[] = [];
  const take = (found: Found): SearchResult | undefined => {
    hits.push(found.hit);
    return hits.length === page.limit ? { hits, nextCursor: encodeCursor(found.position) } : undefined;
  };
  for await (const found of indexedHits(transaction, keyRange, words, toHit, page, scope)) {
    for (let newer = await pending.next(found.position); newer !== undefined; newer = await pending.next(found.position)) {
      const full = take(newer);
      if (full) return full;
    }
    const full = take(found);
    if (full) return full;
  }
  for (let rest = await pending.next(); rest !== undefined; rest = await pending.next()) {
    const full = take(rest);
    if (full) return full;
  }
  return { hits };
}
