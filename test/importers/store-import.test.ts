// The importers' output through the store's one trust boundary: store.importConversation takes
// every converted conversation (untrusted, its default), every branch is resumable, and the head
// is on a leaf: the branch the user last had, or the newest leaf below it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validate.js';
import type { ConversationExport, ConvologStore } from '../../src/store/index.js';
import {
  fromChatGPTExport, fromClaudeExport, fromOpenWebUIExport, iterateExport, type ConversationExportV2,
} from '../../src/importers/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { branchingConversation, browsingConversation, conversation, generatedExport, message, text, toolsConversation } from './fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation, linkedClaudeConversation } from './fixtures/claude-fixtures.js';
import { branchingOpenWebUIChat } from './fixtures/open-webui-fixtures.js';
import { leaves } from './tree-checks.js';

const stores = storeFixture();

// The importers' structural type is the store's v2 export: this line fails to compile if they drift apart.
const asStoreExport = (exported: ConversationExportV2): ConversationExport => exported;

/** Imports `exported` and checks what the store holds: every branch, each resumable, the head on a leaf. */
async function importAndCheck(store: ConvologStore, exported: ConversationExportV2): Promise<{ id: string; head: string[] }> {
  const { conversation } = await store.importConversation(asStoreExport(exported));
  const all = await store.entries(conversation.id, { allBranches: true });
  expect(all).toHaveLength(exported.entries.length);
  const storedLeaves = all.filter((entry) => !all.some((other) => other.parentId === entry.id));
  expect(storedLeaves).toHaveLength(leaves(exported).length);
  for (const leaf of storedLeaves) {
    const path = await store.entries(conversation.id, { leafId: leaf.id });
    expect(validate(path.flatMap((entry) => (entry.type === 'message' ? [entry.message] : [])), 'resumable')).toEqual([]);
  }
  const headId = conversation.headId!;
  expect(await store.children(conversation.id, headId)).toEqual([]);
  const head = await store.entries(conversation.id);
  expect(head.at(-1)!.id).toBe(headId);
  return { id: conversation.id, head: head.map((entry) => (entry.type === 'message' ? entry.message.role : 'compaction')) };
}

describe('store.importConversation takes what the importers produce', () => {
  it('every fixture conversation of every format, untrusted, with the head on the branch the user last had', async () => {
    const store = await stores.open();
    const all = [
      ...fromChatGPTExport([branchingConversation(), toolsConversation(), browsingConversation()]).conversations,
      ...fromClaudeExport([linkedClaudeConversation(), linearClaudeConversation()]).conversations,
      ...fromOpenWebUIExport([branchingOpenWebUIChat()]).conversations,
    ];
    for (const exported of all) await importAndCheck(store, exported);
    const oslo = (await store.listConversations()).find((item) => item.title === 'Trip to Oslo')!;
    expect(oslo.createdAt).toBe('2024-05-29T16:26:40.250Z');
    const headBranch = await store.entries(oslo.id);
    expect(headBranch.map((entry) => entry.type === 'message' && entry.message.content)).toEqual([
      'Plan a weekend in Oslo', [{ type: 'text', text: 'Saturday: Vigeland park. Sunday: a ferry.' }], 'And where to eat?', [{ type: 'text', text: 'Try Mathallen.' }],
    ]);
    expect((await store.forks(oslo.id)).map((fork) => fork.childIds.length)).toEqual([2, 2]);
  });

  it('a multi-conversation export streams into the store conversation by conversation', async () => {
    const store = await stores.open();
    let imported = 0;
    for (const item of iterateExport(JSON.stringify(generatedExport(12, 4)), 'chatgpt')) {
      await importAndCheck(store, item.conversation!);
      imported++;
    }
    expect(imported).toBe(12);
    expect(await store.listConversations()).toHaveLength(12);
  });

  it('property: random ChatGPT trees import with every branch resumable and the head on a leaf', async () => {
    const store = await stores.open();
    const kinds = [
      (id: string, offset: number) => message(id, 'user', text(`q ${id}`), {}, offset),
      (id: string, offset: number) => message(id, 'assistant', text(`a ${id}`), {}, offset),
      (id: string, offset: number) => message(id, 'assistant', { content_type: 'code', text: 'print(1)' }, { recipient: 'python' }, offset),
      (id: string, offset: number) => message(id, 'tool', { content_type: 'execution_output', text: '1' }, { authorName: 'python' }, offset),
      (id: string, offset: number) => message(id, 'tool', { content_type: 'tether_quote', text: 'q' }, { authorName: 'web' }, offset),
      (id: string, offset: number) => message(id, 'system', text(''), { metadata: { is_visually_hidden_from_conversation: true } }, offset),
      () => null,
    ];
    let run = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ parent: fc.nat(), kind: fc.nat({ max: kinds.length - 1 }), offset: fc.integer({ min: 0, max: 30 }) }), { minLength: 1, maxLength: 25 }),
      fc.nat(),
      async (shape, headPick) => {
        run++;
        const rows = shape.map((node, index): [string, string | null, Record<string, unknown> | null] =>
          [`r${run}-n${index}`, index === 0 ? null : `r${run}-n${node.parent % index}`, kinds[node.kind]!(`r${run}-n${index}`, node.offset)]);
        const { conversations: [exported], warnings } = fromChatGPTExport([conversation(`p${run}`, 'Random', rows, rows[headPick % rows.length]![0])]);
        if (exported === undefined) { // nothing visible: skipped, and said so
          expect(warnings.at(-1)).toMatchObject({ code: 'skipped_conversation', message: expect.stringMatching(/holds no message convolog can carry/) });
          return;
        }
        await importAndCheck(store, exported);
      },
    ), { numRuns: 60 });
  });
});
