import { wordTerms, type SearchWord } from '../../core/search-query.js';
import { throwIfAborted } from '../database/aborted-error.js';
import type { Transaction } from '../database/run-transaction.js';
import type { EntryRecord } from '../database/schema.js';
import { entryTime } from '../database/search-keys.js';
import type { SearchHit, SearchResult } from '../types/search.js';
import { walkPostings, type PackedStore } from './packed-walk.js';
import type { PendingTexts } from './pending-texts.js';
import { comparePostings, type Posting } from './posting-codec.js';
import { readAhead } from './read-ahead.js';
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

/** Hits read ahead of the one being checked: a page's worth, at most this many (DESIGN §17.15). */
const HITS_AHEAD = 32;

/** An indexed posting's place in hit order and its entry as read, or why it is none: another conversation than the scope's, a gone one, or not after the cursor. */
interface Located { position: SearchPosition; record: EntryRecord | undefined }

/**
 * The indexed hits newest first: the query terms' packed postings intersected, each tie of time
 * and seq gathered and ordered by conversation id (hit order, as cursors need), each posting's
 * entry fetched and checked (gone, or re-created since: skipped; its text: {@link ToHit}). The
 * names and entries of the next postings are read together, up to a page's worth ahead: one
 * after the other, a rare word's 12 hits were 24 round trips (§17.15).
 */
async function* indexedHits(
  transaction: Transaction<'readonly'>, keyRange: typeof IDBKeyRange, words: readonly SearchWord[], toHit: ToHit, page: SearchPage, scope: string | undefined,
): AsyncGenerator<Found> {
  // Scoped: only the conversation's number; none yet, nothing of it is indexed.
  const scopeNumber = scope === undefined ? undefined : await transaction.objectStore('searchNames').index('byId').getKey(scope);
  if (scope !== undefined && scopeNumber === undefined) return;
  const stores = { segments: transaction.objectStore('searchSegments') as unknown as PackedStore, shards: transaction.objectStore('searchShards') as unknown as PackedStore };
  const streams = words.flatMap((word) => wordTerms(word)).map((term) => walkPostings(stores, keyRange, { prefix: term, accept: () => true }));
  const names = new Map<number, Promise<string | undefined>>();
  const nameOf = (number: number): Promise<string | undefined> => {
    if (!names.has(number)) names.set(number, transaction.objectStore('searchNames').get(number).then((name) => name?.id));
    return names.get(number)!;
  };
  const locate = async ([time, seq, number]: Posting): Promise<Located | undefined> => {
    if (scopeNumber !== undefined && number !== scopeNumber) return undefined;
    const conversationId = await nameOf(number);
    if (conversationId === undefined) return undefined;
    const position: SearchPosition = { time, seq, conversationId };
    if (page.after !== undefined && comparePositions(position, page.after) >= 0) return undefined;
    return { position, record: await transaction.objectStore('entries').get([conversationId, seq]) };
  };
  let tie: Array<Promise<Located | undefined>> = [];
  let tiePosting: Posting | undefined;
  const flush = async function* (): AsyncGenerator<Found> {
    const located = (await Promise.all(tie)).filter((one): one is Located => one !== undefined);
    located.sort((left, right) => comparePositions(right.position, left.position));
    for (const { position, record } of located) {
      if (record === undefined || entryTime(record) !== position.time) continue;
      const hit = toHit(record);
      if (hit !== undefined) yield { hit, position: positionOf(record) };
    }
    tie = [];
  };
  let count = 0;
  for await (const [posting, located] of readAhead(intersect(streams), Math.min(page.limit, HITS_AHEAD), locate)) {
    if (++count % 256 === 0) throwIfAborted('The search', page.signal);
    if (tiePosting !== undefined && (tiePosting[0] !== posting[0] || tiePosting[1] !== posting[1])) yield* flush();
    tiePosting = posting;
    tie.push(located);
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
