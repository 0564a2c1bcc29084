// Property: after random appends (on the head, forks, new branches) and deletions, every query
// finds exactly what a naive scan of every entry finds (both sides folded by normalizeForSearch),
// in the same order, whatever the page size, also scoped to each conversation (read directly or
// through the postings); also when every entry has one timestamp, so that hits tie on time and seq
// across conversations. Runs in Node (fake-indexeddb) and in real Chromium.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { parseSearchQuery } from '../../src/core/search-query.js';
import { searchableText } from '../../src/core/search-text.js';
import type { ConvologStore } from '../../src/store/index.js';
import { allHits, naiveMatch, newestFirst } from './search-support.js';
import { sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();
const RUNS = { numRuns: 25 };

const VOCABULARY = ['oslo', 'Oslo', 'ＯＳＬＯ', 'café', 'cafe', 'CAFÉ', 'Москва', 'москвич', '天气', '今天', '很好', '天',
  'weather', 'wear', 'we', 'trip', 'tripod', '서울', '서울에서', '東京', 'とうきょう', 'naïve', 'x'];
const QUERIES = ['osl', 'oslo', 'caf', 'café', 'моск', 'москва', '天', '天气', '气今', 'we', 'wea', 'trip', 'tripo', '서', '울에',
  '東京', 'oslo trip', 'cafe we', '天 oslo', 'naive', 'x', 'zzz', 'w t'];

type Action =
  | { kind: 'append'; conversation: number; words: number[]; joined: boolean; fork: number | undefined; role: 'user' | 'assistant' }
  | { kind: 'delete'; conversation: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    kind: fc.constant('append' as const), conversation: fc.nat({ max: 2 }),
    words: fc.array(fc.nat({ max: VOCABULARY.length - 1 }), { minLength: 1, maxLength: 5 }), joined: fc.boolean(),
    fork: fc.option(fc.nat(), { nil: undefined }), role: fc.constantFrom('user' as const, 'assistant' as const),
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), conversation: fc.nat({ max: 2 }) }) },
);

/** Every entry of every conversation matching the query, newest first (timestamp, seq, conversation id). */
async function naiveScan(store: ConvologStore, query: string): Promise<string[]> {
  const matching: Entry[] = [];
  for (const conversation of await store.listConversations()) {
    for (const entry of await store.entries(conversation.id, { allBranches: true })) {
      if (naiveMatch(searchableText(entry), query)) matching.push(entry);
    }
  }
  if (parseSearchQuery(query).length === 0) return [];
  return matching.sort(newestFirst).map((entry) => entry.id);
}

async function apply(store: ConvologStore, ids: (string | undefined)[], step: Action): Promise<void> {
  if (step.kind === 'delete') {
    if (ids[step.conversation] !== undefined) await store.deleteConversation(ids[step.conversation]!);
    ids[step.conversation] = undefined;
    return;
  }
  ids[step.conversation] ??= (await store.createConversation()).id;
  const id = ids[step.conversation]!;
  const text = step.words.map((word) => VOCABULARY[word]).join(step.joined ? '' : ' ');
  const existing = await store.entries(id, { allBranches: true });
  const parentId = step.fork === undefined || existing.length === 0 ? undefined : existing[step.fork % existing.length]!.id;
  await store.append(id, [step.role === 'user' ? user(text) : assistant(text)], parentId === undefined ? {} : { parentId });
}

/** Random steps on a store with a fresh clock of `clock`, then every query (paged by `limit`) against the naive scan. */
function matchesNaiveScan(clock: () => () => Date) {
  return fc.asyncProperty(fc.array(action, { maxLength: 20 }), fc.integer({ min: 1, max: 4 }), async (actions, limit) => {
    const store = await stores.open({ generateId: sequentialIds(), now: clock() });
    const ids: (string | undefined)[] = [undefined, undefined, undefined];
    for (const step of actions) await apply(store, ids, step);
    for (const query of QUERIES) {
      const expected = await naiveScan(store, query);
      const found = (await allHits(store, query, { limit })).map((hit) => hit.entryId);
      expect(found, query).toEqual(expected);
      for (const id of ids) {
        if (id === undefined) continue;
        // Scoped: a small conversation is read directly, a large one through the postings.
        const scoped = (await allHits(store, query, { limit, conversationId: id })).map((hit) => hit.entryId);
        const own = new Set((await store.entries(id, { allBranches: true })).map((entry) => entry.id));
        expect(scoped, `${query} in ${id}`).toEqual(expected.filter((entryId) => own.has(entryId)));
      }
    }
    store.close();
  });
}

describe('search against a naive scan', () => {
  it('finds the same entries in the same order after random appends, forks and deletions', async () => {
    await fc.assert(matchesNaiveScan(() => steppingClock()), RUNS);
  }, 120_000);

  it('pages ties the same way: every entry at one instant, so entries of the same seq tie across conversations', async () => {
    const instant = new Date(Date.UTC(2024, 5, 1));
    await fc.assert(matchesNaiveScan(() => () => instant), RUNS);
  }, 120_000);
});
