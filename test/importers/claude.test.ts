import { describe, expect, it } from 'vitest';
import { detectExportFormat, fromClaudeExport } from '../../src/importers/index.js';
import { claudeMessage, linearClaudeConversation, linkedClaudeConversation, textBlock } from './fixtures/claude-fixtures.js';
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

  it('an unreadable item in chat_messages (null, a number, a string, an object without sender and content) is a dropped_message; the rest of the conversation imports', () => {
    for (const unreadable of [null, 42, 'hello', {}, { uuid: 'x1' }, { sender: 'human', text: 'no uuid' }]) {
      const conversation = linearClaudeConversation();
      (conversation.chat_messages as unknown[]).splice(1, 0, unreadable);
      const { conversations: [result], warnings } = fromClaudeExport([conversation]);
      expectWellFormed(result!);
      expect(headTranscript(result!)).toEqual(['user: Write a haiku', 'assistant: Autumn moonlight—', 'user: Another']);
      expect(warnings).toEqual([expect.objectContaining({ code: 'dropped_message', messageIndex: 1, conversationId: 'claude-linear', conversationTitle: 'Haiku' })]);
      expect(warnings[0]!.message).toMatch(/^In “Haiku” \(claude-linear\): message 2 was left out: /);
    }
  });

  it('a message whose text is not text is dropped with the reason, and its conversation and the others import', () => {
    const bad = linearClaudeConversation();
    (bad.chat_messages as Record<string, unknown>[])[1]!.text = 42;
    const { conversations, warnings } = fromClaudeExport([bad, linkedClaudeConversation()]);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['claude-linear', 'claude-linked']);
    expect(headTranscript(conversations[0]!)).toEqual(['user: Write a haiku', 'user: Another']);
    expect(warnings[0]).toMatchObject({ code: 'dropped_message', conversationTitle: 'Haiku', messageIndex: 1 });
    expect(warnings[0]!.message).toMatch(/Expected the message text to be text, found a number \(at \[0\]\.chat_messages\[1\]\.text\)/);
    expect(textOf(conversations[1]!.entries[0]!.message)).toContain('Saturday');
  });

  it('in a linked export, the children of an unreadable message without a uuid follow the message listed before them', () => {
    const conversation = linkedClaudeConversation();
    const messages = conversation.chat_messages as unknown[];
    // a1 (the answer h1 got) is unreadable; its child h2, listed next (the export lists messages in time order), follows h1.
    messages.splice(1, 1, null, claudeMessage('h2', 'human', [textBlock('And Sunday?')], { parent: 'a1', created_at: '2025-03-01T10:01:00.000000Z' }));
    const { conversations: [result], warnings } = fromClaudeExport([conversation]);
    expectWellFormed(result!);
    expect(result!.entries.find((entry) => entry.id === 'h2')!.parentId).toBe('h1');
    expect(warnings.filter((warning) => warning.code === 'dropped_message')).toEqual([expect.objectContaining({ messageIndex: 1 })]);
  });

  it('is detected as claude', () => {
    expect(detectExportFormat(JSON.stringify([linearClaudeConversation()]))).toBe('claude');
  });
});
