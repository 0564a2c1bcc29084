// Property: whatever tree a ChatGPT or claude.ai export holds (any mix of hidden nodes, empty
// nodes, built-in tool traffic, branches), every converted conversation is well formed, every
// branch is resumable, and the head is the entry of the node the user was on (or of its nearest
// kept ancestor).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromChatGPTExport, fromClaudeExport } from '../../src/importers/index.js';
import { conversation, message, text } from './fixtures/chatgpt-fixtures.js';
import { claudeMessage, ROOT, textBlock } from './fixtures/claude-fixtures.js';
import { expectWellFormed } from './tree-checks.js';

type Json = Record<string, unknown>;

const NODE_KINDS: ((id: string, offset: number) => Json | null)[] = [
  () => null,
  (id, offset) => message(id, 'user', text(`question ${id}`), {}, offset),
  (id, offset) => message(id, 'assistant', text(`answer ${id}`), {}, offset),
  (id, offset) => message(id, 'system', text(''), { metadata: { is_visually_hidden_from_conversation: true } }, offset),
  (id, offset) => message(id, 'assistant', { content_type: 'thoughts', thoughts: [{ summary: 's', content: 'thinking' }] }, {}, offset),
  (id, offset) => message(id, 'assistant', { content_type: 'reasoning_recap', content: 'Thought for 1s' }, {}, offset),
  (id, offset) => message(id, 'assistant', { content_type: 'code', language: 'python', text: 'print(1)' }, { recipient: 'python' }, offset),
  (id, offset) => message(id, 'tool', { content_type: 'execution_output', text: '1' }, { authorName: 'python' }, offset),
  (id, offset) => message(id, 'assistant', { content_type: 'code', text: '{"q":"x"}' }, { recipient: 'web.run' }, offset),
  (id, offset) => message(id, 'tool', { content_type: 'tether_browsing_display', result: '' }, { authorName: 'web.run' }, offset),
  (id, offset) => message(id, 'user', { content_type: 'multimodal_text', parts: [{ content_type: 'image_asset_pointer', asset_pointer: 'sediment://f' }] }, {}, offset),
];

/** A random tree: node i's parent is one of the nodes before it (or none). */
const treeShape = fc.array(fc.record({ parent: fc.nat(), kind: fc.nat({ max: NODE_KINDS.length - 1 }), offset: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 40 });

describe('converted trees: every branch resumable, the head where the user was', () => {
  it('ChatGPT mapping trees', () => {
    fc.assert(fc.property(treeShape, fc.nat(), (shape, headPick) => {
      const rows = shape.map((node, index): [string, string | null, Json | null] => {
        const parent = index === 0 ? null : `n${node.parent % index}`;
        return [`n${index}`, parent, NODE_KINDS[node.kind]!(`n${index}`, node.offset)];
      });
      const current = `n${headPick % rows.length}`;
      const { conversations: [result], warnings } = fromChatGPTExport([conversation('c', 'Random', rows, current)]);
      if (result === undefined) {
        expect(warnings.at(-1)?.message).toMatch(/holds no message convolog can carry/);
        return;
      }
      expectWellFormed(result);
      const kept = new Set(result!.entries.map((entry) => entry.id));
      const parentOf = new Map(rows.map(([id, parent]) => [id, parent]));
      // The head names the nearest ancestor-or-self of current_node that is an entry, or a message folded into one.
      let expected: string | null = current;
      while (expected !== null && !kept.has(expected)) expected = parentOf.get(expected) ?? null;
      const head = result!.conversation.headId;
      if (head === expected) return;
      // current_node (or an ancestor below `expected`) was folded into an entry: the head is that entry, an ancestor of current_node.
      let node: string | null = current;
      const ancestors = new Set<string>();
      while (node !== null) { ancestors.add(node); node = parentOf.get(node) ?? null; }
      expect(head === null ? false : ancestors.has(head)).toBe(true);
    }), { numRuns: 300 });
  });

  it('claude.ai parent-linked messages', () => {
    fc.assert(fc.property(treeShape, (shape) => {
      const messages = shape.map((node, index) => claudeMessage(`m${index}`, node.kind % 2 === 0 ? 'human' : 'assistant',
        node.kind === 0 ? [] : [textBlock(`text ${index}`)],
        { parent: index === 0 || node.parent % (index + 1) === index ? ROOT : `m${node.parent % index}`, created_at: new Date(1.7e12 + node.offset * 1000).toISOString() }));
      const { conversations: [result] } = fromClaudeExport([{ uuid: 'c', name: 'Random', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', chat_messages: messages }]);
      if (result !== undefined) expectWellFormed(result);
    }), { numRuns: 300 });
  });
});
