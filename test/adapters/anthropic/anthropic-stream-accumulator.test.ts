import { describe, expect, it } from 'vitest';
import { AnthropicStreamAccumulator } from '../../../src/adapters/anthropic/anthropic-stream-accumulator.js';
import type { AnthropicStreamEvent } from '../../../src/adapters/anthropic/anthropic-types.js';
import { isConvologError } from '../../../src/core/error.js';
import { fed, fixture } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface StreamFixture { events: AnthropicStreamEvent[]; text: string; message: unknown; envelope: unknown }

const feed = (chunks: readonly AnthropicStreamEvent[]): AnthropicStreamAccumulator => fed(new AnthropicStreamAccumulator(), chunks);

describe('AnthropicStreamAccumulator', () => {
  it('assembles thinking, text and parallel tool calls into the message and envelope in the fixture', () => {
    const golden = fixture<StreamFixture>('anthropic', 'stream-thinking-parallel-tools');
    const accumulator = feed(deepFreeze(golden.events));
    expect(accumulator.text).toBe(golden.text);
    const { message, envelope, warnings } = accumulator.finish();
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
    expect(warnings).toStrictEqual([]);
  });

  it('shows the partial turn while streaming', () => {
    const golden = fixture<StreamFixture>('anthropic', 'stream-thinking-parallel-tools');
    const accumulator = feed(golden.events.slice(0, 8));
    expect(accumulator.text).toBe('Checking ');
    expect(accumulator.snapshot().content.map((block) => block.type)).toStrictEqual(['reasoning', 'text']);
  });

  it('throws `incomplete_stream` without `message_stop`, even after the stop reason', () => {
    const golden = fixture<StreamFixture>('anthropic', 'stream-thinking-parallel-tools');
    const error = thrownBy(() => feed(golden.events.slice(0, -1)).finish());
    expect(isConvologError(error, 'incomplete_stream')).toBe(true);
  });

  it('keeps the error event of a failed stream in the details', () => {
    const golden = fixture<StreamFixture>('anthropic', 'stream-thinking-parallel-tools');
    const events = [...golden.events.slice(0, 10), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } as AnthropicStreamEvent];
    const error = thrownBy(() => feed(events).finish());
    expect((error as { details?: Record<string, unknown> }).details?.error).toStrictEqual({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('with allowIncomplete, keeps thinking and text, drops every tool call, and reports `aborted`', () => {
    const golden = fixture<StreamFixture>('anthropic', 'stream-thinking-parallel-tools');
    const { message, envelope, warnings } = feed(golden.events.slice(0, 15)).finish({ allowIncomplete: true });
    expect(message.content.map((block) => block.type)).toStrictEqual(['reasoning', 'text']);
    expect(envelope.finishReason).toBe('aborted');
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', blockIndex: 2 }]);
  });

  it('throws for a completed stream whose tool input does not parse', () => {
    const events: AnthropicStreamEvent[] = [
      { type: 'message_start', message: { id: 'msg_1', model: 'claude', content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a": tr' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 5 } },
      { type: 'message_stop' },
    ];
    expect(isConvologError(thrownBy(() => feed(events).finish()), 'incomplete_stream')).toBe(true);
    expect(feed(events).finish({ allowIncomplete: true }).message.content).toStrictEqual([]);
  });

  it('keeps a tool call without input deltas as `{}`, and a redacted thinking block as it started', () => {
    const events: AnthropicStreamEvent[] = [
      { type: 'message_start', message: { id: 'msg_2', model: 'claude', content: [], usage: { input_tokens: 3, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'EmwKAhgB' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_9', name: 'now', input: {} } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 7 } },
      { type: 'message_stop' },
    ];
    const { message, envelope } = feed(events).finish();
    expect(message.content).toStrictEqual([
      { type: 'reasoning', text: '', providerData: { anthropic: { redactedData: 'EmwKAhgB' } } },
      { type: 'tool_call', id: 'toolu_9', name: 'now', arguments: '{}' },
    ]);
    expect(envelope.usage).toStrictEqual({ inputTokens: 3, outputTokens: 7 });
  });
});
