// Importing the same file again (DESIGN §12): each imported conversation keeps its source (app and
// id) under appData['convolog.importedFrom'], and the store skips (default), replaces or duplicates
// a conversation imported before, in one transaction, also when two tabs import at once.
import { describe, expect, it } from 'vitest';
import type { ConversationExport, ConvologStore, ImportOptions } from '../../src/store/index.js';
import { fromChatGPTExport, fromClaudeExport, fromOpenWebUIExport, type ConversationExportV2 } from '../../src/importers/index.js';
import { codeOf, storeFixture } from '../store/store-fixture.js';
import { branchingConversation, conversation, generatedExport, message, text, toolsConversation } from './fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation } from './fixtures/claude-fixtures.js';
import { branchingOpenWebUIChat } from './fixtures/open-webui-fixtures.js';

const stores = storeFixture();
const KEY = 'convolog.importedFrom';

async function importAll(store: ConvologStore, exports: readonly ConversationExportV2[], options?: ImportOptions) {
  const results = [];
  for (const exported of exports) results.push(await store.importConversation(exported as ConversationExport, options));
  return results;
}

async function texts(store: ConvologStore, id: string): Promise<unknown[]> {
  return (await store.entries(id, { allBranches: true })).map((entry) => entry.type === 'message' && entry.message.content);
}

