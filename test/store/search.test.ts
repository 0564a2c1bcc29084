// store.search (DESIGN §11): what a query matches, in what order, page by page, and bad input.
// Runs in Node (fake-indexeddb) and in real Chromium.
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import type { ConvologStore } from '../../src/store/index.js';
import { allHits, highlighted } from './search-support.js';
import { codeOf, rejectionOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

/** A store with one conversation holding `messages` (one append each, a second apart). */
async function storeWith(messages: (string | Message)[]): Promise<{ store: ConvologStore; id: string }> {
  const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
  const { id } = await store.createConversation({ title: 'chat' });
  for (const message of messages) await store.append(id, [typeof message === 'string' ? user(message) : message]);
  return { store, id };
}

async function snippets(store: ConvologStore, query: string): Promise<string[]> {
  return (await allHits(store, query)).map((hit) => hit.snippet);
}

describe('what a query matches (DESIGN §11)', () => {
  it('matches every query word at the start of a word, never inside one', async () => {
    const { store } = await storeWith(['the weather in Oslo', 'feather light', 'we are here']);
    expect(await snippets(store, 'wea')).toEqual(['the weather in Oslo']);
    expect(await snippets(store, 'ather')).toEqual([]);
    expect(await snippets(store, 'we')).toEqual(['we are here', 'the weather in Oslo']);
    const [hit] = await allHits(store, 'wea');
    expect(highlighted(hit!)).toEqual(['wea']);
    expect(hit).toMatchObject({ role: 'user', seq: 1, timestamp: '2025-01-01T00:00:02.000Z' });
  });

  it('needs every word (AND), in any order', async () => {
    const { store } = await storeWith(['trip to Oslo in May', 'a trip to Bergen', 'Oslo is cold']);
    expect(await snippets(store, 'oslo trip')).toEqual(['trip to Oslo in May']);
    expect(await snippets(store, 'trip oslo')).toEqual(['trip to Oslo in May']);
    expect(await snippets(store, 'oslo trip rome')).toEqual([]);
    expect(highlighted((await allHits(store, 'oslo trip'))[0]!)).toEqual(['trip', 'Oslo']);
  });

  it('ignores case, accents and width both ways', async () => {
    const { store } = await storeWith(['Café au lait', 'cafe noir', 'ＯＳＬＯ ｔｒｉｐ', 'Ångström units', 'naïve question']);
    expect(await snippets(store, 'cafe')).toEqual(['cafe noir', 'Café au lait']);
    expect(await snippets(store, 'CAFÉ')).toEqual(['cafe noir', 'Café au lait']);
    expect(await snippets(store, 'oslo')).toEqual(['ＯＳＬＯ ｔｒｉｐ']);
    expect(await snippets(store, 'ＴＲＩ')).toEqual(['ＯＳＬＯ ｔｒｉｐ']);
    expect(await snippets(store, 'angst')).toEqual(['Ångström units']);
    expect(await snippets(store, 'naive')).toEqual(['naïve question']);
    expect(highlighted((await allHits(store, 'cafe'))[1]!)).toEqual(['Café']);
  });

  it('finds Cyrillic, Greek and Devanagari words by their start', async () => {
    const { store } = await storeWith(['Поездка в Москву', 'Καλημέρα κόσμε', 'नमस्ते दुनिया']);
    expect(await snippets(store, 'моск')).toEqual(['Поездка в Москву']);
    expect(await snippets(store, 'ПОЕЗД')).toEqual(['Поездка в Москву']);
    expect(await snippets(store, 'καλη')).toEqual(['Καλημέρα κόσμε']);
    expect(await snippets(store, 'नमस्ते')).toEqual(['नमस्ते दुनिया']);
  });

  it('finds Chinese as substrings: two characters anywhere, one character anywhere, never characters that are not adjacent', async () => {
    const { store } = await storeWith(['今天的天气很好', '明天下雨', '天']);
    expect(await snippets(store, '天气')).toEqual(['今天的天气很好']);
    expect(await snippets(store, '气很好')).toEqual(['今天的天气很好']);
    expect(await snippets(store, '天')).toEqual(['天', '明天下雨', '今天的天气很好']);
    expect(await snippets(store, '好')).toEqual(['今天的天气很好']);
    expect(await snippets(store, '天很')).toEqual([]);
    expect(highlighted((await allHits(store, '天气'))[0]!)).toEqual(['天气']);
  });

  it('finds Japanese (kanji, hiragana, katakana, half-width katakana) and Korean as substrings', async () => {
    const { store } = await storeWith(['東京に行きたいです', 'コーヒーを飲みました', '서울에서 만나요', 'ﾃｽﾄです']);
    expect(await snippets(store, '東京')).toEqual(['東京に行きたいです']);
    expect(await snippets(store, '行きたい')).toEqual(['東京に行きたいです']);
    expect(await snippets(store, 'コーヒー')).toEqual(['コーヒーを飲みました']);
    expect(await snippets(store, 'テスト')).toEqual(['ﾃｽﾄです']);
    expect(await snippets(store, '서울')).toEqual(['서울에서 만나요']);
    expect(await snippets(store, '만나')).toEqual(['서울에서 만나요']);
    expect(await snippets(store, '울에')).toEqual(['서울에서 만나요']);
  });

  it('finds Thai, Lao, Khmer and Myanmar as substrings, the same in every engine, marks kept with their letter', async () => {
    // Firefox's segmenter splits สวัสดี into สวัส + ดี, Chromium's, WebKit's and Node's keep it
    // whole (DESIGN §19): these scripts are matched as substrings, whatever the segmenter says.
    const { store } = await storeWith(['สวัสดีครับ', 'ดีมาก', 'ສະບາຍດີ', 'សួស្តី', 'မင်္ဂလာပါ']);
    expect(await snippets(store, 'ดี')).toEqual(['ดีมาก', 'สวัสดีครับ']);
    expect(await snippets(store, 'สวัสดี')).toEqual(['สวัสดีครับ']);
    expect(await snippets(store, 'ครับ')).toEqual(['สวัสดีครับ']);
    expect(await snippets(store, 'ดีครับ')).toEqual(['สวัสดีครับ']);
    expect(await snippets(store, 'สวัสดีครับ')).toEqual(['สวัสดีครับ']);
    expect(await snippets(store, 'ครับสวัส')).toEqual([]);
    expect(await snippets(store, 'ບາຍ')).toEqual(['ສະບາຍດີ']);
    expect(await snippets(store, 'ດີ')).toEqual(['ສະບາຍດີ']);
    expect(await snippets(store, 'ស្តី')).toEqual(['សួស្តី']);
    expect(await snippets(store, 'ဂလာ')).toEqual(['မင်္ဂလာပါ']);
    expect(highlighted((await allHits(store, 'ดี'))[1]!)).toEqual(['ดี']);
  });

  it('mixes scripts in one query (AND across them)', async () => {
    const { store } = await storeWith(['Oslo 天气 today', 'Oslo only', '天气 only']);
    expect(await snippets(store, 'oslo 天气')).toEqual(['Oslo 天气 today']);
  });

  it('gives each hit the role that wrote it: user, assistant, tool, summary', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    const [asked] = await store.append(id, [
      user('marker from the user'), assistant([{ type: 'text', text: 'marker from the model' }, toolCall('c1', 'look', { q: 'x' })]),
      toolResult('c1', 'look', 'marker from the tool'), assistant([{ type: 'refusal', text: 'marker refused' }]),
    ]);
    await store.appendCompaction(id, { summary: 'marker in the summary', firstKeptId: asked!.id });
    const hits = await allHits(store, 'marker');
    expect(hits.map((hit) => [hit.role, hit.snippet])).toEqual([
      ['summary', 'marker in the summary'], ['assistant', 'marker refused'], ['tool', 'marker from the tool'],
      ['assistant', 'marker from the model'], ['user', 'marker from the user'],
    ]);
  });

  it('indexes user and tool text parts, never reasoning, call arguments, other or provider blocks, providerData, appData or media', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation({ appData: { 'app.note': 'hiddenappdata' } });
    await store.append(id, [
      {
        role: 'user', appData: { 'app.x': 'hiddenappdata' }, providerData: { openai: { note: 'hiddenproviderdata' } },
        content: [
          { type: 'text', text: 'visible words from the user' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/hiddenurl.png' } },
          { type: 'file', filename: 'hiddenfilename.pdf', source: { kind: 'base64', mediaType: 'application/pdf', data: 'aGlkZGVu' } },
          { type: 'other', typeName: 'x', value: { text: 'hiddenother' } },
        ],
      },
      assistant([
        { type: 'reasoning', text: 'hiddenreasoning about it' },
        { type: 'text', text: 'visible answer' },
        toolCall('c1', 'hiddentoolname', { city: 'hiddenargument' }),
        { type: 'provider_tool_call', id: 'p1', name: 'web', arguments: '{"q":"hiddenprovidercall"}' },
        { type: 'provider_tool_result', toolCallId: 'p1', value: { text: 'hiddenproviderresult' } },
      ]),
      toolResult('c1', 'hiddentoolname', [{ type: 'text', text: 'visible tool output' }, { type: 'other', typeName: 'y', value: 'hiddenother' }]),
    ], {});
    for (const word of ['visible', 'words', 'answer', 'output']) expect(await allHits(store, word), word).not.toEqual([]);
    for (const word of ['hiddenappdata', 'hiddenproviderdata', 'hiddenurl', 'hiddenfilename', 'hiddenother', 'hiddenreasoning',
      'hiddentoolname', 'hiddenargument', 'hiddenprovidercall', 'hiddenproviderresult', 'png', 'pdf', 'city']) {
      expect(await allHits(store, word), word).toEqual([]);
    }
  });

  it('cuts a snippet to 200 UTF-16 units around the first match', async () => {
    const long = `${'lorem '.repeat(100)}needle ${'ipsum '.repeat(100)}`;
    const { store } = await storeWith([long]);
    const [hit] = await allHits(store, 'needle');
    expect(hit!.snippet.length).toBeLessThanOrEqual(200);
    expect(highlighted(hit!)).toEqual(['needle']);
  });
});

