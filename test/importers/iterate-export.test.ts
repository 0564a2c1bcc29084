import { describe, expect, it } from 'vitest';
import { fromChatGPTExport, iterateExport } from '../../src/importers/index.js';
import { branchingConversation, generatedExport, toolsConversation } from './fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation } from './fixtures/claude-fixtures.js';

describe('iterateExport', () => {
  it('yields one conversation at a time with its index and the total, for a progress bar', () => {
    const items = [...iterateExport(JSON.stringify(generatedExport(5, 3)), 'chatgpt')];
    expect(items.map((item) => [item.index, item.total, item.conversation?.conversation.id])).toEqual([
      [0, 5, 'gen-0'], [1, 5, 'gen-1'], [2, 5, 'gen-2'], [3, 5, 'gen-3'], [4, 5, 'gen-4'],
    ]);
  });

  it('converts lazily: nothing after the current conversation is parsed or converted yet', () => {
    const textJson = `[${JSON.stringify(branchingConversation())}, {"mapping": {"a" 1}}]`;
    const iterator = iterateExport(textJson, 'chatgpt');
    expect(iterator.next().value).toMatchObject({ index: 0, total: 2, conversation: { conversation: { id: 'conv-branches' } } });
    expect(iterator.next().value).toMatchObject({ index: 1, warnings: [expect.objectContaining({ code: 'skipped_conversation' })] });
    expect(iterator.next().done).toBe(true);
  });

  it('gives the same conversations as fromChatGPTExport, from text with a byte-order mark and blank space', () => {
    const value = [branchingConversation(), toolsConversation()];
    const items = [...iterateExport(`\uFEFF \n${JSON.stringify(value, null, 2)}\n`, 'chatgpt')];
    expect(items.map((item) => item.conversation)).toEqual(fromChatGPTExport(value).conversations);
  });

  it('an empty export yields nothing; a wrong format throws before yielding', () => {
    expect([...iterateExport('[]', 'claude')]).toEqual([]);
    expect(() => iterateExport(JSON.stringify([linearClaudeConversation()]), 'open_webui').next())
      .toThrow(expect.objectContaining({ code: 'invalid_history', path: [0], message: expect.stringMatching(/not a Open WebUI export.*Claude export/) }));
  });
});

describe('iterateExport: empty conversations', () => {
  it('skips a conversation with nothing convolog can carry, saying so', () => {
    const { conversations, warnings } = fromChatGPTExport([{ title: 'Only a root', conversation_id: 'empty', mapping: { root: { id: 'root', parent: null, children: [], message: null } }, current_node: 'root' }]);
    expect(conversations).toEqual([]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'skipped_conversation', conversationId: 'empty', message: 'Skipped “Only a root” (empty): it holds no message convolog can carry.' })]);
  });
});
