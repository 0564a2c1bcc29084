import { describe, expect, it } from 'vitest';
import { detectExportFormat, fromChatGPTExport } from '../../src/importers/index.js';
import { browsingConversation, branchingConversation, conversation, message, text, toolsConversation } from './fixtures/chatgpt-fixtures.js';
import { expectWellFormed, headTranscript, leaves, pathTo, textOf } from './tree-checks.js';

const convert = (...conversations: unknown[]) => fromChatGPTExport(JSON.stringify(conversations));

describe('fromChatGPTExport: branches', () => {
  const { conversations: [result], warnings } = convert(branchingConversation());

  it('keeps every branch of the mapping and opens the one current_node names', () => {
    expectWellFormed(result!);
    expect(leaves(result!).map((leaf) => textOf(leaf.message))).toEqual([
      'Take the train from Bergen.', '(thinking: Two days: museums, then the fjord.) | Day 1: museums. Day 2: the fjord.', 'Try Mathallen.',
    ]);
    expect(headTranscript(result!)).toEqual([
      'user: Plan a weekend in Oslo', 'assistant: Saturday: Vigeland park. Sunday: a ferry.', 'user: And where to eat?', 'assistant: Try Mathallen.',
    ]);
  });

  it('skips the empty root and the hidden system and context nodes, re-parenting their children as roots', () => {
    const roots = result!.entries.filter((entry) => entry.parentId === null);
    expect(roots.map((entry) => textOf(entry.message))).toEqual(['Plan a trip to Oslo', 'Plan a weekend in Oslo']);
    expect(result!.entries.map((entry) => entry.id)).not.toContain('system');
    expect(warnings).toEqual([]); // hidden by ChatGPT itself: nothing the user saw is lost
  });

  it('folds thoughts, the recap and the answer of one turn into one assistant message with reasoning', () => {
    const answer = result!.entries.find((entry) => entry.id === 'a2-think')!;
    expect(answer.message).toEqual({ role: 'assistant', content: [
      { type: 'reasoning', text: 'Two days: museums, then the fjord.' }, { type: 'text', text: 'Day 1: museums. Day 2: the fjord.' },
    ] });
  });

  it('keeps the title and turns UNIX seconds into ISO times to the millisecond', () => {
    expect(result!.conversation).toMatchObject({ id: 'conv-branches', title: 'Trip to Oslo', createdAt: '2024-05-29T16:26:40.250Z', updatedAt: '2024-05-29T16:35:00.250Z' });
    expect(result!.entries[0]!.timestamp).toBe('2024-05-29T16:26:41.250Z');
  });

  it('orders siblings by time, parents first', () => {
    expect(result!.entries.map((entry) => entry.id)).toEqual(['u1', 'a1', 'u1-edit', 'a2-think', 'a3', 'u2', 'a4']);
  });
});

