// Parts that differ between AI SDK UIMessage versions, each stored and given back unchanged.
// v5: tool states input-streaming/input-available/output-available/output-error, `rawInput` on a
// failed call without input, dynamic-tool, data-*/source-* parts. v6: tool approval
// (approval-requested, approval-responded, output-denied and `approval`). v7: custom and
// reasoning-file parts, text `citations`, file `providerReference`, `toolMetadata`.
import { convertToModelMessages, validateUIMessages, type UIMessage as AiUIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromUIMessages, toUIMessages } from '../../src/ai-sdk/index.js';
import { unansweredToolCalls } from './model-messages.js';

const question: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go.' }] };

const chats: Record<string, AiUIMessage[]> = {
  v5: [question, { id: 'a1', role: 'assistant', metadata: { model: 'm' }, parts: [
    { type: 'step-start' },
    { type: 'tool-weather', toolCallId: 'c1', state: 'output-error', input: undefined, rawInput: '{"ci', errorText: 'bad input' },
    { type: 'dynamic-tool', toolName: 'lookup', toolCallId: 'c2', state: 'output-available', input: { q: 1 }, output: [1, 2] },
    { type: 'source-url', sourceId: 's1', url: 'https://example.com/' },
    { type: 'data-status', id: 'd1', data: { phase: 'done' } },
    { type: 'step-start' },
    { type: 'reasoning', text: 'Done.', state: 'done', providerMetadata: { anthropic: { signature: 'sig' } } },
    { type: 'text', text: 'Fine.', state: 'done' },
  ] }],
  v6: [question, { id: 'a1', role: 'assistant', parts: [
    { type: 'step-start' },
    { type: 'tool-delete', toolCallId: 'c1', state: 'output-denied', input: { path: '/' }, approval: { id: 'ap1', approved: false, reason: 'No.' } },
    { type: 'tool-read', toolCallId: 'c2', state: 'output-available', input: {}, output: 'ok', approval: { id: 'ap2', approved: true } },
    { type: 'step-start' },
    { type: 'text', text: 'Not deleted.' },
  ] }],
  v7: [{ id: 'u1', role: 'user', parts: [
    { type: 'text', text: 'See file.' },
    { type: 'file', mediaType: 'application/pdf', filename: 'a.pdf', url: 'https://example.com/a.pdf', providerReference: { openai: 'file_1' } },
  ] }, { id: 'a1', role: 'assistant', parts: [
    { type: 'step-start' },
    { type: 'reasoning-file', mediaType: 'image/png', url: 'data:image/png;base64,iVBO' },
    { type: 'custom', kind: 'openai.compaction', providerMetadata: { openai: { id: 'x' } } },
    { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: { q: 'a' }, output: { hits: 2 }, toolMetadata: { ui: 'compact' }, title: 'Search' },
    { type: 'step-start' },
    { type: 'text', text: 'Per the file…', citations: [] },
  ] }],
};

describe.each(Object.entries(chats))('UIMessage %s parts', (_version, ui) => {
  it('round-trip unchanged and stay acceptable to ai', async () => {
    const { messages, warnings } = fromUIMessages(ui);
    expect(warnings).toEqual([]);
    const back = toUIMessages<AiUIMessage>(messages);
    expect(back).toEqual(ui);
    await expect(validateUIMessages({ messages: back })).resolves.toBeDefined();
    expect(unansweredToolCalls(await convertToModelMessages(back))).toEqual([]);
  });
});

describe('v6 approval still waiting', () => {
  it('an approval-responded call that never ran is settled, not left pending', () => {
    const { messages, settled } = fromUIMessages([question, { id: 'a1', role: 'assistant', parts: [
      { type: 'step-start' },
      { type: 'tool-delete', toolCallId: 'c1', state: 'approval-responded', input: {}, approval: { id: 'ap', approved: true } },
    ] }]);
    expect(settled).toEqual(['c1']);
    expect(toUIMessages(messages)[1]!.parts[1]).toEqual({ type: 'tool-delete', toolCallId: 'c1', state: 'output-error', input: {}, errorText: 'The tool call did not complete.' });
  });
});
