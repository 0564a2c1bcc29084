// The contract every stream accumulator shares (DESIGN §7), run against each provider's.
import { describe, expect, it } from 'vitest';
import { AnthropicStreamAccumulator } from '../../../src/adapters/anthropic/anthropic-stream-accumulator.js';
import { GeminiStreamAccumulator } from '../../../src/adapters/gemini/gemini-stream-accumulator.js';
import { OpenAIChatStreamAccumulator } from '../../../src/adapters/openai/openai-chat-stream-accumulator.js';
import type { StreamAccumulator } from '../../../src/adapters/shared/stream-accumulator.js';
import { isConvologError } from '../../../src/core/error.js';
import { fixture, withGeneratedIds } from '../helpers.js';
import { thrownBy } from '../../support/thrown-by.js';

const cases: [string, () => StreamAccumulator<never>, () => unknown[]][] = [
  ['OpenAI', () => new OpenAIChatStreamAccumulator() as StreamAccumulator<never>, () => fixture<{ chunks: unknown[] }>('openai', 'stream-parallel-tool-calls').chunks],
  ['Anthropic', () => new AnthropicStreamAccumulator() as StreamAccumulator<never>, () => fixture<{ events: unknown[] }>('anthropic', 'stream-thinking-parallel-tools').events],
  ['Gemini', () => new GeminiStreamAccumulator() as StreamAccumulator<never>, () => fixture<{ chunks: unknown[] }>('gemini', 'stream-thoughts-function-calls').chunks],
];

describe.each(cases)('%s stream accumulator contract', (_name, create, chunks) => {
  it('an empty stream is incomplete; with allowIncomplete it is an empty, aborted turn', () => {
    const accumulator = create();
    const thrown = thrownBy(() => accumulator.finish());
    expect(isConvologError(thrown, 'incomplete_stream')).toBe(true);
    const { message, envelope, warnings } = accumulator.finish({ allowIncomplete: true });
    expect(message).toStrictEqual({ role: 'assistant', content: [] });
    expect(envelope.finishReason).toBe('aborted');
    expect(warnings).toStrictEqual([]);
  });

  it('every prefix of a stream either throws incomplete_stream or is the whole turn; allowIncomplete never returns a tool call', () => {
    const all = chunks();
    const whole = create();
    for (const chunk of all) whole.push(chunk as never);
    const complete = whole.finish();
    for (let length = 0; length <= all.length; length++) {
      const accumulator = create();
      for (const chunk of all.slice(0, length)) accumulator.push(chunk as never);
      const stopped = accumulator.finish({ allowIncomplete: true });
      if (stopped.envelope.finishReason === 'aborted') {
        expect(stopped.message.content.some((block) => block.type === 'tool_call')).toBe(false);
        expect(() => accumulator.finish()).toThrow(/ended before|incomplete tool call/);
      } else {
        // Complete once the terminal event arrived (OpenAI's usage chunk may still follow it).
        expect(accumulator.finish()).toStrictEqual(stopped);
        expect(withGeneratedIds(stopped.message)).toStrictEqual(withGeneratedIds(complete.message));
      }
    }
  });

  it('finish can be called again and gives the same turn', () => {
    const accumulator = create();
    for (const chunk of chunks()) accumulator.push(chunk as never);
    const first = accumulator.finish();
    expect(accumulator.finish()).toStrictEqual(first);
  });

  it('ignores values that are not chunks', () => {
    const accumulator = create();
    for (const junk of [null, undefined, 42, 'x']) accumulator.push(junk as never);
    expect(accumulator.snapshot()).toStrictEqual({ role: 'assistant', content: [] });
  });
});
