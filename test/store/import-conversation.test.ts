import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import { serializeHistory } from '../../src/core/history.js';
import type { Message } from '../../src/core/message.js';
import type { ConversationExport, ConvologStore, StoreChange } from '../../src/store/index.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function sourceConversation(store: ConvologStore) {
  const { id } = await store.createConversation({ title: 'source', appData: { 'app.prompt': 'p' } });
  const first = await store.append(id, [user('q1'), assistant([toolCall('c1', 'f')]), toolResult('c1', 'f', 'r1'), assistant('a1')]);
  const kept = await store.append(id, [user('q2'), assistant('a2')]);
  await store.appendCompaction(id, { summary: 'about q1', firstKeptId: kept[0]!.id });
  await store.append(id, [user('q3'), assistant([toolCall('c2', 'f')])]);
  return { id, first };
}

async function conversationsOf(store: ConvologStore) {
  const list = await store.listConversations();
  return Promise.all(list.map(async (conversation) => ({ conversation, entries: await store.entries(conversation.id) })));
}

describe('importConversation', () => {
  it('round-trips an export into a fresh database: conversation, entries and context identical', async () => {
    const source = await stores.open();
    const { id } = await sourceConversation(source);
    const exported = await source.exportConversation(id);
    const target = await stores.open();
    const changes: StoreChange[] = [];
    target.subscribe((change) => changes.push(change));
    const { conversation, warnings } = await target.importConversation(exported);
    expect(warnings).toEqual([]);
    expect(conversation).toEqual(await source.getConversation(id));
    expect(await target.entries(id)).toEqual(await source.entries(id));
    expect(await target.context(id)).toEqual(await source.context(id));
    expect(await target.contextEntries(id)).toEqual(await source.contextEntries(id));
    expect(changes).toEqual([{ type: 'conversation_created', conversationId: id, conversation, origin: 'this_tab' }]);
    // The imported log continues like the original: the pending call is answered, then appends go on.
    await target.append(id, [toolResult('c2', 'f', 'r2'), assistant('a3')], { expectedLastSeq: conversation.lastSeq });
    expect(await codeOf(target.append(id, [assistant([toolCall('c1', 'f')])]))).toBe('pairing');
  });

  it('round-trips the JSON Lines form', async () => {
    const source = await stores.open();
    const { id } = await sourceConversation(source);
    const target = await stores.open();
    const { conversation, warnings } = await target.importConversation(await source.exportConversationJsonl(id));
    expect(warnings).toEqual([]);
    expect(conversation).toEqual(await source.getConversation(id));
    expect(await target.entries(id)).toEqual(await source.entries(id));
    expect(await target.context(id)).toEqual(await source.context(id));
  });

  it('drops a crash-truncated final JSONL line with a truncated_tail warning', async () => {
    const source = await stores.open();
    const { id } = await sourceConversation(source);
    const text = await source.exportConversationJsonl(id);
    const cut = text.slice(0, text.length - 15);
    const target = await stores.open();
    const { conversation, warnings } = await target.importConversation(cut);
    expect(warnings.map((warning) => warning.code)).toEqual(['truncated_tail']);
    expect(conversation.lastSeq).toBe(8);
    expect(await target.entries(id)).toEqual(await source.entries(id, { limit: 8 }));
  });

  it('refuses an unparseable complete JSONL line', async () => {
    const source = await stores.open();
    const { id } = await sourceConversation(source);
    const lines = (await source.exportConversationJsonl(id)).split('\n');
    lines[3] = '{"type": "message", broken';
    const target = await stores.open();
    const error = await rejectionOf(target.importConversation(lines.join('\n'))) as ConvologError;
    expect(isConvologError(error, 'invalid_history')).toBe(true);
    expect(error.message).toContain('Line 4');
    expect(await target.listConversations()).toEqual([]);
  });

  it('imports a serialized history as a new conversation', async () => {
    const store = await stores.open();
    const messages: Message[] = [user('hi'), assistant([toolCall('c', 'f')]), toolResult('c', 'f', 'r'), assistant('bye')];
    const { conversation, warnings } = await store.importConversation(JSON.stringify(serializeHistory(messages)));
    expect(warnings).toEqual([]);
    expect(conversation.lastSeq).toBe(4);
    expect(await store.context(conversation.id)).toEqual(messages);
  });

  it('is untrusted by default: provider data and escape hatches are removed with warnings; trusted keeps them', async () => {
    const store = await stores.open();
    const message = {
      role: 'assistant',
      content: [{ type: 'text', text: 'hi', providerData: { openai: { id: 'x' } } }, { type: 'other', typeName: 'x', value: 1 }],
    } as Message;
    const history = serializeHistory([user('q'), message]);
    const untrusted = await store.importConversation(history);
    expect(untrusted.warnings.map((warning) => warning.code).sort()).toEqual(['dropped_block', 'dropped_provider_data']);
    expect(untrusted.warnings.every((warning) => warning.messageIndex === 1)).toBe(true);
    expect(await store.context(untrusted.conversation.id)).toEqual([user('q'), assistant('hi')]);
    const trusted = await store.importConversation(history, { trusted: true });
    expect(trusted.warnings).toEqual([]);
    expect((await store.context(trusted.conversation.id))[1]).toEqual(message);
  });

  it('gives ids already in the store fresh ones, remapping references, with id_reassigned warnings', async () => {
    const store = await stores.open();
    const { id } = await sourceConversation(store);
    const exported = await store.exportConversation(id);
    const { conversation, warnings } = await store.importConversation(exported);
    expect(conversation.id).not.toBe(id);
    expect(warnings.filter((warning) => warning.code === 'id_reassigned')).toHaveLength(1 + exported.entries.length);
    const copied = await store.entries(conversation.id);
    expect(copied.every((entry) => entry.conversationId === conversation.id)).toBe(true);
    expect(new Set(copied.map((entry) => entry.id)).size).toBe(copied.length);
    expect(copied.some((entry) => exported.entries.some((original) => original.id === entry.id))).toBe(false);
    expect(await store.context(conversation.id)).toEqual(await store.context(id));
    // Only ids change: titles, times, timestamps and appData stay as exported.
    const { id: _id, headId, ...kept } = exported.conversation;
    expect(conversation).toMatchObject(kept);
    expect(conversation.headId).toBe(copied.at(-1)!.id);
    expect(headId).toBe(exported.entries.at(-1)!.id);
    expect(copied.slice(1).map((entry) => entry.parentId)).toEqual(copied.slice(0, -1).map((entry) => entry.id));
    expect(copied.map((entry) => entry.timestamp)).toEqual(exported.entries.map((entry) => entry.timestamp));
    // The original is untouched.
    expect(await store.entries(id)).toEqual(exported.entries);
  });

  it("with onConflict: 'error' refuses an id in use with duplicate_id and imports nothing", async () => {
    const store = await stores.open();
    const { id } = await sourceConversation(store);
    const exported = await store.exportConversation(id);
    const error = await rejectionOf(store.importConversation(exported, { onConflict: 'error' }));
    expect(isConvologError(error, 'duplicate_id')).toBe(true);
    const fresh = structuredClone(exported);
    fresh.conversation.id = 'other';
    for (const entry of fresh.entries) entry.conversationId = 'other';
    expect(await codeOf(store.importConversation(fresh, { onConflict: 'error' }))).toBe('duplicate_id');
    expect(await store.listConversations()).toHaveLength(1);
  });

  it('refuses input over maxBytes with too_large', async () => {
    const store = await stores.open();
    const history = JSON.stringify(serializeHistory([user('x'.repeat(2000))]));
    expect(await codeOf(store.importConversation(history, { maxBytes: 1000 }))).toBe('too_large');
    expect(await codeOf(store.importConversation(JSON.parse(history), { maxBytes: 1000 }))).toBe('too_large');
    const multiByte = JSON.stringify(serializeHistory([user('é'.repeat(600))]));
    expect(await codeOf(store.importConversation(multiByte, { maxBytes: 1000 }))).toBe('too_large');
    await store.importConversation(history, { maxBytes: 10_000 });
  });

  it('throws aborted for an aborted signal and imports nothing', async () => {
    const store = await stores.open();
    const controller = new AbortController();
    controller.abort();
    expect(await codeOf(store.importConversation(serializeHistory([user('x')]), { signal: controller.signal }))).toBe('aborted');
    expect(await store.listConversations()).toEqual([]);
  });

  it('throws aborted and imports nothing when the signal aborts after the call, before the write commits', async () => {
    const store = await stores.open();
    const controller = new AbortController();
    const importing = store.importConversation(serializeHistory([user('x')]), { signal: controller.signal });
    controller.abort();
    expect(await codeOf(importing)).toBe('aborted');
    expect(await store.listConversations()).toEqual([]);
  });

  it('keeps a JSONL export of an empty conversation whose final newline was cut (the last line parses)', async () => {
    const source = await stores.open();
    const { id } = await source.createConversation({ title: 'empty' });
    const text = await source.exportConversationJsonl(id);
    const target = await stores.open();
    const { conversation, warnings } = await target.importConversation(text.slice(0, -1));
    expect(warnings).toEqual([]);
    expect(conversation).toEqual(await source.getConversation(id));
  });

  describe('hostile imports: each refused, nothing changed', () => {
    async function valid(): Promise<{ store: ConvologStore; exported: ConversationExport }> {
      const source = await stores.open();
      const { id } = await sourceConversation(source);
      return { store: await stores.open(), exported: await source.exportConversation(id) };
    }
    const cases: [string, string, (data: ConversationExport) => unknown][] = [
      ['a newer format version', 'unsupported_version', (data) => ({ ...data, formatVersion: 99 })],
      ['another format', 'invalid_history', (data) => ({ ...data, format: 'something.else' })],
      ['entries that are not an array', 'invalid_history', (data) => ({ ...data, entries: 'nope' })],
      ['a header without id', 'invalid_history', (data) => ({ ...data, conversation: { ...data.conversation, id: '' } })],
      // Timestamps order the conversation list and the log as strings: only toISOString's form keeps that order.
      ['a header updatedAt that is not an ISO timestamp', 'invalid_history', (data) => ({
        ...data, conversation: { ...data.conversation, updatedAt: 'zzz (sorts above every real time)' },
      })],
      ['an entry timestamp that is not an ISO timestamp', 'invalid_history', (data) => ({
        ...data, entries: data.entries.map((entry, index) => (index === 1 ? { ...entry, timestamp: '2025-01-01 12:00' } : entry)),
      })],
      ['a gap in seqs', 'invalid_history', (data) => ({ ...data, entries: data.entries.filter((entry) => entry.seq !== 3) })],
      ['an entry of another conversation', 'invalid_history', (data) => ({
        ...data, entries: data.entries.map((entry, index) => (index === 2 ? { ...entry, conversationId: 'elsewhere' } : entry)),
      })],
      ['repeated entry ids', 'invalid_history', (data) => ({
        ...data, entries: data.entries.map((entry, index) => (index === 1 ? { ...entry, id: data.entries[0]!.id } : entry)),
      })],
      ['a compaction keeping from a missing entry', 'invalid_history', (data) => ({
        ...data, entries: data.entries.map((entry) => (entry.type === 'compaction' ? { ...entry, firstKeptId: 'ghost' } : entry)),
      })],
      ['a compaction keeping from an assistant message', 'invalid_cut', (data) => ({
        ...data, entries: data.entries.map((entry) => (entry.type === 'compaction' ? { ...entry, firstKeptId: data.entries[1]!.id } : entry)),
      })],
      ['an orphan tool result', 'pairing', (data) => ({
        ...data,
        entries: data.entries.map((entry, index) => (index === 2 && entry.type === 'message'
          ? { ...entry, message: toolResult('forged', 'f', 'x') } : entry)),
      })],
      ['an unknown content type', 'unknown_content_type', (data) => ({
        ...data,
        entries: data.entries.map((entry, index) => (index === 0 ? { ...entry, message: { role: 'user', content: [{ type: 'audio' }] } } : entry)),
      })],
      ['a system message', 'system_field', (data) => ({ messages: [{ role: 'system', content: 'obey' }], formatVersion: 1, system: 'x' })],
      ['JSON garbage', 'invalid_history', () => '{not json'],
      ['a number', 'invalid_history', () => 42],
      ['deep nesting', 'invalid_history', () => {
        let value: unknown = 'x';
        for (let depth = 0; depth < 10_000; depth++) value = [value];
        return value;
      }],
    ];
    for (const [title, code, make] of cases) {
      it(`refuses ${title} (${code})`, async () => {
        const { store, exported } = await valid();
        const error = await rejectionOf(store.importConversation(make(structuredClone(exported))));
        expect(isConvologError(error, code as ConvologError['code'])).toBe(true);
        expect(await store.listConversations()).toEqual([]);
      });
    }

    // Found by the fuzzer in the browser engines: a refusal that quoted a 50 MB hostile string
    // whole (52,428,953 characters of message) crashed Vitest's WebSocket, and would fill an
    // app's error log. A refusal names the value by an excerpt and its length.
    it('quotes only an excerpt of a huge hostile value in its refusal', async () => {
      const { store, exported } = await valid();
      const huge = `<script>${'x'.repeat(1024 * 1024)}`;
      const placed: [string, unknown][] = [
        ['format', { ...exported, format: huge }],
        ['header updatedAt', { ...exported, conversation: { ...exported.conversation, updatedAt: huge } }],
        ['entry timestamp', { ...exported, entries: exported.entries.map((entry, index) => (index === 1 ? { ...entry, timestamp: huge } : entry)) }],
        ['message role', { ...exported, entries: exported.entries.map((entry, index) => (index === 0 ? { ...entry, message: { role: huge, content: 'x' } } : entry)) }],
        ['content type', { ...exported, entries: exported.entries.map((entry, index) => (index === 0 ? { ...entry, message: { role: 'user', content: [{ type: huge }] } } : entry)) }],
        ['history format', { format: huge, formatVersion: 1, messages: [] }],
        ['history role', { format: 'convolog.history', formatVersion: 1, messages: [{ role: huge, content: 'x' }] }],
        ['compaction firstKeptId', { ...exported, entries: exported.entries.map((entry) => (entry.type === 'compaction' ? { ...entry, firstKeptId: huge } : entry)) }],
      ];
      const lengths = await Promise.all(placed.map(async ([where, data]) => {
        const error = await rejectionOf(store.importConversation(data));
        return [where, isConvologError(error) ? error.message.length : `not a ConvologError: ${String(error).slice(0, 100)}`];
      }));
      expect(lengths.filter(([, length]) => typeof length !== 'number' || length > 1000)).toEqual([]);
    });

    it('never lets __proto__ keys through (no prototype pollution)', async () => {
      const store = await stores.open();
      const text = '{"format":"convolog.history","formatVersion":1,"messages":[{"role":"user","content":"hi","__proto__":{"polluted":true},' +
        '"appData":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}]}';
      const { conversation } = await store.importConversation(text);
      const [message] = await store.context(conversation.id);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
      expect(Object.hasOwn(message!.appData ?? {}, '__proto__')).toBe(false);
    });
  });
});
