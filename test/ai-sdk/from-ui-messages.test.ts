import type { UIMessage as AiUIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/core/validate.js';
import { fromUIMessages, toUIMessages, UI_MESSAGE_ID_KEY } from '../../src/ai-sdk/index.js';

const question: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather?' }] };

function answerWith(...parts: AiUIMessage['parts']): AiUIMessage {
  return { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Let me look.' }, ...parts] };
}

const pendingParts: AiUIMessage['parts'] = [
  { type: 'tool-weather', toolCallId: 'c1', state: 'input-streaming', input: { ci: 1 } },
  { type: 'tool-weather', toolCallId: 'c2', state: 'input-available', input: { city: 'Oslo' } },
  { type: 'tool-weather', toolCallId: 'c3', state: 'approval-requested', input: { city: 'Bergen' }, approval: { id: 'a' } },
  { type: 'tool-weather', toolCallId: 'c4', state: 'output-available', input: {}, output: 'partial', preliminary: true },
];

describe('fromUIMessages', () => {
  it('stores a plain exchange as plain messages, the UIMessage ids in appData', () => {
    const { messages } = fromUIMessages([question, { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Sunny.' }] }]);
    expect(messages).toEqual([
      { role: 'user', content: 'Weather?', appData: { [UI_MESSAGE_ID_KEY]: 'u1' } },
      { role: 'assistant', content: [{ type: 'text', text: 'Sunny.' }], appData: { [UI_MESSAGE_ID_KEY]: 'a1' } },
    ]);
  });

  it('settles tool parts that never finished with error results, by default', () => {
    const { messages, settled, warnings } = fromUIMessages([question, answerWith(...pendingParts)]);
    expect(settled).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(warnings).toEqual([]);
    expect(validate(messages, 'sendable')).toEqual([]);
    expect(messages.slice(2).map((message) => message.role === 'tool' && [message.toolCallId, message.isError])).toEqual([
      ['c1', true], ['c2', true], ['c3', true], ['c4', true],
    ]);
    const back = toUIMessages(messages)[1]!.parts.slice(2);
    expect(back.map((part) => 'state' in part && part.state)).toEqual(['output-error', 'output-error', 'output-error', 'output-error']);
  });

  it("drops them with a warning each under pending: 'drop'", () => {
    const { messages, settled, warnings } = fromUIMessages([question, answerWith(...pendingParts)], { pending: 'drop' });
    expect(settled).toEqual([]);
    expect(warnings.map((warning) => [warning.code, warning.messageIndex, warning.blockIndex])).toEqual([
      ['dropped_block', 1, 2], ['dropped_block', 1, 3], ['dropped_block', 1, 4], ['dropped_block', 1, 5],
    ]);
    expect(messages.slice(1)).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }], appData: { [UI_MESSAGE_ID_KEY]: 'a1' } }]);
  });

  it('splits an assistant UIMessage at step-start: each step one assistant message, then its results', () => {
    const { messages } = fromUIMessages([question, answerWith(
      { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: { celsius: 12 } },
      { type: 'step-start' },
      { type: 'text', text: '12°C.' },
    )]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[2]).toEqual({ role: 'tool', toolCallId: 'c1', toolName: 'weather', content: '{"celsius":12}' });
  });

  it('keeps a denied call as an error result with the reason', () => {
    const { messages } = fromUIMessages([question, answerWith({
      type: 'tool-weather', toolCallId: 'c1', state: 'output-denied', input: {}, approval: { id: 'a', approved: false, reason: 'Not now' },
    })]);
    expect(messages[2]).toMatchObject({ role: 'tool', toolCallId: 'c1', content: 'Not now', isError: true });
  });

  it('leaves system UIMessages out with a warning', () => {
    const { messages, warnings } = fromUIMessages([{ id: 's', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] }, question]);
    expect(messages).toHaveLength(1);
    expect(warnings).toMatchObject([{ code: 'dropped_block', messageIndex: 0 }]);
  });

  it('refuses what is not an array, and an unknown pending mode', () => {
    expect(() => fromUIMessages({} as never)).toThrow(expect.objectContaining({ name: 'ConvologError', code: 'invalid_message', path: [] }));
    expect(() => fromUIMessages([], { pending: 'keep' as never })).toThrow(RangeError);
  });
});