describe('order and paging', () => {
  it('comes newest first across conversations: by timestamp, then seq', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const first = await store.createConversation();
    const second = await store.createConversation();
    await store.append(first.id, [user('alpha one')]);
    await store.append(second.id, [user('alpha two'), assistant('alpha three')]); // one timestamp, seqs 1 and 2
    await store.append(first.id, [user('alpha four')]);
    const hits = await allHits(store, 'alpha');
    expect(hits.map((hit) => hit.snippet)).toEqual(['alpha four', 'alpha three', 'alpha two', 'alpha one']);
    expect(hits[1]!.timestamp).toBe(hits[2]!.timestamp);
  });

  it('pages by cursor without repeats or gaps, at every page size', async () => {
    const { store } = await storeWith(Array.from({ length: 23 }, (_, index) => `page word ${index}`));
    const everything = (await allHits(store, 'page', { limit: 100 })).map((hit) => hit.snippet);
    expect(everything).toHaveLength(23);
    for (const limit of [1, 2, 5, 22, 23, 24]) {
      expect((await allHits(store, 'page', { limit })).map((hit) => hit.snippet), `limit ${limit}`).toEqual(everything);
    }
    const first = await store.search('page');
    expect(first.hits).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await store.search('page', { cursor: first.nextCursor! });
    expect(rest.hits).toHaveLength(3);
    expect(rest.nextCursor).toBeUndefined();
  });

  it('pages AND queries and prefixes of many terms the same way', async () => {
    const texts = Array.from({ length: 60 }, (_, index) => `${index % 3 === 0 ? 'red' : 'blue'} item${index} ${index % 2 === 0 ? 'round' : 'square'}`);
    const { store } = await storeWith(texts);
    const expected = texts.filter((text) => text.startsWith('red') && text.endsWith('round')).reverse();
    expect((await allHits(store, 'red round', { limit: 3 })).map((hit) => hit.snippet)).toEqual(expected);
    expect((await allHits(store, 'item', { limit: 7 })).map((hit) => hit.snippet)).toEqual([...texts].reverse());
    expect((await allHits(store, 'i', { limit: 7 })).map((hit) => hit.snippet)).toEqual([...texts].reverse());
  });

  it('pages two common words that are rarer together (windows filtered by the other word\'s keys), in one conversation too', async () => {
    const texts = Array.from({ length: 200 }, (_, index) => [index % 2 === 0 ? 'alpha' : 'gamma', index % 3 === 0 ? 'betas' : 'delta', `n${index}`].join(' '));
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const { id } = await store.createConversation();
    const other = await store.createConversation();
    for (let start = 0; start < 200; start += 10) {
      await store.append(start < 100 ? id : other.id, texts.slice(start, start + 10).map((text) => user(text)));
    }
    const expected = texts.filter((text) => text.startsWith('alpha betas')).reverse();
    expect(expected).toHaveLength(34);
    for (const limit of [1, 5, 20]) {
      expect((await allHits(store, 'alpha beta', { limit })).map((hit) => hit.snippet), `limit ${limit}`).toEqual(expected);
      expect((await allHits(store, 'betas alph', { limit, conversationId: id })).map((hit) => hit.snippet)).toEqual(expected.filter((text) => texts.indexOf(text) < 100));
    }
    expect((await allHits(store, 'alpha delta', { limit: 7 })).map((hit) => hit.snippet)).toEqual(texts.filter((text) => text.startsWith('alpha delta')).reverse());
  }, 60_000);

  it('shows no entry twice and misses none when newer entries arrive between pages', async () => {
    const { store, id } = await storeWith(Array.from({ length: 10 }, (_, index) => `news ${index}`));
    const first = await store.search('news', { limit: 4 });
    await store.append(id, [user('news late 1'), user('news late 2')]);
    const second = await store.search('news', { limit: 4, cursor: first.nextCursor! });
    await store.append(id, [user('news later')]);
    const third = await store.search('news', { limit: 4, cursor: second.nextCursor! });
    const seen = [...first.hits, ...second.hits, ...third.hits].map((hit) => hit.snippet);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, index) => `news ${9 - index}`));
    expect(third.nextCursor).toBeUndefined();
    expect((await store.search('news', { limit: 3 })).hits.map((hit) => hit.snippet)).toEqual(['news later', 'news late 2', 'news late 1']);
  });

  it('scopes to one conversation (every branch), with its own paging', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const first = await store.createConversation();
    const second = await store.createConversation();
    for (let index = 0; index < 5; index++) {
      await store.append(first.id, [user(`scope ${index} first`)]);
      await store.append(second.id, [user(`scope ${index} second`)]);
    }
    const scoped = await allHits(store, 'scope', { conversationId: second.id, limit: 2 });
    expect(scoped.map((hit) => hit.snippet)).toEqual([4, 3, 2, 1, 0].map((index) => `scope ${index} second`));
    expect(scoped.every((hit) => hit.conversationId === second.id)).toBe(true);
    expect(await allHits(store, 'scope', { limit: 3 })).toHaveLength(10);
  });

  it('scopes a query whose word is everywhere to a small conversation (read directly) and pages it', async () => {
    const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
    const big = await store.createConversation();
    await store.append(big.id, Array.from({ length: 60 }, (_, index) => user(`common ${index}`)));
    const small = await store.createConversation();
    await store.append(small.id, [user('common a'), user('rare b'), user('common c')]);
    expect((await allHits(store, 'common', { conversationId: small.id, limit: 1 })).map((hit) => hit.snippet)).toEqual(['common c', 'common a']);
  });
});

