import { describe, expect, it } from 'vitest';
import { detectExportFormat, fromClaudeExport } from '../../src/importers/index.js';
import { linearClaudeConversation, linkedClaudeConversation } from './fixtures/claude-fixtures.js';
import { expectWellFormed, headTranscript, leaves, textOf } from './tree-checks.js';

describe('fromClaudeExport', () => {
  it('rebuilds branches from parent_message_uuid, the all-zero uuid being the root', () => {
    const { conversations: [result] } = fromClaudeExport(JSON.stringify([linkedClaudeConversation()]));
    expectWellFormed(result!);
    expect(result!.entries.filter((entry) => entry.parentId === null).map((entry) => entry.id)).toEqual(['h1', 'h1b']);
    expect(leaves(result!).map((leaf) => leaf.id)).toEqual(['a1', 'a1b']);
    // The data export does not say which branch was open: the head is left to the store (the newest leaf).
    expect(result!.conversation.headId).toBeNull();
  });

  it('keeps text and thinking, carries pasted attachments as text, and reports claude.ai tools and files it leaves out', () => {
    const { conversations: [result], warnings } = fromClaudeExport([linkedClaudeConversation()]);
    const [question, answer] = result!.entries;
    expect(question!.message).toEqual({ role: 'user', content: [
      { type: 'text', text: 'Plan a sourdough bake for Saturday' }, { type: 'text', text: '[Attachment: recipe.txt]\n500 g flour, 350 g water' },
    ] });
    expect(answer!.message).toEqual({ role: 'assistant', content: [
      { type: 'reasoning', text: 'Count back from Saturday morning.' }, { type: 'text', text: 'Feed the starter Friday night.' },
    ] });
    expect(warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([['dropped_block', 0], ['dropped_block', 1], ['dropped_block', 1]]);
    expect(warnings[0]!.message).toBe('In “Sourdough schedule” (claude-linked): the file "kitchen.jpg" was left out: the export holds it only by reference to claude.ai');
    expect(warnings[1]!.message).toMatch(/built-in "web_search" tool was left out/);
  });

  it('keeps title and times, microseconds cut to milliseconds', () => {
    const { conversations: [result] } = fromClaudeExport([linkedClaudeConversation()]);
    expect(result!.conversation).toMatchObject({ id: 'claude-linked', title: 'Sourdough schedule', createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-01T11:00:00.000Z' });
    expect(result!.entries[0]!.timestamp).toBe('2025-03-01T10:00:00.100Z');
  });

  it('chains an older export without parent links in order, skipping an empty answer, head on the last message', () => {
    const { conversations: [result], warnings } = fromClaudeExport([linearClaudeConversation()]);
    expectWellFormed(result!);
    expect(headTranscript(result!)).toEqual(['user: Write a haiku', 'assistant: Autumn moonlight—', 'user: Another']);
    expect(result!.conversation.headId).toBe('l3');
    expect(warnings).toEqual([]);
  });

  it('skips a conversation whose message text is not text, keeping the others', () => {
    const bad = linearClaudeConversation();
    (bad.chat_messages as Record<string, unknown>[])[1]!.text = 42;
    const { conversations, warnings } = fromClaudeExport([bad, linkedClaudeConversation()]);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['claude-linked']);
    expect(warnings[0]).toMatchObject({ code: 'skipped_conversation', conversationTitle: 'Haiku', path: [0, 'chat_messages', 1, 'text'] });
    expect(warnings[0]!.message).toMatch(/Expected the message text to be text, found a number/);
    expect(textOf(conversations[0]!.entries[0]!.message)).toContain('Saturday');
  });

  it('is detected as claude', () => {
    expect(detectExportFormat(JSON.stringify([linearClaudeConversation()]))).toBe('claude');
  });
});
