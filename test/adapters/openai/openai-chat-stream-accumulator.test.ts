import { describe, expect, it } from 'vitest';
import { OpenAIChatStreamAccumulator } from '../../../src/adapters/openai/openai-chat-stream-accumulator.js';
import type { OpenAIChatCompletionChunk } from '../../../src/adapters/openai/openai-types.js';
import { isConvologError } from '../../../src/core/error.js';
import { fed, fixture, GENERATED_CALL_ID } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface StreamFixture { chunks: (OpenAIChatCompletionChunk | string)[]; text: string; message: unknown; envelope: unknown }

const feed = (chunks: readonly (OpenAIChatCompletionChunk | string)[]): OpenAIChatStreamAccumulator =>
  fed(new OpenAIChatStreamAccumulator(), chunks);

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): OpenAIChatCompletionChunk =>
  ({ id: 'chatcmpl-9', model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }] }) as OpenAIChatCompletionChunk;

describe('OpenAIChatStreamAccumulator', () => {
  it.each(['stream-parallel-tool-calls', 'stream-reasoning'])('assembles %s into the message and envelope in the fixture', (name) => {
    const golden = fixture<StreamFixture>('openai', name);
    const accumulator = feed(deepFreeze(golden.chunks));
    expect(accumulator.text).toBe(golden.text);
    const { message, envelope, warnings } = accumulator.finish();
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
    expect(warnings).toStrictEqual([]);
  });

  it('shows partial text and partial calls while streaming', () => {
    const golden = fixture<StreamFixture>('openai', 'stream-parallel-tool-calls');
    const accumulator = feed(golden.chunks.slice(0, 5));
    expect(accumulator.text).toBe('Checking both.');
    expect(accumulator.snapshot()).toStrictEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking both.' },
        { type: 'tool_call', id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', arguments: '{"lo' },
      ],
    });
  });

  it('snapshots are copies: changing one does not change the accumulator', () => {
    const accumulator = feed([chunk({ content: 'Hel' })]);
    const snapshot = accumulator.snapshot();
    (snapshot.content[0] as { text: string }).text = 'changed';
    accumulator.push(chunk({ content: 'lo' }, 'stop'));
    expect(accumulator.finish().message.content).toStrictEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('throws `incomplete_stream` for a stream that ended before its finish_reason, never a half call', () => {
    const golden = fixture<StreamFixture>('openai', 'stream-parallel-tool-calls');
    const error = thrownBy(() => feed(golden.chunks.slice(0, 8)).finish());
    expect(isConvologError(error, 'incomplete_stream')).toBe(true);
    expect((error as { details?: Record<string, unknown> }).details?.reason).toBe('no_terminal_event');
  });

  it('throws `incomplete_stream` for a finished stream whose tool arguments do not parse', () => {
    const accumulator = feed([
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const error = thrownBy(() => accumulator.finish());
    expect(isConvologError(error, 'incomplete_stream')).toBe(true);
    expect((error as { details?: Record<string, unknown> }).details).toMatchObject({ reason: 'invalid_tool_call', toolCallId: 'call_1' });
  });

  it('with allowIncomplete, keeps the text, drops every tool call (finished or not) with a warning, and reports `aborted`', () => {
    const golden = fixture<StreamFixture>('openai', 'stream-parallel-tool-calls');
    const { message, envelope, warnings } = feed(golden.chunks.slice(0, 8)).finish({ allowIncomplete: true });
    expect(message).toStrictEqual({ role: 'assistant', content: [{ type: 'text', text: 'Checking both.' }] });
    expect(envelope).toMatchObject({ id: 'chatcmpl-123', model: 'gpt-4o-mini', provider: 'openai', finishReason: 'aborted' });
    expect(envelope).not.toHaveProperty('finishReasonRaw');
    expect(warningKeys(warnings)).toStrictEqual([
      { code: 'dropped_block', blockIndex: 1 },
      { code: 'dropped_block', blockIndex: 2 },
    ]);
    expect(envelope.warnings).toHaveLength(2);
  });

  it('with allowIncomplete, a finished stream with broken arguments is a stopped turn too', () => {
    const accumulator = feed([
      chunk({ content: 'Sure' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const { message, envelope } = accumulator.finish({ allowIncomplete: true });
    expect(message.content).toStrictEqual([{ type: 'text', text: 'Sure' }]);
    expect(envelope.finishReason).toBe('aborted');
    expect(envelope.finishReasonRaw).toBe('tool_calls');
  });

  it('a stream that did complete finishes normally whatever allowIncomplete says', () => {
    const golden = fixture<StreamFixture>('openai', 'stream-parallel-tool-calls');
    const { message, envelope, warnings } = feed(golden.chunks).finish({ allowIncomplete: true });
    expect(message).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
    expect(warnings).toStrictEqual([]);
  });

  it('generates an id for a call streamed without one', () => {
    const { message } = feed([
      chunk({ tool_calls: [{ index: 0, type: 'function', function: { name: 'f', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
    ]).finish();
    expect((message.content[0] as { id: string }).id).toMatch(GENERATED_CALL_ID);
  });

  it('separates parallel calls a server sends all at index 0 by their ids', () => {
    const { message } = feed([
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'call_b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } }] }),
      chunk({}, 'tool_calls'),
    ]).finish();
    expect(message.content).toStrictEqual([
      { type: 'tool_call', id: 'call_a', name: 'f', arguments: '{"x":1}' },
      { type: 'tool_call', id: 'call_b', name: 'g', arguments: '{"y":2}' },
    ]);
  });

  it('reads only choice 0 and ignores the [DONE] sentinel', () => {
    const accumulator = feed([
      { id: 'c', choices: [{ index: 1, delta: { content: 'other choice' }, finish_reason: null }] },
      chunk({ content: 'mine' }),
      '[DONE]',
      chunk({}, 'length'),
    ]);
    const { message, envelope } = accumulator.finish();
    expect(message.content).toStrictEqual([{ type: 'text', text: 'mine' }]);
    expect(envelope.finishReason).toBe('length');
  });

  it('keeps an error reported inside the stream in the incomplete_stream details', () => {
    const error = thrownBy(() => feed([chunk({ content: 'a' }), { error: { message: 'upstream overloaded' } }]).finish());
    expect((error as { details?: Record<string, unknown> }).details?.error).toStrictEqual({ message: 'upstream overloaded' });
  });
});
