// Hostile and broken exports: each gives a clear error (or skips just the bad conversation), never
// a crash, a hang, a polluted prototype or a half-converted conversation.
import { describe, expect, it } from 'vitest';
import { fromChatGPTExport, fromOpenWebUIExport, iterateExport } from '../../src/importers/index.js';
import { conversation, message, text } from './fixtures/chatgpt-fixtures.js';
import { owuChat, owuMessage } from './fixtures/open-webui-fixtures.js';
import { expectWellFormed } from './tree-checks.js';

const good = () => conversation('good', 'Good one', [['root', null, null], ['u', 'root', message('u', 'user', text('hi'), {}, 1)]], 'u');

describe('hostile exports', () => {
  it('a cycle of parent links skips that conversation, naming the cycle, and keeps the others', () => {
    const cyclic = conversation('cyclic', 'Loop', [
      ['root', null, null],
      ['a', 'b', message('a', 'user', text('a'))],
      ['b', 'a', message('b', 'assistant', text('b'))],
    ], 'a');
    const { conversations, warnings } = fromChatGPTExport([cyclic, good()]);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['good']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'skipped_conversation', conversationId: 'cyclic', path: [0, 'mapping', 'a'] });
    expect(warnings[0]!.message).toMatch(/cycle of parent links \(a → b → a → b → …\)/);
  });

  it('a node that is its own parent is a cycle too; an unknown parent is named', () => {
    const self = conversation('self', 'Self', [['a', 'a', message('a', 'user', text('a'))]], 'a');
    const orphan = conversation('orphan', 'Orphan', [['a', 'nowhere', message('a', 'user', text('a'))]], 'a');
    const { conversations, warnings } = fromChatGPTExport([self, orphan]);
    expect(conversations).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/Skipped “Self” \(self\): Message "a" is on a cycle/),
      expect.stringMatching(/Skipped “Orphan” \(orphan\): Message "a" follows "nowhere", which is not in this conversation/),
    ]);
  });

  it('a mapping of 100,000 nodes in one chain converts without overflowing the stack', () => {
    const rows: [string, string | null, Record<string, unknown> | null][] = [['root', null, null]];
    for (let index = 0; index < 100_000; index++) {
      rows.push([`n${index}`, index === 0 ? 'root' : `n${index - 1}`, message(`n${index}`, index % 2 === 0 ? 'user' : 'assistant', text(`m${index}`), {}, index)]);
    }
    const { conversations: [result], warnings } = fromChatGPTExport(JSON.stringify([conversation('long', 'Long', rows, 'n99999')]));
    expect(warnings).toEqual([]);
    expect(result!.entries).toHaveLength(100_000);
    expect(result!.entries.at(-1)).toMatchObject({ id: 'n99999', parentId: 'n99998', seq: 100_000 });
    expect(result!.conversation.headId).toBe('n99999');
  }, 120_000);

  it('deeply nested JSON inside a message is not walked, and deep nesting around the file is refused clearly', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const withDeepPart = JSON.stringify([conversation('deep', 'Deep', [['root', null, null], ['u', 'root', message('u', 'user', text('x'), { metadata: {} }, 1)]], 'u')])
      .replace('"metadata":{}', `"metadata":{"nested":${deep}}`);
    expect(fromChatGPTExport(withDeepPart).conversations).toHaveLength(1);
    expect(() => fromChatGPTExport(`[${deep}]`)).toThrow(expect.objectContaining({ code: 'invalid_history', path: [0] }));
  });

  it('__proto__ keys stay data: no prototype is touched, and the node converts like any other', () => {
    const textJson = JSON.stringify([conversation('proto', 'Proto', [['root', null, null]], '__proto__')])
      .replace('"mapping":{', '"mapping":{"__proto__":{"id":"__proto__","parent":"root","children":[],"message":{"id":"x","author":{"role":"user"},"content":{"content_type":"text","parts":["polluted?"]},"metadata":{"__proto__":{"polluted":true}}}},');
    const { conversations: [result] } = fromChatGPTExport(textJson);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result!.entries).toEqual([expect.objectContaining({ id: '__proto__', message: { role: 'user', content: 'polluted?' } })]);
    expect(Object.getPrototypeOf(result!.entries[0])).toBe(Object.prototype);
    expect(result!.conversation.headId).toBe('__proto__');
  });

  it('non-string texts are a clear error with the path of the bad part; nothing of that conversation is returned', () => {
    for (const part of [42, null, true, ['nested']]) {
      const bad = conversation('bad', 'Bad', [['root', null, null], ['u', 'root', message('u', 'user', text('fine', part), {}, 1)]], 'u');
      const { conversations, warnings } = fromChatGPTExport([bad]);
      expect(conversations).toEqual([]);
      expect(warnings[0]).toMatchObject({ code: 'skipped_conversation', path: [0, 'mapping', 'u', 'message', 'content', 'parts', 1] });
      expect(warnings[0]!.message).toMatch(/Expected a message part to be text, found (a number|null|a boolean|an array)/);
    }
    const owu = owuChat('o', 'O', [owuMessage('m1', null, 'user', 'x', 1), { ...owuMessage('m2', 'm1', 'assistant', '', 2), content: { text: 'object' } }], 'm2');
    expect(fromOpenWebUIExport([owu]).warnings[0]).toMatchObject({ code: 'skipped_conversation', path: [0, 'chat', 'history', 'messages', 'm2', 'content'] });
  });

  it('a conversation whose JSON is broken in the middle of a file is skipped, the rest converts', () => {
    const textJson = `[${JSON.stringify(good())}, {"title": "broken", "mapping": {"a" 1}}, ${JSON.stringify({ ...good(), conversation_id: 'good-2' })}]`;
    const { conversations, warnings } = fromChatGPTExport(textJson);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['good', 'good-2']);
    expect(warnings).toEqual([expect.objectContaining({ code: 'skipped_conversation', path: [1] })]);
  });

  it('a truncated file (a 100 MB download cut off) is refused before anything is yielded', () => {
    const textJson = JSON.stringify([good(), good()]).slice(0, -20);
    const iterator = iterateExport(textJson, 'chatgpt');
    expect(() => iterator.next()).toThrow(expect.objectContaining({ code: 'invalid_history', path: [1] }));
  });

  it('every converted conversation of the hostile file is still well formed', () => {
    const { conversations } = fromChatGPTExport([good()]);
    for (const result of conversations) expectWellFormed(result);
  });
});
