import { describe, expect, it } from 'vitest';
import { prepareContext } from '../../../src/adapters/shared/conversion-context.js';
import { toolResultText } from '../../../src/adapters/shared/tool-result-text.js';
import type { Message, ToolMessage } from '../../../src/core/message.js';
import { warningKeys } from '../../support/warning-keys.js';

const result: ToolMessage = {
  role: 'tool', toolCallId: 'c1', toolName: 'capture',
  content: [
    { type: 'text', text: 'first', providerData: { openai: { note: 1 } } },
    { type: 'file', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
    { type: 'text', text: 'second' },
  ],
};
const history: Message[] = [
  { role: 'user', content: 'Go' },
  { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'capture', arguments: '{}' }] },
  result,
];

describe('toolResultText', () => {
  it('keeps string content as it is', () => {
    const context = prepareContext(history, ['openai']);
    expect(toolResultText({ ...result, content: 'plain' }, 2, context, 'API')).toBe('plain');
    expect(context.warnings).toStrictEqual([]);
  });

  it('joins text parts with a newline and leaves out every other part with a warning naming it', () => {
    const context = prepareContext(history, ['openai']);
    expect(toolResultText(context.messages[2] as ToolMessage, 2, context, 'API')).toBe('first\nsecond');
    expect(warningKeys(context.warnings)).toStrictEqual([{ code: 'dropped_block', messageIndex: 2, blockIndex: 1 }]);
    expect(context.warnings[0]!.message).toBe('Left out a `file` part at item 1 of message 2: API tool results carry text only');
  });

  it('reports state of the given namespace on a text part, which one text has no place for', () => {
    const context = prepareContext(history, ['openai']);
    toolResultText(context.messages[2] as ToolMessage, 2, context, 'API', 'openai');
    expect(warningKeys(context.warnings)).toStrictEqual([
      { code: 'dropped_provider_data', messageIndex: 2, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 2, blockIndex: 1 },
    ]);
  });
});