describe('fromChatGPTExport: built-in tools never become unpaired tool results', () => {
  it('keeps python code and its output as text in one answer, drops the image pointer, with warnings naming the chat', () => {
    const { conversations: [result], warnings } = convert(toolsConversation());
    expectWellFormed(result!);
    expect(result!.entries.map((entry) => entry.message.role)).toEqual(['user', 'assistant']);
    expect(result!.entries[0]!.message).toEqual({ role: 'user', content: 'What is in this table? Sum column B.' });
    expect(textOf(result!.entries[1]!.message)).toBe('```python\nimport pandas as pd\nprint(2 + 3)\n``` | Output:\n```\n5\n``` | Column B sums to 5.');
    expect(warnings.map((warning) => warning.code)).toEqual(['dropped_block', 'dropped_block', 'dropped_block']);
    expect(warnings[0]!.message).toMatch(/“Chart my data” \(conv-tools\).*an image \(file-service:\/\/file-abc\)/);
    expect(warnings.every((warning) => warning.conversationId === 'conv-tools' && warning.conversationTitle === 'Chart my data')).toBe(true);
  });

  it('drops browsing calls, displays and quotes, and resolves both kinds of citation', () => {
    const { conversations: [result], warnings } = convert(browsingConversation());
    expectWellFormed(result!);
    expect(result!.entries.flatMap((entry) => entry.message.role === 'tool' ? [entry] : [])).toEqual([]);
    expect(headTranscript(result!)).toEqual([
      'user: Who acquired Signal Sciences?',
      'assistant: Fastly bought it in 2020. ([Fastly](https://example.com/fastly)) It became Next-Gen WAF【3†source】.',
      'user: When exactly?',
      'assistant: In October 2020 ([Fastly press](https://example.com/press)).',
      'user: Write me a long essay about it',
      'assistant: Signal Sciences was founded in',
    ]);
    expect(warnings.map((warning) => [warning.code, warning.message.replace(/^In .*?: /, '')])).toEqual([
      ['dropped_message', 'a call of ChatGPT\'s built-in "web.run" tool was left out (internal tool traffic with no client tool call)'],
      ['dropped_message', 'the "tether_browsing_display" output of ChatGPT\'s built-in "web.run" tool was left out (internal tool traffic with no client tool call)'],
      ['dropped_message', 'the "tether_quote" output of ChatGPT\'s built-in "web.run" tool was left out (internal tool traffic with no client tool call)'],
    ]);
  });

  it('keeps what an interrupted (in_progress) answer had written, on the head branch', () => {
    const { conversations: [result] } = convert(browsingConversation());
    expect(result!.conversation.headId).toBe('a3');
    expect(textOf(pathTo(result!, 'a3').at(-1)!.message)).toBe('Signal Sciences was founded in');
  });

  it('leaves out a visible system message and a DALL-E image, with warnings', () => {
    const { conversations: [result], warnings } = convert(conversation('c', 'Draw', [
      ['root', null, null],
      ['sys', 'root', message('sys', 'system', text('You are a pirate.'))],
      ['u', 'sys', message('u', 'user', text('Draw a cat'), {}, 1)],
      ['call', 'u', message('call', 'assistant', { content_type: 'code', language: 'json', text: '{"prompt":"cat"}' }, { recipient: 'dalle.text2im' }, 2)],
      ['img', 'call', message('img', 'tool', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_1' }] }, { authorName: 'dalle.text2im' }, 3)],
      ['a', 'img', message('a', 'assistant', text('Here is your cat.'), {}, 4)],
    ], 'a'));
    expectWellFormed(result!);
    expect(headTranscript(result!)).toEqual(['user: Draw a cat', 'assistant: Here is your cat.']);
    expect(warnings.map((warning) => warning.code)).toEqual(['dropped_message', 'dropped_message', 'dropped_block']);
  });
});

describe('fromChatGPTExport: bad input', () => {
  it('skips one bad conversation with a warning naming it and keeps the others', () => {
    const { conversations, warnings } = convert(branchingConversation(), { title: 'Corrupted entry', conversation_id: 'conv-bad', create_time: 1 }, toolsConversation());
    expect(conversations.map((result) => result.conversation.id)).toEqual(['conv-branches', 'conv-tools']);
    const skipped = warnings.filter((warning) => warning.code === 'skipped_conversation');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ conversationId: 'conv-bad', conversationTitle: 'Corrupted entry', path: [1, 'mapping'] });
    expect(skipped[0]!.message).toMatch(/Skipped “Corrupted entry” \(conv-bad\): Expected the `mapping` of message nodes, found nothing/);
  });

  it('refuses input that is no ChatGPT export with invalid_history and a path', () => {
    expect(() => fromChatGPTExport('{"hello": 1}')).toThrow(expect.objectContaining({ code: 'invalid_history', path: [0] }));
    expect(() => fromChatGPTExport('[{"chat_messages": []}]')).toThrow(/not a ChatGPT export: its first conversation looks like a Claude export/);
    expect(() => fromChatGPTExport('[{"mapping": {}}')).toThrow(expect.objectContaining({ code: 'invalid_history' }));
    expect(() => fromChatGPTExport('not json')).toThrow(expect.objectContaining({ code: 'invalid_history', path: [] }));
  });

  it('takes the parsed value as well as the text, with the same result', () => {
    const value = [branchingConversation(), toolsConversation()];
    expect(fromChatGPTExport(value)).toEqual(fromChatGPTExport(JSON.stringify(value)));
  });

  it('detects the format from text and from the parsed value', () => {
    expect(detectExportFormat(JSON.stringify([toolsConversation()]))).toBe('chatgpt');
    expect(detectExportFormat([toolsConversation()])).toBe('chatgpt');
  });
});

describe('fromChatGPTExport: turns', () => {
  it('never merges two answers across a user message that was left out (an image-only question)', () => {
    const { conversations: [result] } = convert(conversation('c', 'Photos', [
      ['root', null, null],
      ['u1', 'root', message('u1', 'user', text('Hello'), {}, 1)],
      ['a1', 'u1', message('a1', 'assistant', text('Hi!'), {}, 2)],
      ['u2', 'a1', message('u2', 'user', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: 'sediment://x' }] }, {}, 3)],
      ['a2', 'u2', message('a2', 'assistant', text('A cat.'), {}, 4)],
    ], 'a2'));
    expect(headTranscript(result!)).toEqual(['user: Hello', 'assistant: Hi!', 'assistant: A cat.']);
  });
});
