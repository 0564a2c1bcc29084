// Adversarial sizes: nothing in a converter recurses or spreads over input-sized data, and an
// unexpected error inside one conversation skips that conversation only (DESIGN §12). The sizes
// are above what a call's argument list or the stack holds in V8 (about 120,000 arguments).
import { describe, expect, it } from 'vitest';
import { fromChatGPTExport } from '../../src/importers/index.js';
import { rejectionOf, storeFixture } from '../store/store-fixture.js';
import { conversation, message, text } from './fixtures/chatgpt-fixtures.js';
import { expectWellFormed } from './tree-checks.js';

const HUGE = 300_000;
const good = () => conversation('good', 'Good one', [['root', null, null], ['u', 'root', message('u', 'user', text('hi'), {}, 1)]], 'u');

describe('adversarial sizes in a ChatGPT export', () => {
  it('a code node with hundreds of thousands of backtick runs converts, fenced longer than its longest run, and the other conversations import', () => {
    const code = '`a'.repeat(HUGE) + '````b';
    const hostile = conversation('ticks', 'Ticks', [
      ['root', null, null], ['u', 'root', message('u', 'user', text('run it'), {}, 1)],
      ['c', 'u', message('c', 'assistant', { content_type: 'code', language: 'python', text: code }, {}, 2)],
    ], 'c');
    const { conversations, warnings } = fromChatGPTExport(JSON.stringify([hostile, good()]));
    expect(warnings).toEqual([]);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['ticks', 'good']);
    const answer = conversations[0]!.entries[1]!.message;
    expect(answer).toEqual({ role: 'assistant', content: [{ type: 'text', text: `\`\`\`\`\`python\n${code}\n\`\`\`\`\`` }] });
  });

  it('a node with hundreds of thousands of children converts every branch', () => {
    const rows: [string, string | null, Record<string, unknown> | null][] = [['root', null, null]];
    for (let index = 0; index < HUGE; index++) rows.push([`n${index}`, 'root', message(`n${index}`, 'user', text(`m${index}`), {}, index)]);
    const { conversations: [result], warnings } = fromChatGPTExport([conversation('wide', 'Wide', rows, 'n0')]);
    expect(warnings).toEqual([]);
    expect(result!.entries).toHaveLength(HUGE);
    expect(result!.entries.every((entry) => entry.parentId === null)).toBe(true);
  }, 120_000);

  it('an assistant run whose node holds hundreds of thousands of thoughts folds into one message', () => {
    const thoughts = Array.from({ length: HUGE }, (_, index) => ({ summary: '', content: `t${index}` }));
    const rows: [string, string | null, Record<string, unknown> | null][] = [
      ['root', null, null], ['u', 'root', message('u', 'user', text('think'), {}, 1)],
      ['a1', 'u', message('a1', 'assistant', text('First.'), {}, 2)],
      ['a2', 'a1', message('a2', 'assistant', { content_type: 'thoughts', thoughts }, {}, 3)],
    ];
    const { conversations: [result] } = fromChatGPTExport([conversation('deep-thought', 'Deep thought', rows, 'a2')]);
    expect(result!.entries).toHaveLength(2);
    const content = (result!.entries[1]!.message as { content: unknown[] }).content;
    expect(content).toHaveLength(HUGE + 1);
    expect(content.at(-1)).toEqual({ type: 'reasoning', text: `t${HUGE - 1}` });
  }, 120_000);

  it('a message with hundreds of thousands of parts held by reference gives one warning each, and the conversation imports', () => {
    const parts: unknown[] = Array.from({ length: HUGE }, () => ({ content_type: 'image_asset_pointer', asset_pointer: 'file-service://x' }));
    parts.push('look at these');
    const rows: [string, string | null, Record<string, unknown> | null][] = [
      ['root', null, null], ['u', 'root', message('u', 'user', { content_type: 'multimodal_text', parts }, {}, 1)],
    ];
    const { conversations, warnings } = fromChatGPTExport([conversation('photos', 'Photos', rows, 'u'), good()]);
    expect(conversations).toHaveLength(2);
    expect(warnings).toHaveLength(HUGE);
    expect(warnings[0]).toMatchObject({ code: 'dropped_block', conversationId: 'photos' });
  }, 120_000);

  it('a mapping of 100,000 nodes in one chain of assistant nodes folds without overflowing', () => {
    const rows: [string, string | null, Record<string, unknown> | null][] = [['root', null, null], ['u', 'root', message('u', 'user', text('go'), {}, 0)]];
    for (let index = 0; index < 100_000; index++) rows.push([`a${index}`, index === 0 ? 'u' : `a${index - 1}`, message(`a${index}`, 'assistant', text(`p${index}`), {}, index + 1)]);
    const { conversations: [result] } = fromChatGPTExport([conversation('chain', 'Chain', rows, 'a99999')]);
    expectWellFormed(result!);
    expect(result!.entries).toHaveLength(2);
    expect((result!.entries[1]!.message as { content: unknown[] }).content).toHaveLength(100_000);
  }, 120_000);

  it('an unexpected error inside one conversation skips that conversation only', () => {
    const throwing = { title: 'Trap', conversation_id: 'trap', current_node: 'u', get mapping(): never { throw new TypeError('a getter that throws') } };
    const { conversations, warnings } = fromChatGPTExport([good(), throwing, { ...good(), conversation_id: 'good-2' }]);
    expect(conversations.map((result) => result.conversation.id)).toEqual(['good', 'good-2']);
    expect(warnings).toEqual([expect.objectContaining({ code: 'skipped_conversation', conversationId: 'trap', conversationTitle: 'Trap', messageIndex: 1 })]);
    expect(warnings[0]!.message).toMatch(/Skipped “Trap” \(trap\): .*a getter that throws/);
  });
});

describe('adversarial sizes on the store\'s import path', () => {
  const stores = storeFixture();

  it('an entry with hundreds of thousands of bad blocks is invalid_history naming the entry, not a RangeError, and nothing is written', async () => {
    const store = await stores.open();
    const [exported] = fromChatGPTExport([good()]).conversations;
    const content = Array.from({ length: HUGE }, () => ({ type: 'text', text: 5 }));
    const hostile = { ...exported!, entries: [{ ...exported!.entries[0]!, message: { role: 'assistant', content } }] };
    const error = await rejectionOf(store.importConversation(hostile));
    expect(error).toMatchObject({ code: 'invalid_history' });
    // Chromium's and WebKit's stacks overflow inside zod, which leaves the entry as the place; Firefox's
    // deeper stack lets zod finish and name the block: either way the path starts at the entry.
    expect((error as { path: unknown[] }).path.slice(0, 2)).toEqual(['entries', 0]);
    expect(await store.listConversations()).toEqual([]);
  }, 120_000);
});