describe('bad input', () => {
  it('returns no hits for a blank query or one without letters or digits', async () => {
    const { store, id } = await storeWith(['anything at all']);
    for (const query of ['', '   ', '\n\t', '!!! ...', '—']) expect(await store.search(query), JSON.stringify(query)).toEqual({ hits: [] });
    expect(await store.search('  ', { conversationId: id })).toEqual({ hits: [] });
  });

  it('throws a TypeError for a query that is not a string', async () => {
    const { store } = await storeWith(['anything']);
    for (const query of [undefined, null, 42, ['a'], { q: 'a' }]) {
      expect(await rejectionOf(store.search(query as unknown as string)), String(query)).toBeInstanceOf(TypeError);
    }
  });

  it('refuses a malformed cursor with invalid_cursor, never a silent first page', async () => {
    const { store } = await storeWith(['a cursor test', 'another cursor test']);
    const { nextCursor } = await store.search('cursor', { limit: 1 });
    for (const cursor of ['', 'garbage', 'nope.1.2.x', nextCursor!.replace(/^s1/, 's9'), nextCursor!.replace(/\.\d+\./, '.x.'), `${nextCursor!.split('.').slice(0, 2).join('.')}.0.x`]) {
      expect(await codeOf(store.search('cursor', { cursor })), cursor).toBe('invalid_cursor');
    }
    expect(await codeOf(store.search('cursor', { cursor: 42 as unknown as string }))).toBe('invalid_cursor');
    const error = await rejectionOf(store.search('cursor', { cursor: 'garbage' }));
    expect((error as Error).message).toMatch(/nextCursor/);
  });

  it('throws not_found for an unknown conversation, also with a blank query', async () => {
    const { store } = await storeWith(['anything']);
    expect(await codeOf(store.search('anything', { conversationId: 'nope' }))).toBe('not_found');
    expect(await codeOf(store.search('', { conversationId: 'nope' }))).toBe('not_found');
    expect(await codeOf(store.search('anything', { conversationId: 42 as unknown as string }))).toBe('not_found');
  });

  it('rejects with aborted when the signal has aborted', async () => {
    const { store } = await storeWith(['anything']);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    expect(await codeOf(store.search('anything', { signal: controller.signal }))).toBe('aborted');
  });

  it('refuses a limit that is not a positive integer', async () => {
    const { store } = await storeWith(['anything']);
    for (const limit of [0, -1, 1.5, Number.NaN, '3']) {
      expect(await rejectionOf(store.search('anything', { limit: limit as number })), String(limit)).toBeInstanceOf(RangeError);
    }
  });
});