describe('re-importing a file', () => {
  it('the importers keep each conversation\'s source app and id under appData["convolog.importedFrom"]', () => {
    expect(fromChatGPTExport([branchingConversation()]).conversations[0]!.conversation.appData).toEqual({ [KEY]: { app: 'chatgpt', id: 'conv-branches' } });
    expect(fromClaudeExport([linearClaudeConversation()]).conversations[0]!.conversation.appData).toEqual({ [KEY]: { app: 'claude', id: 'claude-linear' } });
    expect(fromOpenWebUIExport([branchingOpenWebUIChat()]).conversations[0]!.conversation.appData).toEqual({ [KEY]: { app: 'open_webui', id: expect.any(String) } });
    // Without a source id there is nothing to recognize it by: no key (its position in the file is no identity).
    const { conversation_id: _a, id: _b, ...anonymous } = branchingConversation();
    expect(fromChatGPTExport([anonymous]).conversations[0]!.conversation.appData).toBeUndefined();
  });

  it('importing the same file twice skips what was imported before, by default, and says so', async () => {
    const store = await stores.open();
    const file = fromChatGPTExport([branchingConversation(), toolsConversation()]).conversations;
    const first = await importAll(store, file);
    expect(first.map((result) => result.outcome)).toEqual(['created', 'created']);
    const again = await importAll(store, file);
    expect(again.map((result) => result.outcome)).toEqual(['skipped', 'skipped']);
    expect(again.map((result) => result.conversation.id)).toEqual(first.map((result) => result.conversation.id));
    expect(again.flatMap((result) => result.warnings)).toEqual([]);
    expect((await store.listConversations()).map((item) => item.title).sort()).toEqual(['Chart my data', 'Trip to Oslo']);
  });

  it('replace swaps the earlier import for the file\'s copy: a fresh id, the old one and what was added to it gone, found again next time', async () => {
    const store = await stores.open();
    const [exported] = fromChatGPTExport([branchingConversation()]).conversations;
    const { conversation: old } = await store.importConversation(exported as ConversationExport);
    await store.append(old.id, [{ role: 'user', content: 'Added after the import' }]);
    const changes: string[] = [];
    store.subscribe((change) => changes.push(`${change.type} ${'conversationId' in change ? change.conversationId : ''}`));
    const replaced = await store.importConversation(exported as ConversationExport, { onReimport: 'replace' });
    expect(replaced).toMatchObject({ outcome: 'replaced', replacedId: old.id });
    expect(replaced.conversation.id).not.toBe(old.id);
    expect(await store.getConversation(old.id)).toBeUndefined();
    expect(await store.listConversations()).toEqual([replaced.conversation]);
    expect(await texts(store, replaced.conversation.id)).not.toContain('Added after the import');
    expect(await texts(store, replaced.conversation.id)).toHaveLength(exported!.entries.length);
    expect(replaced.conversation.appData).toEqual({ [KEY]: { app: 'chatgpt', id: 'conv-branches' } });
    await Promise.resolve();
    expect(changes).toEqual([`conversation_deleted ${old.id}`, `conversation_created ${replaced.conversation.id}`]);
    // The replacement is what a third import finds.
    expect(await store.importConversation(exported as ConversationExport)).toMatchObject({ outcome: 'skipped', conversation: { id: replaced.conversation.id } });
  });

  it('a replace that fails leaves the earlier import whole: nothing half-written', async () => {
    const store = await stores.open();
    const original = conversation('grows', 'Grows', [['root', null, null], ['u1', 'root', message('u1', 'user', text('one'), {}, 1)]], 'u1');
    const { conversation: old } = await store.importConversation(fromChatGPTExport([original]).conversations[0] as ConversationExport);
    // Another chat already holds an entry id the newer export of "Grows" uses: with onConflict 'error' the write fails after the delete.
    await store.importConversation(fromChatGPTExport([conversation('other', 'Other', [['taken', null, message('taken', 'user', text('mine'), {}, 1)]], 'taken')]).conversations[0] as ConversationExport);
    const grown = conversation('grows', 'Grows', [['root', null, null], ['u1', 'root', message('u1', 'user', text('one'), {}, 1)], ['taken', 'u1', message('taken', 'assistant', text('two'), {}, 2)]], 'taken');
    const newer = fromChatGPTExport([grown]).conversations[0] as ConversationExport;
    expect(await codeOf(store.importConversation(newer, { onReimport: 'replace', onConflict: 'error' }))).toBe('duplicate_id');
    expect(await store.getConversation(old.id)).toEqual(old);
    expect(await texts(store, old.id)).toEqual(['one']);
    expect((await store.listConversations()).map((item) => item.title).sort()).toEqual(['Grows', 'Other']);
  });

  it('duplicate imports another copy, as before, and says which conversation it copies', async () => {
    const store = await stores.open();
    const [exported] = fromChatGPTExport([branchingConversation()]).conversations;
    const { conversation: first } = await store.importConversation(exported as ConversationExport);
    const copy = await store.importConversation(exported as ConversationExport, { onReimport: 'duplicate' });
    expect(copy).toMatchObject({ outcome: 'duplicated', duplicateOf: first.id });
    expect(copy.conversation.id).not.toBe(first.id);
    expect(await store.listConversations()).toHaveLength(2);
  });

  it('a conversation imported before convolog kept its source (same id, no key) counts as imported', async () => {
    const store = await stores.open();
    const [exported] = fromChatGPTExport([branchingConversation()]).conversations;
    const legacy = { ...exported!, conversation: { ...exported!.conversation, appData: undefined } };
    await store.importConversation(legacy as ConversationExport);
    expect((await store.importConversation(exported as ConversationExport)).outcome).toBe('skipped');
    expect(await store.listConversations()).toHaveLength(1);
  });

  it('two tabs importing the same file at once end with one copy of each conversation', async () => {
    const name = stores.name();
    const [tabA, tabB] = [await stores.open({ name }), await stores.open({ name })];
    const file = fromChatGPTExport(generatedExport(6, 2)).conversations;
    const [a, b] = await Promise.all([importAll(tabA, file), importAll(tabB, file)]);
    const outcomes = a.map((result, index) => [result.outcome, b[index]!.outcome].sort().join('+'));
    expect(outcomes).toEqual(Array(6).fill('created+skipped'));
    expect(await tabA.listConversations()).toHaveLength(6);
    // Both tabs replacing at once: still one copy each, and each copy whole.
    await Promise.all([importAll(tabA, file, { onReimport: 'replace' }), importAll(tabB, file, { onReimport: 'replace' })]);
    const listed = await tabB.listConversations();
    expect(listed).toHaveLength(6);
    for (const item of listed) expect(await tabB.entries(item.id, { allBranches: true })).toHaveLength(5);
  });
});
