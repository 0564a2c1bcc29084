// Our AnthropicStreamAccumulator against @anthropic-ai/sdk's own MessageStream on random streams:
// fed the same events (as NDJSON through MessageStream.fromReadableStream), the SDK's final
// message read by fromAnthropicMessage gives the message and envelope our accumulator gives.
import { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnthropicStreamAccumulator } from '../../../src/adapters/anthropic/anthropic-stream-accumulator.js';
import type { AnthropicStreamEvent } from '../../../src/adapters/anthropic/anthropic-types.js';
import { fromAnthropicMessage } from '../../../src/adapters/anthropic/from-anthropic-message.js';
import { cuts, fed, ndjsonStream, pieces } from '../helpers.js';

const RUNS = 150;
type Event = Record<string, unknown>;

const text = fc.string({ maxLength: 24 });

const blockSpec = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), text: text.filter((value) => value !== ''), cuts }),
  fc.record({ kind: fc.constant('thinking' as const), thinking: text, signature: fc.string({ minLength: 1, maxLength: 12 }), cuts }),
  fc.record({ kind: fc.constant('tool_use' as const), name: fc.constantFrom('get_weather', 'search'), input: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }), cuts }),
);
type BlockSpec = typeof blockSpec extends fc.Arbitrary<infer Value> ? Value : never;

function blockEvents(spec: BlockSpec, index: number): Event[] {
  const stop = { type: 'content_block_stop', index };
  switch (spec.kind) {
    case 'text':
      return [
        { type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } },
        ...pieces(spec.text, spec.cuts).map((delta) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: delta } })),
        stop,
      ];
    case 'thinking':
      return [
        { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } },
        ...pieces(spec.thinking, spec.cuts).map((delta) => ({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: delta } })),
        { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: spec.signature } },
        stop,
      ];
    case 'tool_use':
      return [
        { type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: spec.name, input: {} } },
        ...pieces(JSON.stringify(spec.input), spec.cuts).map((delta) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: delta } })),
        stop,
      ];
  }
}

const usage = { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 4 };

function stream(specs: BlockSpec[], stopReason: string): Event[] {
  return [
    { type: 'message_start', message: { id: 'msg_random', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage } },
    ...specs.flatMap(blockEvents),
    { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 42 } },
    { type: 'message_stop' },
  ];
}

async function sdkMessage(events: Event[]): Promise<unknown> {
  const messageStream = MessageStream.fromReadableStream(ndjsonStream(events));
  return messageStream.finalMessage();
}

describe('AnthropicStreamAccumulator agrees with @anthropic-ai/sdk\'s MessageStream (property)', { timeout: 120_000 }, () => {
  it('gives the message and envelope fromAnthropicMessage gives for the SDK\'s final message', async () => {
    const streams = fc.tuple(fc.array(blockSpec, { minLength: 1, maxLength: 5 }), fc.constantFrom('end_turn', 'tool_use', 'max_tokens'));
    await fc.assert(fc.asyncProperty(streams, async ([specs, stopReason]) => {
      const events = stream(specs, stopReason);
      const expected = fromAnthropicMessage(await sdkMessage(events));
      const { message, envelope } = fed(new AnthropicStreamAccumulator(), events as AnthropicStreamEvent[]).finish();
      expect(message).toStrictEqual(expected.message);
      expect(envelope).toStrictEqual(expected.envelope);
    }), { numRuns: RUNS });
  });
});
